//! One batch's transaction: its units' keys, extras and events written with one statement per
//! table, and each unit's answer (`super` says which units gather and when).

use std::any::{Any, TypeId};
use std::collections::HashSet;

use sqlx::PgPool;

use super::{Pending, Reply, Waiting};
use crate::store::extra::{Extra, Stamp};
use crate::store::unit::{insert_events, AppendError, Conflicts, KeyWrite, Part};

/// Why a batch was not written.
enum Unwritten {
    /// Before its commit: nothing is written.
    Refused(AppendError),
    /// At its commit: whether it was written is unknown.
    Commit(sqlx::Error),
}

/// Writes one batch and answers each of its units.
pub(super) async fn write(pool: &PgPool, batch: Vec<Waiting>) {
    let units: Vec<&Pending> = batch.iter().map(|w| &w.pending).collect();
    let replies = match together(pool, &units).await {
        Ok(replies) => replies,
        // One unit: its own failure, as alone.
        Err(Unwritten::Refused(e)) if units.len() == 1 => vec![Reply::Failed(e)],
        Err(Unwritten::Refused(_)) => units.iter().map(|_| Reply::Alone).collect(),
        Err(Unwritten::Commit(e)) => {
            let lost = e.to_string();
            units
                .iter()
                .map(|_| Reply::Failed(AppendError::Db(sqlx::Error::Io(std::io::Error::other(lost.clone())))))
                .collect()
        }
    };
    for (waiting, reply) in batch.into_iter().zip(replies) {
        let _ = waiting.reply.send((waiting.pending, reply));
    }
}

/// The batch's transaction: the keys, the extras kind by kind, the events, the commit. A unit
/// whose key was recorded meanwhile is left out and answered `KeyTaken`. A unit that lost one of
/// its streams to another writer (its load is older than that writer's commit) is answered
/// `StreamMoved`, as alone, and the others are written again without it, from a savepoint taken
/// with the `begin`: one lost race does not send the whole batch back to commit unit by unit.
async fn together(pool: &PgPool, units: &[&Pending]) -> Result<Vec<Reply>, Unwritten> {
    let refused = |e: sqlx::Error| Unwritten::Refused(AppendError::from(e));
    let mut tx = pool
        .begin_with(format!("{}; savepoint gathered", crate::store::BEGIN))
        .await
        .map_err(refused)?;
    let mut replies: Vec<Option<Reply>> = units.iter().map(|_| None).collect();
    loop {
        let keyed: Vec<&KeyWrite> = units
            .iter()
            .zip(&replies)
            .filter(|(_, reply)| reply.is_none())
            .filter_map(|(u, _)| u.key.as_ref())
            .collect();
        let taken: HashSet<String> = match keyed.is_empty() {
            true => HashSet::new(),
            false => KeyWrite::take_all(&keyed, &mut tx).await.map_err(refused)?,
        };
        for (unit, reply) in units.iter().zip(replies.iter_mut()) {
            if let (None, Some(k)) = (&reply, &unit.key) {
                if !taken.contains(&k.key) {
                    *reply = Some(Reply::Failed(AppendError::KeyTaken));
                }
            }
        }
        let written: Vec<usize> = (0..units.len()).filter(|i| replies[*i].is_none()).collect();
        if written.is_empty() {
            break;
        }
        let pending: Vec<&Pending> = written.iter().map(|i| units[*i]).collect();
        let stamps = before_all(&pending, &mut tx).await.map_err(Unwritten::Refused)?;
        let parts: Vec<Part<'_>> = pending
            .iter()
            .map(|u| Part {
                writes: &u.writes,
                metadata: &u.metadata,
                key: u.key.as_ref().map(|k| k.key.as_str()),
            })
            .collect();
        let landed = insert_events(&parts, &stamps, Conflicts::Skip, &mut *tx)
            .await
            .map_err(Unwritten::Refused)?;
        if landed.iter().any(Option::is_none) {
            for (i, appended) in written.iter().zip(&landed) {
                if appended.is_none() {
                    replies[*i] = Some(Reply::Failed(AppendError::StreamMoved));
                }
            }
            sqlx::query("rollback to savepoint gathered")
                .execute(&mut *tx)
                .await
                .map_err(refused)?;
            continue;
        }
        for extra in pending.iter().flat_map(|u| &u.extras) {
            extra.after(&mut tx).await.map_err(refused)?;
        }
        for (i, appended) in written.iter().zip(landed) {
            replies[*i] = appended.map(Reply::Done);
        }
        break;
    }
    tx.commit().await.map_err(Unwritten::Commit)?;
    Ok(replies
        .into_iter()
        .map(|r| r.unwrap_or(Reply::Failed(AppendError::Db(sqlx::Error::RowNotFound))))
        .collect())
}

/// Every unit's extras, kind by kind in the order the kinds first appear, each kind through one
/// `before_all`; the stamps they give.
async fn before_all(units: &[&Pending], tx: &mut sqlx::PgConnection) -> Result<Vec<Stamp>, AppendError> {
    let mut kinds: Vec<(TypeId, Vec<&dyn Extra>)> = Vec::new();
    for extra in units.iter().flat_map(|u| &u.extras) {
        let extra: &dyn Extra = extra.as_ref();
        let kind = (extra as &dyn Any).type_id();
        match kinds.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, same)) => same.push(extra),
            None => kinds.push((kind, vec![extra])),
        }
    }
    let mut stamps = Vec::new();
    for (_, same) in &kinds {
        stamps.extend(same[0].before_all(same, &mut *tx).await?);
    }
    Ok(stamps)
}
