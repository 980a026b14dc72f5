//! A unit of work's guards: streams it read to decide but does not write. A lab job's order
//! reads its sale; the sale's edit and deletion read its job. Optimistic concurrency covers only
//! the streams a unit writes, so two units that each read what the other writes could both
//! commit on what they read (a job in course for a deleted sale). A unit with guards first takes
//! a transaction lock per stream it guards or writes, in one order for every unit, then checks
//! that its guarded streams did not grow: of two such units, the second waits for the first,
//! sees its events and runs again.

use sqlx::PgConnection;

/// A stream a unit read, at the length it read.
pub(crate) struct Guard {
    pub aggregate_type: &'static str,
    pub id: String,
    pub base: usize,
}

/// The advisory locks' key space ('guar'), apart from the projector's one-key locks and the
/// cash days' space.
const LOCK_SPACE: i32 = 0x6775_6172;

/// The stream types some unit guards: a unit with guards locks the streams it writes of these
/// types only (two units of a pair then share a lock; the other streams they write, products'
/// say, keep their own optimistic check).
const GUARDED: [&str; 2] = [
    optica_events::movements::MOVEMENT_AGGREGATE,
    optica_events::jobs::JOB_AGGREGATE,
];

/// Whether units may guard streams of this type.
pub(crate) fn guardable(aggregate_type: &str) -> bool {
    GUARDED.contains(&aggregate_type)
}

/// Takes the locks of the guarded and `written` streams, then answers whether every guarded
/// stream still has the length it was read at. It relies on READ COMMITTED (each statement sees
/// what committed before it began): the check must be a statement after the locks.
pub(crate) async fn hold<'a>(
    tx: &mut PgConnection,
    guards: &'a [Guard],
    written: impl Iterator<Item = (&'a str, &'a str)>,
) -> Result<bool, sqlx::Error> {
    let keys: Vec<String> = guards
        .iter()
        .map(|g| (g.aggregate_type, g.id.as_str()))
        .chain(written.filter(|(t, _)| guardable(t)))
        .map(|(t, id)| format!("{t}:{id}"))
        .collect();
    // Locked in the order of their hashes, one order for every unit, so two units never wait
    // on each other in a cycle (a collision only makes two streams share a lock).
    let hashes: Vec<i32> = sqlx::query_scalar("select distinct hashtext(k) from unnest($1::text[]) k order by 1")
        .bind(&keys)
        .fetch_all(&mut *tx)
        .await?;
    for hash in hashes {
        sqlx::query("select pg_advisory_xact_lock($1, $2)")
            .bind(LOCK_SPACE)
            .bind(hash)
            .execute(&mut *tx)
            .await?;
    }
    // A new statement: its snapshot sees what the unit that held a lock committed.
    let (types, ids, bases): (Vec<&str>, Vec<&str>, Vec<i64>) = guards
        .iter()
        .map(|g| (g.aggregate_type, g.id.as_str(), g.base as i64))
        .fold(Default::default(), |(mut t, mut i, mut b), (gt, gi, gb)| {
            t.push(gt);
            i.push(gi);
            b.push(gb);
            (t, i, b)
        });
    sqlx::query_scalar(
        "select not exists (
             select 1 from unnest($1::text[], $2::text[], $3::bigint[]) as g(t, i, n)
             where coalesce((select max(sequence) from events
                             where aggregate_type = g.t and aggregate_id = g.i), 0) <> g.n)",
    )
    .bind(&types)
    .bind(&ids)
    .bind(&bases)
    .fetch_one(&mut *tx)
    .await
}
