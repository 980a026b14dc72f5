//! The cash days' service: opening a day with its float, counting it (closing it when the
//! count matches) and reopening it. The count decides under the days' lock (see `ledger.rs`).

use chrono::NaiveDate;
use optica_events::closings::{day_key, CajaEvent, PorMetodo, CASH_DAY_ID_SEQUENCE, CASH_DAY_SCOPE};
use optica_events::EventMetadata;

use super::ledger::{ledger_sums, lock_key, Dia, LOCK_SPACE};
use crate::closings::{Caja, CajaCommand, CajaError};
use crate::{CommandError, EventStore, Outcome, StoreError};

/// The stream of a branch's day, if it has one.
pub async fn day_stream(store: &EventStore, local_id: i64, dia: NaiveDate) -> Result<Option<i64>, StoreError> {
    let holder = store.holder(CASH_DAY_SCOPE, &day_key(local_id, dia)).await?;
    Ok(holder.and_then(|id| id.parse().ok()))
}

/// What each method's drawer of a branch's day should hold now: its float plus what the day's
/// committed movements put in or took out (the closing's own sources). A check before money
/// leaves, not a count: read outside any unit, so a command holds no connection while it waits
/// for another.
pub async fn drawer(store: &EventStore, day: Dia) -> Result<Vec<PorMetodo>, StoreError> {
    let mut holds = {
        let mut conn = store.pool().acquire().await?;
        ledger_sums(&mut conn, day).await?
    };
    if let Some(id) = day_stream(store, day.0, day.1).await? {
        let (caja, _) = store.load::<Caja>(&id.to_string()).await?;
        holds.extend(caja.fondo().iter().cloned());
    }
    // Per method, whatever plan the money came in on.
    let whole: Vec<PorMetodo> = holds.into_iter().map(|h| PorMetodo { cuotas: None, ..h }).collect();
    Ok(crate::closings::esperado(&whole, &[]))
}

/// Opens a day with its float, or corrects the float of a day still open.
pub async fn open(
    store: &EventStore,
    (local_id, dia): Dia,
    hoy: NaiveDate,
    fondo: Vec<PorMetodo>,
    admin: bool,
    metadata: &EventMetadata,
) -> Result<Outcome<CajaEvent>, CommandError<CajaError>> {
    let command = CajaCommand::Abrir {
        local_id,
        dia,
        hoy,
        fondo,
        admin,
    };
    run(store, "apertura", (local_id, dia), None, metadata, Some(command)).await
}

/// Records a count: closes the day when it matches the expected figures (the float plus the
/// day's ledger, read under the day's lock) or comes with a reason.
pub async fn count(
    store: &EventStore,
    (local_id, dia): Dia,
    hoy: NaiveDate,
    contado: Vec<PorMetodo>,
    motivo: Option<String>,
    metadata: &EventMetadata,
) -> Result<Outcome<CajaEvent>, CommandError<CajaError>> {
    let command = |movimientos| CajaCommand::Contar {
        local_id,
        dia,
        hoy,
        contado: contado.clone(),
        movimientos,
        motivo: motivo.clone(),
    };
    run(store, "cierre", (local_id, dia), Some(&command), metadata, None).await
}

/// An admin reopens a closed day, with the reason.
pub async fn reopen(
    store: &EventStore,
    (local_id, dia): Dia,
    motivo: String,
    metadata: &EventMetadata,
) -> Result<Outcome<CajaEvent>, CommandError<CajaError>> {
    let command = CajaCommand::Reabrir { local_id, dia, motivo };
    run(store, "reapertura", (local_id, dia), None, metadata, Some(command)).await
}

/// The command a count makes from the day's ledger sums.
type Counting<'a> = &'a (dyn Fn(Vec<PorMetodo>) -> CajaCommand + Sync);

/// Runs a command on the day's stream (created under the day's claim on first use) in one
/// transaction. A count (`counting`) first takes the day's lock exclusive and reads the ledger;
/// everything that needs another connection happens before the lock.
async fn run(
    store: &EventStore,
    operation: &str,
    day: Dia,
    counting: Option<Counting<'_>>,
    metadata: &EventMetadata,
    plain: Option<CajaCommand>,
) -> Result<Outcome<CajaEvent>, CommandError<CajaError>> {
    let claim = day_key(day.0, day.1);
    let (claim, plain) = (claim.as_str(), &plain);
    let operation = format!("{operation}:{}:{}", day.0, day.1);
    let mut round = 0;
    loop {
        round += 1;
        // Two first uses of a day race for its claim: the loser runs again on the winner's stream.
        let attempt = store
            .run(metadata, &operation, move || async move {
                let (id, caja, base, fresh) = match day_stream(store, day.0, day.1).await? {
                    Some(id) => {
                        let (caja, base) = store.load::<Caja>(&id.to_string()).await?;
                        (id, caja, base, false)
                    }
                    None => (store.next_id(CASH_DAY_ID_SEQUENCE).await?, Caja::default(), 0, true),
                };
                let mut unit = store.unit();
                let command = match (counting, plain) {
                    (Some(counting), _) => {
                        let tx = unit.transaction().await?;
                        sqlx::query("select pg_advisory_xact_lock($1, $2)")
                            .bind(LOCK_SPACE)
                            .bind(lock_key(day))
                            .execute(&mut *tx)
                            .await
                            .map_err(StoreError::from)?;
                        counting(ledger_sums(tx, day).await.map_err(StoreError::from)?)
                    }
                    (None, Some(command)) => command.clone(),
                    (None, None) => return Err(StoreError::Persistence("no command".into()).into()),
                };
                let key = id.to_string();
                if fresh {
                    unit.claim(CASH_DAY_SCOPE, claim, &key);
                }
                let caja = unit.handle_loaded(&key, caja, base, command, &()).await?;
                let recorded = caja
                    .last()
                    .cloned()
                    .ok_or_else(|| StoreError::Persistence("no event".into()))?;
                Ok((unit, recorded))
            })
            .await;
        match attempt {
            Err(CommandError::Duplicate { scope, .. }) if scope == CASH_DAY_SCOPE && round < 3 => continue,
            other => return other,
        }
    }
}
