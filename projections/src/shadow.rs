//! The tables a rebuild writes aside and puts in place at its end.
//!
//! A rebuild used to empty the live tables and insert every row again inside its transaction:
//! every row then paid for every index as it went in (two thirds of the time of the largest
//! tables), and the live tables came out with a dead version of each row. Instead the rebuild
//! creates an empty copy of each table in a schema of its own, first in the transaction's search
//! path, so that every projection's statements and the SQL functions they call write the copies
//! by the tables' usual names. The copies start with their keys (what `on conflict` and the
//! lookups by key need) and get their other indexes and foreign keys once they are full, each
//! built in one pass. At the end the copies take the live tables' place in one step: readers
//! keep reading the old rows while the rebuild runs and wait only for that step (a lock on each
//! table, held until the commit right after).
//!
//! The copies are made from the catalogue (columns, defaults, identity, checks, keys, indexes,
//! triggers, foreign keys), so a migration needs nothing of its own here. Everything happens in
//! the rebuild's transaction: a failure or a `verify` rolls it all back.

use sqlx::{Acquire, Postgres, Transaction};

use crate::ProjectionError;

/// Where the copies are written.
pub const SHADOW: &str = "optica_rebuild";
/// Where the replaced tables go to be dropped, in the same transaction.
const REPLACED: &str = "optica_replaced";

/// Times the swap is tried again when it loses a deadlock to a reader that holds one of the
/// tables and waits for another.
const SWAP_ATTEMPTS: u32 = 5;

/// The copies of a rebuild's tables and what they get once full.
pub struct Shadow {
    tables: Vec<&'static str>,
    /// Indexes and foreign keys, built after the rows are in.
    deferred: Vec<String>,
    /// The transaction's search path before the rebuild, given back after the swap.
    search_path: String,
}

/// `create …` of a live table's object rewritten for its copy: `on public.t` becomes
/// `on optica_rebuild.t`, and a reference to another copied table points at its copy.
fn retarget(definition: &str, table: &str, tables: &[&'static str]) -> String {
    let on = format!(" ON public.{table} ");
    let mut rewritten = if definition.contains(&on) {
        definition.replacen(&on, &format!(" ON {SHADOW}.{table} "), 1)
    } else {
        definition.to_string()
    };
    for other in tables {
        rewritten = rewritten.replace(
            &format!("REFERENCES public.{other}("),
            &format!("REFERENCES {SHADOW}.{other}("),
        );
    }
    rewritten
}

impl Shadow {
    /// Creates an empty copy of each of `tables` with its keys and triggers, and leaves the
    /// transaction writing the copies.
    pub async fn create(
        tx: &mut Transaction<'_, Postgres>,
        tables: Vec<&'static str>,
    ) -> Result<Shadow, ProjectionError> {
        let search_path: String = sqlx::query_scalar("select current_setting('search_path')")
            .fetch_one(&mut **tx)
            .await?;
        // Definitions read with an empty search path come fully qualified (`public.t`,
        // `public.optica_fold(…)`), so they mean the same thing once the copies come first.
        execute!(&mut **tx, "select set_config('search_path', '', true)";)?;
        // A live table outside the rebuild that points at one inside would lose its foreign key
        // with the replaced table: refuse rather than drop it.
        let outside: Option<(String, String)> = sqlx::query_as(
            "select c.relname::text, p.relname::text
             from pg_constraint k
             join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
             where k.contype = 'f' and p.relnamespace = 'public'::regnamespace
               and p.relname = any($1) and not (c.relname = any($1))
             limit 1",
        )
        .bind(&tables)
        .fetch_optional(&mut **tx)
        .await?;
        if let Some((child, parent)) = outside {
            return Err(ProjectionError::Schema(format!(
                "la tabla {child} apunta a {parent}, que se reconstruye sin ella"
            )));
        }
        execute!(&mut **tx, &format!("drop schema if exists {SHADOW} cascade");)?;
        execute!(&mut **tx, &format!("create schema {SHADOW}");)?;
        let mut deferred = Vec::new();
        for table in &tables {
            execute!(
                &mut **tx,
                &format!("create table {SHADOW}.{table} (like public.{table} including all excluding indexes)");
            )?;
            // Keys first: primary, unique and exclusion constraints, then unique indexes.
            let constraints: Vec<(String, String, String)> = sqlx::query_as(
                "select k.conname::text, k.contype::text, pg_get_constraintdef(k.oid)
                 from pg_constraint k
                 where k.conrelid = ('public.' || $1)::regclass and k.contype in ('p', 'u', 'x', 'f')
                 order by k.contype <> 'p', k.conname",
            )
            .bind(table)
            .fetch_all(&mut **tx)
            .await?;
            for (name, kind, definition) in constraints {
                let statement = format!(
                    "alter table {SHADOW}.{table} add constraint \"{name}\" {}",
                    retarget(&definition, table, &tables)
                );
                if kind == "f" {
                    deferred.push(statement);
                } else {
                    execute!(&mut **tx, &statement;)?;
                }
            }
            let indexes: Vec<(String, bool)> = sqlx::query_as(
                "select pg_get_indexdef(i.indexrelid), i.indisunique
                 from pg_index i
                 where i.indrelid = ('public.' || $1)::regclass
                   and not exists (select 1 from pg_constraint k
                                   where k.conindid = i.indexrelid and k.conrelid = i.indrelid
                                     and k.contype in ('p', 'u', 'x'))
                 order by i.indexrelid",
            )
            .bind(table)
            .fetch_all(&mut **tx)
            .await?;
            for (definition, unique) in indexes {
                let statement = retarget(&definition, table, &tables);
                if unique {
                    execute!(&mut **tx, &statement;)?;
                } else {
                    deferred.push(statement);
                }
            }
            let triggers: Vec<(String,)> = sqlx::query_as(
                "select pg_get_triggerdef(t.oid) from pg_trigger t
                 where t.tgrelid = ('public.' || $1)::regclass and not t.tgisinternal order by t.tgname",
            )
            .bind(table)
            .fetch_all(&mut **tx)
            .await?;
            for (definition,) in triggers {
                execute!(&mut **tx, &retarget(&definition, table, &tables);)?;
            }
        }
        execute!(
            &mut **tx,
            &format!("select set_config('search_path', '{SHADOW}, public', true)");
        )?;
        Ok(Shadow {
            tables,
            deferred,
            search_path,
        })
    }

    /// The tables copied, each once.
    pub fn tables(&self) -> &[&'static str] {
        &self.tables
    }

    /// Builds the copies' other indexes and foreign keys, now that their rows are in, and
    /// gives the planner the copies' statistics.
    pub async fn complete(&self, tx: &mut Transaction<'_, Postgres>) -> Result<(), ProjectionError> {
        for statement in &self.deferred {
            execute!(&mut **tx, statement;)?;
        }
        let names: Vec<String> = self.tables.iter().map(|t| format!("{SHADOW}.{t}")).collect();
        execute!(&mut **tx, &format!("analyze {}", names.join(", "));)?;
        Ok(())
    }

    /// Puts the copies in the live tables' place and drops the replaced tables.
    pub async fn swap(self, tx: &mut Transaction<'_, Postgres>) -> Result<(), ProjectionError> {
        let mut attempt = 1;
        loop {
            let mut step = (&mut *tx).begin().await?;
            match self.swap_once(&mut step).await {
                Ok(()) => {
                    step.commit().await?;
                    break;
                }
                Err(ProjectionError::Database(e))
                    if attempt < SWAP_ATTEMPTS
                        && e.as_database_error().and_then(|d| d.code()).as_deref() == Some("40P01") =>
                {
                    step.rollback().await?;
                    attempt += 1;
                }
                Err(e) => return Err(e),
            }
        }
        execute!(&mut **tx, &format!("drop schema {SHADOW}");)?;
        execute!(&mut **tx, "select set_config('search_path', $1, true)"; &self.search_path)?;
        Ok(())
    }

    async fn swap_once(&self, tx: &mut Transaction<'_, Postgres>) -> Result<(), ProjectionError> {
        let live: Vec<String> = self.tables.iter().map(|t| format!("public.{t}")).collect();
        // Every table at once, so that a reader waits for the whole swap, not a part of it.
        execute!(&mut **tx, &format!("lock table {} in access exclusive mode", live.join(", "));)?;
        execute!(&mut **tx, &format!("create schema {REPLACED}");)?;
        for table in &self.tables {
            execute!(&mut **tx, &format!("alter table public.{table} set schema {REPLACED}");)?;
            execute!(&mut **tx, &format!("alter table {SHADOW}.{table} set schema public");)?;
        }
        // One statement, so that foreign keys among them do not stand in the way; nothing
        // outside depends on them (`create` refused such a table).
        let replaced: Vec<String> = self.tables.iter().map(|t| format!("{REPLACED}.{t}")).collect();
        execute!(&mut **tx, &format!("drop table {}", replaced.join(", "));)?;
        execute!(&mut **tx, &format!("drop schema {REPLACED}");)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_index_and_a_foreign_key_point_at_the_copies() {
        let tables = ["movements", "sale_coverages"];
        assert_eq!(
            retarget(
                "CREATE INDEX movements_fecha ON public.movements USING btree (fecha)",
                "movements",
                &tables
            ),
            "CREATE INDEX movements_fecha ON optica_rebuild.movements USING btree (fecha)"
        );
        assert_eq!(
            retarget(
                "FOREIGN KEY (movimiento_id) REFERENCES public.movements(id) ON DELETE CASCADE",
                "sale_coverages",
                &tables
            ),
            "FOREIGN KEY (movimiento_id) REFERENCES optica_rebuild.movements(id) ON DELETE CASCADE"
        );
        // A table outside the rebuild stays the live one.
        assert_eq!(
            retarget("FOREIGN KEY (x) REFERENCES public.users(id)", "sale_coverages", &tables),
            "FOREIGN KEY (x) REFERENCES public.users(id)"
        );
    }
}
