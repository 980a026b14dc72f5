//! PostgreSQL's own ceilings, measured with pgbench in the same run as the server: a one-row
//! insert, and a sale's writes done by hand in SQL (the most any server could get out of this
//! database for the same durable work).

use sqlx::PgPool;

/// Transactions per second of `script` at `clients` clients for `seconds` (pgbench, simple
/// protocol, no vacuum); `client_id` is pgbench's number of the client, from 0.
pub fn tps(url: &str, script: &str, clients: usize, seconds: u64) -> f64 {
    let path = std::env::temp_dir().join(format!("optica-bench-{}.sql", std::process::id()));
    std::fs::write(&path, script).unwrap();
    let pgbench = std::fs::read_dir("/usr/lib/postgresql")
        .ok()
        .and_then(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path().join("bin/pgbench")))
                .filter(|p| p.exists())
                .max()
        })
        .map_or_else(|| "pgbench".into(), |p| p.display().to_string());
    let out = std::process::Command::new(pgbench)
        .args([
            "-n",
            "-c",
            &clients.to_string(),
            "-j",
            "2",
            "-T",
            &seconds.to_string(),
            "-f",
        ])
        .arg(&path)
        .arg(url)
        .output()
        .expect("pgbench (PostgreSQL's benchmark tool) must be installed");
    let _ = std::fs::remove_file(&path);
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .find_map(|l| l.strip_prefix("tps = "))
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| panic!("pgbench: {text}{}", String::from_utf8_lossy(&out.stderr)))
}

/// The one-row insert: the ceiling the throughput target is a share of.
pub async fn one_row_script(pool: &PgPool) -> String {
    sqlx::query(
        "create table if not exists bench_ceiling (id bigserial primary key, payload text not null,
                                                   at timestamptz not null default now())",
    )
    .execute(pool)
    .await
    .unwrap();
    "insert into bench_ceiling (payload) values ('venta');\n".into()
}

/// Columns of `table` in order, without those listed in `skip`.
async fn columns(pool: &PgPool, table: &str, skip: &[&str]) -> Vec<String> {
    let all: Vec<String> = sqlx::query_scalar(
        "select column_name::text from information_schema.columns
         where table_schema = current_schema() and table_name = $1 and is_generated = 'NEVER'
           and is_identity = 'NO' order by ordinal_position",
    )
    .bind(table)
    .fetch_all(pool)
    .await
    .unwrap();
    all.into_iter().filter(|c| !skip.contains(&c.as_str())).collect()
}

/// `insert into table (key, cols) select :id, cols from table where key = template`, with the
/// columns of `replace` taking the given expressions instead.
async fn copy_rows(pool: &PgPool, table: &str, key: &str, template: i64, replace: &[(&str, &str)]) -> String {
    let cols = columns(pool, table, &[key]).await;
    let values: Vec<&str> = cols
        .iter()
        .map(|c| replace.iter().find(|(r, _)| r == c).map_or(c.as_str(), |(_, e)| *e))
        .collect();
    format!(
        "insert into {table} ({key}, {}) select :id, {} from {table} where {key} = {template};\n",
        cols.join(", "),
        values.join(", ")
    )
}

/// One transaction per sale that writes what the server's sale writes, one statement per
/// table, copying the rows of the recorded sale `template` (a sale of one unit of one product):
/// the movement's and the stock's events (the hash chain computed by the same trigger), the
/// movement, its line and payment (with the payment-count trigger), the
/// daily statistics and the stock. Each client sells its own product on its own day at its own
/// branch (the movement's; the stock is the product's at the recorded branch), so clients never
/// wait for each other's rows (the server's single projector never does either). Left out, in
/// favour of SQL: the reads a command needs before it writes (the body's products, lookups, the
/// product's stream), the answer's read-back, the projection checkpoints and the second
/// transaction of event sourcing (append, then project).
pub async fn sale_writes_script(pool: &PgPool, template: i64, sequence: &str, products: &[i64]) -> String {
    let (producto, local): (i64, i64) = sqlx::query_as(
        "select l.producto_id, m.local_id from movement_lines l join movements m on m.id = l.movimiento_id
         where l.movimiento_id = $1",
    )
    .bind(template)
    .fetch_one(pool)
    .await
    .unwrap();
    let first = products[0];
    assert!(
        products.windows(2).all(|w| w[1] == w[0] + 1),
        "the products' ids are consecutive"
    );
    let mut script = format!(
        "\\set pid {first} + :client_id % {count}\n\
         begin;\n\
         select nextval('{sequence}') as id \\gset\n\
         insert into events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata)\n\
           select aggregate_type, ':id', sequence, event_type, event_version, payload, metadata from events\n\
             where aggregate_type = 'Movimiento' and aggregate_id = '{template}'\n\
           union all\n\
           select aggregate_type, ':pid',\n\
                  (select max(sequence) + 1 from events where aggregate_type = 'Producto' and aggregate_id = ':pid'),\n\
                  event_type, event_version, payload, metadata from events\n\
             where aggregate_type = 'Producto' and aggregate_id = '{producto}' and event_type = 'StockAjustado'\n\
               and tx_id = (select tx_id from events where aggregate_type = 'Movimiento' and aggregate_id = '{template}'\n\
                            order by sequence limit 1);\n",
        count = products.len(),
    );
    let day = ("fecha", "fecha + :client_id * interval '1 day'");
    let branch = ("local_id", "1000 + :client_id");
    script += &copy_rows(pool, "movements", "id", template, &[day, branch]).await;
    script += &copy_rows(
        pool,
        "movement_lines",
        "movimiento_id",
        template,
        &[("producto_id", ":pid")],
    )
    .await;
    script += &copy_rows(pool, "movement_payments", "movimiento_id", template, &[day, branch]).await;
    script += "select optica_stats_add(array[:id]::bigint[], 1);\n";
    script += &format!("update product_stock set stock = stock - 1 where producto_id = :pid and local_id = {local};\n");
    script += "commit;\n";
    script
}
