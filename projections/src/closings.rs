//! Cash days into `cash_days` and `cash_day_methods`: where each day stands and, per method (and
//! card plan), its float and the figures of its last count. A handful of events per branch and day, so each is
//! applied on its own.

use async_trait::async_trait;
use optica_events::closings::{CajaEvent, PorMetodo, CASH_DAY_AGGREGATE};
use sqlx::PgConnection;

use crate::{Projection, ProjectionError, StoredEvent};

pub struct CashDaysProjection;

#[async_trait]
impl Projection for CashDaysProjection {
    identity!("cash_days", ["cash_days", "cash_day_methods"]);

    async fn apply(&self, conn: &mut PgConnection, event: &StoredEvent) -> Result<(), ProjectionError> {
        let Some(id) = event.id_in(CASH_DAY_AGGREGATE)? else {
            return Ok(());
        };
        let caja: CajaEvent = event.decode()?;
        let (local_id, dia) = caja.day();
        execute!(
            conn,
            "insert into cash_days (id, local_id, dia, estado, conteos, reaperturas, version)
             values ($1, $2, $3, 'ABIERTA', 0, 0, $4)
             on conflict (id) do update set version = excluded.version";
            id, local_id, dia, event.sequence
        )?;
        match caja {
            CajaEvent::CajaAbierta { fondo, .. } => {
                execute!(conn, "update cash_day_methods set fondo_cents = 0 where cash_day_id = $1"; id)?;
                write_methods(conn, id, "fondo_cents", &fondo).await?;
            }
            CajaEvent::CajaContada { contado, esperado, .. } => {
                counted(conn, id, &contado, &esperado).await?;
                execute!(conn, "update cash_days set conteos = conteos + 1 where id = $1"; id)?;
            }
            CajaEvent::CajaCerrada {
                contado,
                esperado,
                motivo,
                ..
            } => {
                counted(conn, id, &contado, &esperado).await?;
                execute!(
                    conn,
                    "update cash_days set conteos = conteos + 1, estado = 'CERRADA', motivo = $2 where id = $1";
                    id, motivo
                )?;
            }
            // A reopening undoes the closing, so the day no longer carries that closing's reason.
            CajaEvent::CajaReabierta { motivo, .. } => {
                execute!(
                    conn,
                    "update cash_days set estado = 'ABIERTA', reaperturas = reaperturas + 1, motivo = null,
                     motivo_reapertura = $2 where id = $1";
                    id, motivo
                )?;
            }
        }
        Ok(())
    }
}

/// The figures of a count replace the previous count's.
async fn counted(
    conn: &mut PgConnection,
    id: i64,
    contado: &[PorMetodo],
    esperado: &[PorMetodo],
) -> Result<(), ProjectionError> {
    execute!(conn, "update cash_day_methods set esperado_cents = 0, contado_cents = 0 where cash_day_id = $1"; id)?;
    write_methods(conn, id, "esperado_cents", esperado).await?;
    write_methods(conn, id, "contado_cents", contado).await
}

/// Sets one column per method and plan, adding the line's row when it has none.
async fn write_methods(
    conn: &mut PgConnection,
    id: i64,
    column: &'static str,
    amounts: &[PorMetodo],
) -> Result<(), ProjectionError> {
    let metodos: Vec<i64> = amounts.iter().map(|p| p.metodo_pago_id).collect();
    let cuotas: Vec<i32> = amounts.iter().map(|p| p.cuotas.map_or(0, |c| c as i32)).collect();
    let cents: Vec<i64> = amounts.iter().map(|p| p.monto.cents()).collect();
    let sql = format!(
        "insert into cash_day_methods (cash_day_id, metodo_pago_id, cuotas, {column})
         select $1, m, q, c from unnest($2::bigint[], $3::int[], $4::bigint[]) as u(m, q, c)
         on conflict (cash_day_id, metodo_pago_id, cuotas) do update set {column} = excluded.{column}"
    );
    execute!(conn, &sql; id, &metodos, &cuotas, &cents)?;
    Ok(())
}
