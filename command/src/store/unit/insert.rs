//! The unit's one statement that appends its events: every stream's, in stream order, with the
//! streams that became alive and the references that changed.

use super::{AppendError, Stamp, UnitOfWork};
use crate::store::extra::{Counter, StampValue};
use crate::store::links::{is_foreign_key_violation, LinkColumns};
use crate::store::Appended;

impl UnitOfWork<'_> {
    /// Inserts every stream's events with one statement, in stream order (the hash chain links
    /// each event to the one before it, which may be in the same statement), together with the
    /// streams that became alive and the references that changed, and, with `key` (taken
    /// earlier in this transaction), where the events landed in the key's row. Answers where the
    /// last event landed.
    pub(super) async fn insert_events<'c>(
        &self,
        metadata: &serde_json::Value,
        stamps: &[Stamp],
        key: Option<&str>,
        conn: impl sqlx::PgExecutor<'c>,
    ) -> Result<Appended, AppendError> {
        // The events the extras stamped with known values, filled in.
        let stamped: Vec<(&str, &str, &str, serde_json::Value)> = stamps
            .iter()
            .filter_map(|stamp| {
                let StampValue::Known(value) = &stamp.value else {
                    return None;
                };
                let write = self
                    .writes
                    .iter()
                    .find(|w| w.aggregate_type == stamp.aggregate_type && w.id == stamp.id)?;
                let (_, _, payload) = write.events.iter().find(|(e, _, _)| e == stamp.event_type)?;
                let mut payload = payload.clone();
                payload[stamp.event_type][stamp.field] = value.clone();
                Some((stamp.aggregate_type, stamp.id.as_str(), stamp.event_type, payload))
            })
            .collect();
        // The event that takes a counter's next value, found by its place among the inserted ones.
        let counted: Option<(&Counter, &Stamp)> = stamps.iter().find_map(|stamp| match &stamp.value {
            StampValue::Next(counter) => Some((counter, stamp)),
            StampValue::Known(_) => None,
        });
        let mut counted_at: Option<i64> = None;
        let mut c = EventColumns::default();
        let mut l = LinkColumns::default();
        for write in &self.writes {
            for (offset, (event_type, version, payload)) in write.events.iter().enumerate() {
                let payload = match stamped
                    .iter()
                    .find(|(t, id, e, _)| *t == write.aggregate_type && *id == write.id && e == event_type)
                {
                    Some((_, _, _, stamped)) => stamped,
                    None => payload,
                };
                if counted.is_some_and(|(_, stamp)| {
                    stamp.aggregate_type == write.aggregate_type
                        && stamp.id == write.id
                        && stamp.event_type == event_type
                }) {
                    counted_at = Some(c.aggregate_type.len() as i64 + 1);
                }
                c.aggregate_type.push(write.aggregate_type);
                c.aggregate_id.push(&write.id);
                c.sequence.push((write.base + offset + 1) as i64);
                c.event_type.push(event_type);
                c.event_version.push(version);
                c.payload.push(payload);
            }
            if write.live == Some(true) {
                l.born_type.push(write.aggregate_type);
                l.born_id.push(&write.id);
            }
            if let Some(targets) = &write.targets {
                l.from_type.push(write.aggregate_type);
                l.from_id.push(&write.id);
                for (target_type, target_id) in targets {
                    l.by_type.push(write.aggregate_type);
                    l.by_id.push(&write.id);
                    l.target_type.push(target_type);
                    l.target_id.push(target_id);
                }
            }
        }
        // The link statements touch disjoint rows (old links no longer wanted; new links not
        // yet there), so their order within the statement does not matter. The foreign key is
        // checked at the end of the statement.
        // A counter's row is taken here, in the unit's last statement before its commit (see
        // `Counter`); its value goes into the one event's payload. The same statement lets the
        // commit return before its flush, so the row is held without waiting on the disk
        // (`Counter` says why that is safe).
        let counter = counted.zip(counted_at);
        let (counter_cte, payload) = match counter {
            Some(((k, _), _)) => (
                format!(
                    "counter as (
                         insert into {table} ({key}, {value}) values ($16, 1)
                         on conflict ({key}) do update set {value} = {table}.{value} + 1
                         returning {value} as taken, set_config('synchronous_commit', 'off', true) as unflushed),",
                    table = k.table,
                    key = k.key_column,
                    value = k.value_column,
                ),
                "case when n = $17 then jsonb_set(p::jsonb, array[$18, $19], to_jsonb((select taken from counter)))::json
                      else p end",
            ),
            None => (String::new(), "p"),
        };
        // The key's row learns where the events landed in this statement rather than in one of
        // its own: after the counter's row is taken, every round trip more is one the branch's
        // next sale waits for.
        let key_cte = match key {
            Some(_) => format!(
                ", landed as (
                     update idempotency_keys k set tx_id = last.tx_id, position = last.position
                     from (select tx_id, position from inserted order by tx_id desc, position desc limit 1) last
                     where k.key = ${})",
                COLUMN_PARAMS + if counter.is_some() { COUNTER_PARAMS } else { 0 } + 1
            ),
            None => String::new(),
        };
        let sql = format!(
            "with {counter_cte} born as (
                 insert into live_streams (stream_type, stream_id)
                 select * from unnest($8::text[], $9::text[]) on conflict do nothing),
             wanted as (
                 select * from unnest($12::text[], $13::text[], $14::text[], $15::text[])
                     as w(by_type, by_id, target_type, target_id)),
             dropped as (
                 delete from stream_links s using unnest($10::text[], $11::text[]) as f(t, i)
                 where s.by_type = f.t and s.by_id = f.i
                   and not exists (select 1 from wanted w
                                   where w.by_type = s.by_type and w.by_id = s.by_id
                                     and w.target_type = s.target_type and w.target_id = s.target_id)),
             linked as (
                 insert into stream_links (by_type, by_id, target_type, target_id)
                 select * from wanted on conflict do nothing),
             inserted as (
                 insert into events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata)
                 select t, i, s, e, v, {payload}, $7
                 from unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::json[])
                      with ordinality as u(t, i, s, e, v, p, n)
                 order by n
                 returning tx_id::text::bigint as tx_id, position){key_cte}
             select tx_id, position from inserted"
        );
        let mut query = sqlx::query_as(&sql)
            .bind(&c.aggregate_type)
            .bind(&c.aggregate_id)
            .bind(&c.sequence)
            .bind(&c.event_type)
            .bind(&c.event_version)
            .bind(&c.payload)
            .bind(metadata)
            .bind(&l.born_type)
            .bind(&l.born_id)
            .bind(&l.from_type)
            .bind(&l.from_id)
            .bind(&l.by_type)
            .bind(&l.by_id)
            .bind(&l.target_type)
            .bind(&l.target_id);
        if let Some(((counter, stamp), at)) = counter {
            query = query
                .bind(counter.key)
                .bind(at)
                .bind(stamp.event_type)
                .bind(stamp.field);
        }
        if let Some(key) = key {
            query = query.bind(key);
        }
        let landed: Vec<(i64, i64)> = query
            .fetch_all(conn)
            .await
            .map_err(|e| match is_foreign_key_violation(&e) {
                true => AppendError::Missing,
                false => AppendError::from(e),
            })?;
        let last = landed
            .into_iter()
            .max()
            .ok_or(AppendError::Db(sqlx::Error::RowNotFound))?;
        Ok(Appended {
            tx_id: last.0,
            position: last.1,
        })
    }
}

/// The statement's parameters: the fifteen column arrays (`$1`–`$15`), then a counter's key, the
/// counted event's place, its type and field (`$16`–`$19`) when the unit takes one, then the
/// idempotency key; bound in that order below.
const COLUMN_PARAMS: usize = 15;
const COUNTER_PARAMS: usize = 4;

/// A unit's events as one array per column, for `unnest`.
#[derive(Default)]
struct EventColumns<'a> {
    aggregate_type: Vec<&'a str>,
    aggregate_id: Vec<&'a str>,
    sequence: Vec<i64>,
    event_type: Vec<&'a str>,
    event_version: Vec<&'a str>,
    payload: Vec<&'a serde_json::Value>,
}
