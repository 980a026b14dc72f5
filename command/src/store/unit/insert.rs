//! The unit's one statement that appends its events: every stream's, in stream order, with the
//! streams that became alive and the references that changed; an event that takes a counter is
//! staged in it and appended as the transaction commits.

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
        // The event that takes a counter's next value: staged apart from the others.
        let counted: Option<(&Counter, &Stamp)> = stamps.iter().find_map(|stamp| match &stamp.value {
            StampValue::Next(counter) => Some((counter, stamp)),
            StampValue::Known(_) => None,
        });
        let mut staged: Option<StagedEvent> = None;
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
                let sequence = (write.base + offset + 1) as i64;
                if let Some((counter, stamp)) = counted.filter(|(_, stamp)| {
                    stamp.aggregate_type == write.aggregate_type
                        && stamp.id == write.id
                        && stamp.event_type == event_type
                }) {
                    // Appended at the commit, after every other event of the unit: an event
                    // after it in its stream would chain its hash to an event not there yet.
                    if offset + 1 != write.events.len() {
                        return Err(AppendError::Db(sqlx::Error::Protocol(format!(
                            "the event {event_type} that takes a counter is not its stream's last in the unit"
                        ))));
                    }
                    staged = Some(StagedEvent {
                        counter,
                        field: stamp.field,
                        aggregate_type: write.aggregate_type,
                        aggregate_id: &write.id,
                        sequence,
                        event_type,
                        event_version: version,
                        payload,
                    });
                    continue;
                }
                c.aggregate_type.push(write.aggregate_type);
                c.aggregate_id.push(&write.id);
                c.sequence.push(sequence);
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
        // The event that takes a counter is staged rather than inserted: a deferred trigger
        // appends it inside the commit with the counter's next value (migration 0040), so the
        // counter's row is held only while PostgreSQL commits, never across a round trip (see
        // `Counter`). Its position is taken here, after the other events' (it counts them
        // first), so the unit knows where its last event lands.
        // Its values are parameters of their own rather than a row picked out of the arrays: a
        // filter on a parameter would let each call's plan differ, and the statement be planned
        // anew every time.
        let (staged_cte, staged_rows) = match staged {
            Some(_) => (
                ", staged as (
                     insert into counted_events (position, aggregate_type, aggregate_id, sequence, event_type,
                                                 event_version, payload, metadata, field, counter_table,
                                                 key_column, value_column, counter_key)
                     select nextval(pg_get_serial_sequence('events', 'position')), $16, $17, $18, $19, $20, $21, $7,
                            $22, $23, $24, $25, $26
                     from (select count(*) from inserted) as after_the_others
                     returning pg_current_xact_id()::text::bigint as tx_id, position)",
                " union all select tx_id, position from staged",
            ),
            None => ("", ""),
        };
        // The key's row learns where the events landed in this statement rather than in one of
        // its own: one round trip less for every keyed unit.
        let key_cte = match key {
            Some(_) => format!(
                ", landed as (
                     update idempotency_keys k set tx_id = last.tx_id, position = last.position
                     from (select tx_id, position from appended order by tx_id desc, position desc limit 1) last
                     where k.key = ${})",
                COLUMN_PARAMS + if staged.is_some() { STAGED_PARAMS } else { 0 } + 1
            ),
            None => String::new(),
        };
        let sql = format!(
            "with born as (
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
                 select t, i, s, e, v, p, $7
                 from unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::json[])
                      with ordinality as u(t, i, s, e, v, p, n)
                 order by n
                 returning tx_id::text::bigint as tx_id, position){staged_cte},
             appended as (select tx_id, position from inserted{staged_rows}){key_cte}
             select tx_id, position from appended"
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
        if let Some(e) = &staged {
            query = query
                .bind(e.aggregate_type)
                .bind(e.aggregate_id)
                .bind(e.sequence)
                .bind(e.event_type)
                .bind(e.event_version)
                .bind(e.payload)
                .bind(e.field)
                .bind(e.counter.table)
                .bind(e.counter.key_column)
                .bind(e.counter.value_column)
                .bind(e.counter.key);
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

/// The statement's parameters: the fifteen column arrays (`$1`–`$15`), then, when the unit takes
/// a counter, the staged event's columns, its field and its counter (`$16`–`$26`, as
/// `StagedEvent` lists them), then the idempotency key; bound in that order below.
const COLUMN_PARAMS: usize = 15;
const STAGED_PARAMS: usize = 11;

/// The event that takes a counter's next value, with the counter and the payload field the value
/// goes in.
struct StagedEvent<'a> {
    aggregate_type: &'a str,
    aggregate_id: &'a str,
    sequence: i64,
    event_type: &'a str,
    event_version: &'a str,
    payload: &'a serde_json::Value,
    field: &'a str,
    counter: &'a Counter,
}

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
