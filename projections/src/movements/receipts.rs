//! Receipt numbers: sales' into `receipts` (one row per sale), collected payments' into
//! `collection_receipts`.
//!
//! A sale's receipt is numbered here: its number is its place among its branch's receipts in
//! the log's order, `(tx_id, position)`, the order the projector applies events in. Only
//! committed events reach the projector, so the numbers have no gaps; the order is stored with
//! the events, so a rebuild gives every receipt the number it had; and a branch's sales never
//! queue on a counter row in their own transactions. Receipts appended before this carry the
//! number their transaction took, and the numbering goes on after the highest.

use std::collections::HashMap;

use async_trait::async_trait;
use optica_events::movements::{MovimientoEvent, MOVEMENT_AGGREGATE};
use sqlx::PgConnection;

use crate::{Projection, ProjectionError, StoredEvent};

pub struct ReceiptsProjection;

#[async_trait]
impl Projection for ReceiptsProjection {
    identity!("receipts", ["receipts"]);

    async fn apply(&self, conn: &mut PgConnection, event: &StoredEvent) -> Result<(), ProjectionError> {
        self.apply_batch(conn, std::slice::from_ref(event)).await
    }

    /// Every sale of a batch has its receipt: one statement for all of them, not one per sale.
    async fn apply_batch(&self, conn: &mut PgConnection, events: &[StoredEvent]) -> Result<(), ProjectionError> {
        let (mut movimientos, mut locales, mut dados) = (Vec::new(), Vec::new(), Vec::new());
        for event in events {
            // Only this event matters here; the others are not decoded.
            if event.aggregate_type != MOVEMENT_AGGREGATE || !event.payload.starts_with("{\"ComprobanteEmitido\"") {
                continue;
            }
            if let MovimientoEvent::ComprobanteEmitido { local_id, numero } = event.decode()? {
                movimientos.push(event.numeric_id()?);
                locales.push(local_id);
                dados.push(numero);
            }
        }
        if !movimientos.is_empty() {
            let mut wanting: Vec<i64> = locales
                .iter()
                .zip(&dados)
                .filter(|(_, n)| n.is_none())
                .map(|(l, _)| *l)
                .collect();
            wanting.sort_unstable();
            wanting.dedup();
            let last: HashMap<i64, i64> = if wanting.is_empty() {
                HashMap::new()
            } else {
                // One step down the `(local_id, numero)` key per branch, however many receipts
                // it has (a rebuild's copy has no statistics for a plan to trust).
                sqlx::query_as::<_, (i64, Option<i64>)>(
                    "select l, (select numero from receipts where local_id = l order by numero desc limit 1)
                     from unnest($1::bigint[]) as l",
                )
                .bind(&wanting)
                .fetch_all(&mut *conn)
                .await?
                .into_iter()
                .filter_map(|(local, numero)| Some((local, numero?)))
                .collect()
            };
            let numeros = in_order(last, &locales, &dados);
            execute!(
                conn,
                "insert into receipts (movimiento_id, local_id, numero)
                 select * from unnest($1::bigint[], $2::bigint[], $3::bigint[])";
                &movimientos, &locales, &numeros
            )?;
        }
        Ok(())
    }
}

/// Collected payments' receipts into `collection_receipts`, one row per receipt.
pub struct CollectionReceiptsProjection;

#[async_trait]
impl Projection for CollectionReceiptsProjection {
    identity!("collection_receipts", ["collection_receipts"]);

    async fn apply(&self, conn: &mut PgConnection, event: &StoredEvent) -> Result<(), ProjectionError> {
        if event.aggregate_type != MOVEMENT_AGGREGATE || !event.payload.starts_with("{\"ReciboEmitido\"") {
            return Ok(());
        }
        if let MovimientoEvent::ReciboEmitido {
            local_id,
            numero,
            pago_id,
            metodo_pago_id,
            monto,
            fecha,
            saldo_anterior,
            saldo,
        } = event.decode()?
        {
            execute!(
                conn,
                "insert into collection_receipts (local_id, numero, movimiento_id, pago_id, metodo_pago_id,
                     monto_cents, fecha, saldo_anterior_cents, saldo_cents)
                 values ($1, $2, $3, $4, $5, $6, $7, $8, $9)";
                local_id, numero, event.numeric_id()?, pago_id, metodo_pago_id, monto.cents(), fecha,
                saldo_anterior.cents(), saldo.cents()
            )?;
        }
        Ok(())
    }
}

/// The numbers of a run of receipts in the log's order, given each branch's last number so far:
/// a receipt that carries its number keeps it (and the branch goes on after it), one that does
/// not takes the branch's next.
fn in_order(mut last: HashMap<i64, i64>, locales: &[i64], dados: &[Option<i64>]) -> Vec<i64> {
    locales
        .iter()
        .zip(dados)
        .map(|(local, dado)| {
            let top = last.entry(*local).or_insert(0);
            let numero = dado.unwrap_or(*top + 1);
            *top = (*top).max(numero);
            numero
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_branch_goes_on_from_its_last_number_in_the_given_order() {
        let last = HashMap::from([(1, 7)]);
        let numeros = in_order(last, &[1, 2, 1, 2, 3], &[None, None, None, None, None]);
        assert_eq!(numeros, [8, 1, 9, 2, 1]);
    }

    #[test]
    fn a_receipt_that_carries_its_number_keeps_it_and_the_next_follow_it() {
        let numeros = in_order(HashMap::new(), &[1, 1, 1, 2], &[Some(1), Some(2), None, None]);
        assert_eq!(numeros, [1, 2, 3, 1]);
    }
}
