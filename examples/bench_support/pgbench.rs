//! PostgreSQL's own ceilings, measured with pgbench in the same run as the server: a one-row
//! insert, and a sale's writes done by hand in SQL (the most any server could get out of this
//! database for the same durable work).

use sqlx::PgPool;

/// Transactions per second of `script` at `clients` clients for `seconds` (pgbench, no vacuum);
/// `client_id` is pgbench's number of the client, from 0. Its statements are prepared once per
/// connection, as the server's are: with the simple protocol PostgreSQL parsed and planned every
/// statement of every sale, which a server never pays for, and the by-hand rate was a third lower.
/// A variable is then a parameter, so the script casts each one to its column's type.
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
            "-M",
            "prepared",
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
        "insert into {table} ({key}, {}) select (:id)::bigint, {} from {table} where {key} = {template};\n",
        cols.join(", "),
        values.join(", ")
    )
}

/// The tables a sale writes that the script leaves out, and why: bookkeeping that a hand-written
/// sale would not need (the projector's position, done once per batch), and a cache (a product's
/// snapshot, one per ten of its events).
const LEFT_OUT: [&str; 2] = ["projection_checkpoints", "snapshots"];

/// The cash days' advisory lock space ("caja", as command/src/closings/ledger.rs takes it); the
/// script's key within it is the branch's id (any key will do: the check's correctness never
/// depends on two days' keys being distinct).
const CASH_DAY_LOCKS: i32 = 0x6361_6a61;

/// One transaction per sale that writes what the server's sale writes, built from the schema and
/// copied from a recorded sale of `sold` (one unit of one product, paid in one payment, sent
/// with an `Idempotency-Key` as the web app sends it): the key's row, the cash-day check under
/// its shared lock, the cash ledger's rows, the stream links and the product's live mark, the
/// cash-box read model (movement, lines, payments), the statistics (the projector's own
/// function), the stock and the product's version, and last, in one statement, the branch's next
/// receipt number with the receipt's row, the events of the template's transaction (the
/// movement's and the product's, the hash chain computed by the same trigger) and where they
/// landed on the key's row: the counter's row lock is held the shortest time a transaction per
/// sale allows.
///
/// `written`: the tables an HTTP sale wrote in the same run. A table it writes that this script
/// does not, and does not leave out on purpose (`LEFT_OUT`), stops the benchmark: the reference
/// must not fall behind what a sale does.
///
/// Client `n` sells its own product (no two clients race for a stream's next sequence) at branch
/// `branches[n % len]`, with the read model's date moved by `n` days so that the statistics'
/// rows, which the server's single projector writes without contention, are not contended
/// here either. Left out, in favour of SQL: the reads a command needs before it writes (the
/// body's products, lookups, the product's stream) and the answer's read-back.
pub async fn sale_writes_script(
    pool: &PgPool,
    sold: &[i64],
    sequence: &str,
    products: &[i64],
    branches: &[i64],
    written: &[String],
) -> String {
    let covered = [
        "events",
        "receipt_counters",
        "receipts",
        "cash_ledger",
        "stream_links",
        "live_streams",
        "movements",
        "movement_lines",
        "movement_payments",
        "product_stock",
        "stock_branch_totals",
        "products",
        "sale_costs",
        "idempotency_keys",
    ];
    let missing: Vec<&String> = written
        .iter()
        .filter(|t| !covered.contains(&t.as_str()) && !LEFT_OUT.contains(&t.as_str()) && !t.starts_with("stats_"))
        .collect();
    assert!(
        missing.is_empty(),
        "a sale now writes {missing:?}: write them in the by-hand script too (examples/bench_support/pgbench.rs)"
    );
    let (first, last) = (products[0], products[products.len() - 1]);
    assert!(
        products.windows(2).all(|w| w[1] == w[0] + 1),
        "the products' ids are consecutive"
    );
    // The template is a sale that committed alone: the script copies its transaction's events,
    // and a sale gathered with others shares its transaction with theirs.
    let (template, tx): (i64, String) = sqlx::query_as(
        "select m.id, e.tx_id::text from unnest($1::bigint[]) with ordinality as m(id, n)
         cross join lateral (select tx_id from events
                             where aggregate_type = 'Movimiento' and aggregate_id = m.id::text
                             order by sequence limit 1) e
         where (select count(distinct aggregate_id) from events x
                where x.tx_id = e.tx_id and x.aggregate_type = 'Movimiento') = 1
         order by m.n limit 1",
    )
    .bind(sold)
    .fetch_one(pool)
    .await
    .expect("a sale of the run committed alone");
    let streams: Vec<String> = sqlx::query_scalar("select distinct aggregate_type from events where tx_id = $1::xid8")
        .bind(&tx)
        .fetch_all(pool)
        .await
        .unwrap();
    assert!(
        streams.iter().all(|s| s == "Movimiento" || s == "Producto"),
        "the template sale also wrote {streams:?}: the by-hand script copies only the movement's and the product's events"
    );
    let branch_list = branches.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    let mut script = format!(
        "\\set pid {first} + :client_id % {count}\n\
         \\set lid :client_id % {branch_count}\n\
         begin;\n\
         select nextval('{sequence}') as id, (array[{branch_list}])[(:lid)::int + 1] as lid \\gset\n\
         select optica_first_closed_day({CASH_DAY_LOCKS}, array[(:lid)::int], '{scope}',\n\
                array[(:lid)::text || ':' || (now() at time zone 'America/Argentina/Buenos_Aires')::date]);\n",
        count = last - first + 1,
        branch_count = branches.len(),
        scope = optica_events::closings::CASH_DAY_SCOPE,
    );
    // The request's key, the transaction's first row, as the web app's sale has one: copied from
    // the template's row by its key, as every copied row is read by a key (a lookup by the
    // writing transaction would read the whole table each sale, which the server never does).
    let key: String = sqlx::query_scalar("select key from idempotency_keys where tx_id = $1::text::bigint")
        .bind(&tx)
        .fetch_one(pool)
        .await
        .unwrap();
    script += &format!(
        "insert into idempotency_keys (key, command, answer)\n\
           select 'bench:' || (:id)::text, command, answer from idempotency_keys where key = '{}';\n",
        // A colon followed by a name is a variable to pgbench, even inside a literal.
        key.replace('\'', "''").replace(':', "' || ':' || '")
    );
    let branch = ("local_id", "(:lid)::bigint");
    let day = ("fecha", "fecha + (:client_id)::int * interval '1 day'");
    script += &copy_rows(pool, "cash_ledger", "movimiento_id", template, &[branch]).await;
    script += &format!(
        "insert into stream_links (by_type, by_id, target_type, target_id)\n\
           select by_type, (:id)::text, target_type,\n\
                  case target_type when 'Producto' then (:pid)::text when 'Local' then (:lid)::text else target_id end\n\
             from stream_links where by_type = 'Movimiento' and by_id = '{template}';\n\
         insert into live_streams values ('Producto', (:pid)::text) on conflict do nothing;\n"
    );
    script += &copy_rows(pool, "movements", "id", template, &[day, branch]).await;
    script += &copy_rows(
        pool,
        "movement_lines",
        "movimiento_id",
        template,
        &[("producto_id", "(:pid)::bigint")],
    )
    .await;
    script += &copy_rows(pool, "movement_payments", "movimiento_id", template, &[day, branch]).await;
    // What the product cost when it was sold, as the margin's projection records it.
    script += "insert into sale_costs (movimiento_id, producto_id, costo_cents)\n\
                 select (:id)::bigint, (:pid)::bigint, (select costo_cents from product_costs where producto_id = (:pid)::bigint)\n\
                 on conflict do nothing;\n";
    script += "select optica_stats_add(array[(:id)::bigint], 1);\n";
    // The branch's stock total: the server's projector, the stock's only writer, updates it a batch
    // at a time without contention; here each client keeps its own row (as the statistics' days),
    // so that a branch's sales do not queue on one row the server never makes them wait for.
    script += "select set_config('optica.rebuilding', 'on', true);\n\
               update product_stock set stock = stock - 1 where producto_id = (:pid)::bigint and local_id = (:lid)::bigint;\n\
               select set_config('optica.rebuilding', '', true);\n\
               insert into stock_branch_totals (local_id, productos, stock_total) values (-1 - (:client_id)::bigint, 1, -1)\n\
                 on conflict (local_id) do update set stock_total = stock_branch_totals.stock_total - 1;\n\
               update products set version = version + 1 where id = (:pid)::bigint;\n";
    let event_columns = columns(
        pool,
        "events",
        // the database fills in the writing transaction, the time and the chain's hash
        &["aggregate_id", "sequence", "payload", "tx_id", "recorded_at", "hash"],
    )
    .await;
    script += &format!(
        "with numero as (insert into receipt_counters (local_id, ultimo) values ((:lid)::bigint, 1)\n\
                         on conflict (local_id) do update set ultimo = receipt_counters.ultimo + 1 returning ultimo),\n\
              receipt as (insert into receipts (movimiento_id, local_id, numero) select (:id)::bigint, (:lid)::bigint, ultimo from numero),\n\
              inserted as (\n\
         insert into events (aggregate_id, sequence, payload, {cols})\n\
           select case aggregate_type when 'Movimiento' then (:id)::text else (:pid)::text end,\n\
                  case aggregate_type when 'Movimiento' then sequence\n\
                       else (select max(sequence) + 1 from events where aggregate_type = 'Producto' and aggregate_id = (:pid)::text) end,\n\
                  case event_type when 'ComprobanteEmitido'\n\
                       then jsonb_set(payload::jsonb, '{{numero}}', to_jsonb(numero.ultimo))::json else payload end,\n\
                  {cols}\n\
             from events, numero where tx_id = '{tx}'::xid8 order by position\n\
           returning tx_id::text::bigint as tx_id, position)\n\
         update idempotency_keys k set tx_id = last.tx_id, position = last.position\n\
           from (select tx_id, position from inserted order by tx_id desc, position desc limit 1) last\n\
          where k.key = 'bench:' || (:id)::text;\n\
         commit;\n",
        cols = event_columns.join(", "),
    );
    script
}
