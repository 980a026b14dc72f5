//! The one statement that appends events: every stream's of one unit, or of several units that
//! commit together (`store/gather/`), in stream order, with the streams that became alive, the
//! references that changed, the counters' numbers and where each request's key landed.

use std::collections::{BTreeMap, HashMap};

use super::{AppendError, Stamp, StreamWrite};
use crate::store::extra::{Counter, StampValue};
use crate::store::links::{is_foreign_key_violation, LinkColumns};
use crate::store::Appended;

/// One unit's share of the statement.
pub(crate) struct Part<'a> {
    pub(crate) writes: &'a [StreamWrite],
    pub(crate) metadata: &'a serde_json::Value,
    /// The request's `Idempotency-Key`, taken earlier in the transaction: its row learns where
    /// the unit's last event landed.
    pub(crate) key: Option<&'a str>,
}

/// Inserts every part's events with one statement, part after part and each stream's in order
/// (the hash chain links each event to the one before it, which may be in the same statement),
/// together with the streams that became alive and the references that changed. `stamps` (the
/// extras', naming their streams) fill in fields of the events; the counters they name are
/// taken in this statement, before any event is inserted, each once however many events take a
/// number of it. Answers where each part's last event landed, in the parts' order: none for a
/// part that lost an event to another writer, with `Conflicts::Skip` (the caller must then roll
/// the statement back: the other events of that part are in).
pub(crate) async fn insert_events<'c>(
    parts: &[Part<'_>],
    stamps: &[Stamp],
    conflicts: Conflicts,
    conn: impl sqlx::PgExecutor<'c>,
) -> Result<Vec<Option<Appended>>, AppendError> {
    // The payloads with a known stamp filled in, by the event's index: the columns borrow them.
    let filled: Vec<(usize, serde_json::Value)> = known_stamps(parts, stamps);
    let mut c = EventColumns::default();
    let mut l = LinkColumns::default();
    let mut counted = Counted::default();
    // Each part's last event, by its place among the inserted ones (1-based).
    let mut last: Vec<i64> = Vec::with_capacity(parts.len());
    for part in parts {
        for write in part.writes {
            for (offset, (event_type, version, payload)) in write.events.iter().enumerate() {
                let n = c.aggregate_type.len() as i64 + 1;
                if let Some(stamp) = stamp_of(stamps, write, event_type) {
                    if let StampValue::Next(counter) = &stamp.value {
                        counted.push(n, counter, stamp)?;
                    }
                }
                c.aggregate_type.push(write.aggregate_type);
                c.aggregate_id.push(&write.id);
                c.sequence.push((write.base + offset + 1) as i64);
                c.event_type.push(event_type);
                c.event_version.push(version);
                c.payload.push(payload);
                c.metadata.push(part.metadata);
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
        last.push(c.aggregate_type.len() as i64);
    }
    for (at, payload) in &filled {
        c.payload[*at] = payload;
    }
    let keyed: (Vec<&str>, Vec<i64>) = parts
        .iter()
        .zip(&last)
        .filter_map(|(part, n)| part.key.map(|k| (k, *n)))
        .unzip();

    let mut params = Params(15);
    // The link statements touch disjoint rows (old links no longer wanted; new links not yet
    // there), so their order within the statement does not matter. The foreign key is checked at
    // the end of the statement.
    // The counters' rows are taken here, in the unit's last statement before its commit (see
    // `Counter`), all of them before the first event is inserted: the events' select joins one
    // row that sums up the counter's statement, so PostgreSQL runs that statement to its end
    // first, and two statements that take several counters take them in the same (key) order.
    // The same statement lets the commit return before its flush, so the rows are held without
    // waiting on the disk (`Counter` says why that is safe).
    let (counter_cte, numbers_join, payload) = match counted.counter {
        Some(k) => {
            let (keys, at, back, path) = (params.next(), params.next(), params.next(), params.next());
            (
                format!(
                    "counter as (
                         insert into {table} ({key}, {value})
                         select k, count(*) from unnest({keys}::bigint[]) as k group by k order by k
                         on conflict ({key}) do update set {value} = {table}.{value} + excluded.{value}
                         returning {key} as k, {value} as last,
                                   set_config('synchronous_commit', 'off', true) as unflushed),
                     numbers as (select jsonb_object_agg(k::text, last) as last from counter),",
                    table = k.table,
                    key = k.key_column,
                    value = k.value_column,
                ),
                format!(
                    "cross join numbers
                     left join unnest({keys}::bigint[], {at}::bigint[], {back}::bigint[]) as c(k, n, back)
                          on c.n = u.n"
                ),
                format!(
                    "case when c.n is null then p
                          else jsonb_set(p::jsonb, {path}::text[],
                                         to_jsonb((numbers.last ->> c.k::text)::bigint - c.back))::json end"
                ),
            )
        }
        None => (String::new(), String::new(), "p".to_string()),
    };
    // The keys' rows learn where their unit's events landed in this statement rather than in one
    // of its own: after a counter's row is taken, every round trip more is one the branch's next
    // sale waits for. Positions follow the events' order in the statement.
    let key_cte = match keyed.0.is_empty() {
        true => String::new(),
        false => {
            let (keys, at) = (params.next(), params.next());
            format!(
                ", landed as (
                     update idempotency_keys k set tx_id = i.tx_id, position = i.position
                     from unnest({keys}::text[], {at}::bigint[]) as w(key, n)
                     join (select tx_id, position, row_number() over (order by position) as n from inserted) i
                       on i.n = w.n
                     where k.key = w.key)"
            )
        }
    };
    let on_conflict = match conflicts {
        Conflicts::Refuse => "",
        Conflicts::Skip => "on conflict (aggregate_type, aggregate_id, sequence) do nothing",
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
             select t, i, s, e, v, {payload}, m
             from unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::json[], $7::json[])
                  with ordinality as u(t, i, s, e, v, p, m, n)
             {numbers_join}
             order by u.n
             {on_conflict}
             returning aggregate_type, aggregate_id, sequence, tx_id::text::bigint as tx_id, position){key_cte}
         select aggregate_type, aggregate_id, sequence, tx_id, position from inserted"
    );
    let mut query = sqlx::query_as(&sql)
        .bind(&c.aggregate_type)
        .bind(&c.aggregate_id)
        .bind(&c.sequence)
        .bind(&c.event_type)
        .bind(&c.event_version)
        .bind(&c.payload)
        .bind(&c.metadata)
        .bind(&l.born_type)
        .bind(&l.born_id)
        .bind(&l.from_type)
        .bind(&l.from_id)
        .bind(&l.by_type)
        .bind(&l.by_id)
        .bind(&l.target_type)
        .bind(&l.target_id);
    if counted.counter.is_some() {
        let (keys, at, back) = counted.columns();
        query = query.bind(keys).bind(at).bind(back).bind(counted.path());
    }
    if !keyed.0.is_empty() {
        query = query.bind(&keyed.0).bind(&keyed.1);
    }
    let landed: Vec<(String, String, i64, i64, i64)> =
        query
            .fetch_all(conn)
            .await
            .map_err(|e| match is_foreign_key_violation(&e) {
                true => AppendError::Missing,
                false => AppendError::from(e),
            })?;
    // Each part's events that went in, and the last of them.
    let mut part_of: HashMap<(&str, &str, i64), usize> = HashMap::with_capacity(c.sequence.len());
    let mut first = 0;
    for (part, end) in last.iter().enumerate() {
        for n in first..*end as usize {
            part_of.insert((c.aggregate_type[n], c.aggregate_id[n], c.sequence[n]), part);
        }
        first = *end as usize;
    }
    let mut went_in: Vec<(usize, Option<Appended>)> = vec![(0, None); parts.len()];
    for (aggregate_type, aggregate_id, sequence, tx_id, position) in &landed {
        let Some(part) = part_of.get(&(aggregate_type.as_str(), aggregate_id.as_str(), *sequence)) else {
            return Err(AppendError::Db(sqlx::Error::RowNotFound));
        };
        let (count, last) = &mut went_in[*part];
        *count += 1;
        if last.is_none_or(|l| l.position < *position) {
            *last = Some(Appended {
                tx_id: *tx_id,
                position: *position,
            });
        }
    }
    let mut first = 0;
    let mut answers = Vec::with_capacity(parts.len());
    for ((count, appended), end) in went_in.into_iter().zip(&last) {
        let events = *end as usize - first;
        first = *end as usize;
        answers.push(appended.filter(|_| count == events));
    }
    Ok(answers)
}

/// What the events' statement does with an event whose stream already has its sequence (another
/// writer appended first).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Conflicts {
    /// Fails, and nothing of the statement is written.
    Refuse,
    /// Leaves it out and answers which parts lost one.
    Skip,
}

/// The events whose stamp is a known value, by their index in the statement, with the value in
/// its field.
fn known_stamps(parts: &[Part<'_>], stamps: &[Stamp]) -> Vec<(usize, serde_json::Value)> {
    let events = parts
        .iter()
        .flat_map(|p| p.writes)
        .flat_map(|w| w.events.iter().map(move |e| (w, e)));
    events
        .enumerate()
        .filter_map(|(at, (write, (event_type, _, payload)))| {
            let stamp = stamp_of(stamps, write, event_type)?;
            let StampValue::Known(value) = &stamp.value else {
                return None;
            };
            let mut payload = payload.clone();
            payload[stamp.event_type][stamp.field] = value.clone();
            Some((at, payload))
        })
        .collect()
}

/// The stamp an extra gave event `event_type` of `write`'s stream, if any.
fn stamp_of<'s>(stamps: &'s [Stamp], write: &StreamWrite, event_type: &str) -> Option<&'s Stamp> {
    stamps
        .iter()
        .find(|s| s.aggregate_type == write.aggregate_type && s.id == write.id && s.event_type == event_type)
}

/// Numbers the parameters after the fifteen column arrays (`$1`–`$15`), in the order they are
/// bound below.
struct Params(usize);

impl Params {
    fn next(&mut self) -> String {
        self.0 += 1;
        format!("${}", self.0)
    }
}

/// The events that take a counter's next value: one counter (table) per statement, any number
/// of its rows (a branch each).
#[derive(Default)]
struct Counted<'a> {
    counter: Option<&'a Counter>,
    stamp: Option<&'a Stamp>,
    /// (the counter's row, the event's place), in the events' order.
    events: Vec<(i64, i64)>,
}

impl<'a> Counted<'a> {
    fn push(&mut self, n: i64, counter: &'a Counter, stamp: &'a Stamp) -> Result<(), AppendError> {
        match self.counter {
            Some(k)
                if k.table != counter.table
                    || self.stamp.map(|s| (s.event_type, s.field)) != Some((stamp.event_type, stamp.field)) =>
            {
                return Err(AppendError::Db(sqlx::Error::Protocol(
                    "two counters in one statement".into(),
                )))
            }
            Some(_) => {}
            None => {
                self.counter = Some(counter);
                self.stamp = Some(stamp);
            }
        }
        self.events.push((counter.key, n));
        Ok(())
    }

    /// The rows' keys, the events' places and how far each event's number is below the last one
    /// its row takes in this statement (the events take a row's numbers in their order).
    fn columns(&self) -> (Vec<i64>, Vec<i64>, Vec<i64>) {
        let mut left: BTreeMap<i64, i64> = BTreeMap::new();
        for (key, _) in &self.events {
            *left.entry(*key).or_default() += 1;
        }
        let mut columns: (Vec<i64>, Vec<i64>, Vec<i64>) = Default::default();
        for (key, n) in &self.events {
            let remaining = left.entry(*key).or_default();
            *remaining -= 1;
            columns.0.push(*key);
            columns.1.push(*n);
            columns.2.push(*remaining);
        }
        columns
    }

    /// Where the number goes in the counted events' payloads.
    fn path(&self) -> Vec<&'static str> {
        self.stamp.map_or_else(Vec::new, |s| vec![s.event_type, s.field])
    }
}

/// The events as one array per column, for `unnest`.
#[derive(Default)]
struct EventColumns<'a> {
    aggregate_type: Vec<&'a str>,
    aggregate_id: Vec<&'a str>,
    sequence: Vec<i64>,
    event_type: Vec<&'a str>,
    event_version: Vec<&'a str>,
    payload: Vec<&'a serde_json::Value>,
    metadata: Vec<&'a serde_json::Value>,
}
