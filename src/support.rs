//! Support tools on the command line: read the event log, rebuild read models, and check that
//! the read models and the log's hash chain are what the events say.

use std::io::Write;

use chrono::{DateTime, NaiveDate, Utc};
use optica_projections::rebuild::{self, Difference, Progress};
use optica_projections::Projection;
use serde_json::Value;
use sqlx::PgPool;

/// Which events `optica events` prints.
#[derive(Clone, Debug, Default)]
pub struct EventFilter {
    /// Aggregate type: Producto, Movimiento, Paciente, Usuario, Local…
    pub kind: Option<String>,
    pub id: Option<String>,
    /// Recorded at or after.
    pub from: Option<DateTime<Utc>>,
    /// Recorded before.
    pub to: Option<DateTime<Utc>>,
    /// The actor's username.
    pub user: Option<String>,
}

/// `2026-11-21` (that day's start, UTC) or an RFC 3339 instant.
pub fn parse_instant(text: &str) -> Result<DateTime<Utc>, String> {
    if let Ok(t) = DateTime::parse_from_rfc3339(text) {
        return Ok(t.with_timezone(&Utc));
    }
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .ok()
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .map(|t| t.and_utc())
        .ok_or_else(|| format!("fecha no válida: {text:?} (aaaa-mm-dd o RFC 3339)"))
}

#[derive(sqlx::FromRow)]
struct EventRow {
    position: i64,
    recorded_at: DateTime<Utc>,
    aggregate_type: String,
    aggregate_id: String,
    sequence: i64,
    event_type: String,
    payload: Value,
    metadata: Value,
}

/// The most of an event's data a table line shows; `--json` prints all of it.
const DATA_WIDTH: usize = 240;

/// An event's data on one line: the payload's inner object as compact JSON, without password
/// hashes, cut at `DATA_WIDTH` characters.
fn data_text(event_type: &str, payload: &Value) -> String {
    let mut data = match payload {
        Value::Object(map) if map.len() == 1 => map.get(event_type).cloned().unwrap_or(Value::Null),
        other => other.clone(),
    };
    if let Value::Object(map) = &mut data {
        map.remove("password_hash");
    }
    let text = match data {
        Value::Null => String::new(),
        other => other.to_string(),
    };
    if text.chars().count() > DATA_WIDTH {
        format!("{}…", text.chars().take(DATA_WIDTH).collect::<String>())
    } else {
        text
    }
}

/// Prints the matching events in log order: an aligned table (each event's data at the end of
/// its line), or JSON lines with `json`.
pub async fn print_events(
    pool: &PgPool,
    filter: &EventFilter,
    json: bool,
    out: &mut impl Write,
) -> Result<usize, String> {
    let rows: Vec<EventRow> = sqlx::query_as(
        "select position, recorded_at, aggregate_type, aggregate_id, sequence, event_type, payload::jsonb as payload,
                metadata::jsonb as metadata
         from events
         where ($1::text is null or aggregate_type = $1) and ($2::text is null or aggregate_id = $2)
           and ($3::timestamptz is null or recorded_at >= $3) and ($4::timestamptz is null or recorded_at < $4)
           and ($5::text is null or metadata::jsonb->'actor'->>'username' = $5)
         order by position",
    )
    .bind(&filter.kind)
    .bind(&filter.id)
    .bind(filter.from)
    .bind(filter.to)
    .bind(&filter.user)
    .fetch_all(pool)
    .await
    .map_err(|e| e.to_string())?;
    let io = |e: std::io::Error| e.to_string();
    if !json {
        writeln!(
            out,
            "{:>8}  {:<20}  {:<12}  {:>6}  {:>4}  {:<22}  {:<12}  datos",
            "posición", "registrado (UTC)", "tipo", "id", "n", "evento", "usuario"
        )
        .map_err(io)?;
    }
    for r in &rows {
        let user = r.metadata["actor"]["username"].as_str().unwrap_or("-");
        if json {
            let line = serde_json::json!({
                "position": r.position, "recordedAt": r.recorded_at, "kind": r.aggregate_type, "id": r.aggregate_id,
                "sequence": r.sequence, "type": r.event_type, "payload": r.payload, "metadata": r.metadata,
            });
            writeln!(out, "{line}").map_err(io)?;
        } else {
            writeln!(
                out,
                "{:>8}  {:<20}  {:<12}  {:>6}  {:>4}  {:<22}  {user:<12}  {}",
                r.position,
                r.recorded_at.format("%Y-%m-%d %H:%M:%S"),
                r.aggregate_type,
                r.aggregate_id,
                r.sequence,
                r.event_type,
                data_text(&r.event_type, &r.payload),
            )
            .map_err(io)?;
        }
    }
    Ok(rows.len())
}

/// The projections named (all of them for `None`), or which name is unknown.
pub fn select(names: Option<&[String]>) -> Result<Vec<std::sync::Arc<dyn Projection>>, String> {
    let all = optica_projections::all();
    let Some(names) = names else { return Ok(all) };
    names
        .iter()
        .map(|name| {
            all.iter().find(|p| p.name() == name).cloned().ok_or_else(|| {
                let known: Vec<&str> = all.iter().map(|p| p.name()).collect();
                format!("no existe la proyección {name:?} (hay: {})", known.join(", "))
            })
        })
        .collect()
}

/// A one-line progress display on standard error.
fn show(p: Progress) {
    let width = 30;
    let filled = if p.total == 0 {
        width
    } else {
        (p.done * width as u64 / p.total.max(1)) as usize
    };
    eprint!(
        "\r{:<10} [{}{}] {}/{} eventos, {:.0} eventos/s ",
        p.projection,
        "#".repeat(filled.min(width)),
        " ".repeat(width - filled.min(width)),
        p.done,
        p.total,
        p.events_per_second
    );
}

/// Rebuilds read models from the events and commits them; returns what it did and where its
/// time went.
pub async fn replay(
    pool: &PgPool,
    projections: &[std::sync::Arc<dyn Projection>],
    quiet: bool,
) -> Result<rebuild::Report, String> {
    let refs: Vec<&dyn Projection> = projections.iter().map(|p| p.as_ref()).collect();
    let mut tx = pool.begin().await.map_err(|e| e.to_string())?;
    let mut report = rebuild::rebuild(&mut tx, pool, &refs, rebuild::BATCH, |p| {
        if !quiet {
            show(p)
        }
    })
    .await
    .map_err(|e| e.to_string())?;
    let clock = std::time::Instant::now();
    tx.commit().await.map_err(|e| e.to_string())?;
    report.finishing += clock.elapsed();
    if !quiet {
        eprintln!();
    }
    Ok(report)
}

/// The report's time per phase, one line each, in Spanish.
pub fn describe(report: &rebuild::Report) -> String {
    let mut lines = vec![
        format!("  preparar tablas     {:>8.2} s", report.preparing.as_secs_f64()),
        format!("  leer eventos        {:>8.2} s", report.reading.as_secs_f64()),
    ];
    for (name, spent) in &report.applying {
        lines.push(format!("  aplicar {name:<12}{:>8.2} s", spent.as_secs_f64()));
    }
    lines.push(format!(
        "  crear índices       {:>8.2} s",
        report.indexing.as_secs_f64()
    ));
    lines.push(format!(
        "  cerrar y confirmar  {:>8.2} s",
        report.finishing.as_secs_f64()
    ));
    lines.join("\n")
}

/// Rebuilds every read model aside and lists how the live tables differ; changes nothing.
pub async fn verify(pool: &PgPool, quiet: bool) -> Result<Vec<Difference>, String> {
    let projections = optica_projections::all();
    let refs: Vec<&dyn Projection> = projections.iter().map(|p| p.as_ref()).collect();
    let mut tx = pool.begin().await.map_err(|e| e.to_string())?;
    let differences = rebuild::compare(&mut tx, pool, &refs, rebuild::BATCH, |p| {
        if !quiet {
            show(p)
        }
    })
    .await
    .map_err(|e| e.to_string())?;
    tx.rollback().await.map_err(|e| e.to_string())?;
    if !quiet {
        eprintln!();
    }
    let mut differences = differences;
    differences.extend(cash_ledger_differences(pool).await.map_err(|e| e.to_string())?);
    Ok(differences)
}

/// The command side's cash ledger against what the events say it holds (migration 0020).
async fn cash_ledger_differences(pool: &PgPool) -> Result<Vec<Difference>, sqlx::Error> {
    let rows: Vec<(Option<String>, Option<String>)> = sqlx::query_as(
        "select row_to_json(x)::text, null::text
         from (select movimiento_id, local_id, dia, metodo_pago_id, cuotas, cents from cash_ledger
               except select * from optica_cash_ledger_from_events()) x
         union all
         select null, row_to_json(y)::text
         from (select * from optica_cash_ledger_from_events()
               except select movimiento_id, local_id, dia, metodo_pago_id, cuotas, cents from cash_ledger) y",
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(live, rebuilt)| Difference {
            table: "cash_ledger",
            live,
            rebuilt,
        })
        .collect())
}

/// An event whose stored hash is not the one its stream's chain gives.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct ChainBreak {
    pub aggregate_type: String,
    pub aggregate_id: String,
    pub sequence: i64,
}

/// Recomputes every stream's hash chain (migrations/0007_event_chain.sql) and lists the events
/// where it breaks: an event edited, or one before it removed.
pub async fn verify_chain(pool: &PgPool) -> Result<Vec<ChainBreak>, String> {
    sqlx::query_as(
        "select e.aggregate_type, e.aggregate_id, e.sequence
         from events e
         left join events p on p.aggregate_type = e.aggregate_type and p.aggregate_id = e.aggregate_id
                           and p.sequence = e.sequence - 1
         where e.hash is distinct from events_link(p.hash, e)
         order by e.position",
    )
    .fetch_all(pool)
    .await
    .map_err(|e| e.to_string())
}
