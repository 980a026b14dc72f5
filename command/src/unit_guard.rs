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

/// Takes the locks of the guarded and `written` streams, then answers whether every guarded
/// stream still has the length it was read at.
pub(crate) async fn hold<'a>(
    tx: &mut PgConnection,
    guards: &'a [Guard],
    written: impl Iterator<Item = (&'a str, &'a str)>,
) -> Result<bool, sqlx::Error> {
    let mut keys: Vec<String> = guards
        .iter()
        .map(|g| (g.aggregate_type, g.id.as_str()))
        .chain(written)
        .map(|(t, id)| format!("{t}:{id}"))
        .collect();
    // One order for every unit: two units never wait on each other in a cycle.
    keys.sort_unstable();
    keys.dedup();
    for key in &keys {
        sqlx::query("select pg_advisory_xact_lock(hashtextextended($1, 0))")
            .bind(key)
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
