//! The event store's guarantees: append-only history, database-filled columns, optimistic
//! concurrency per stream and unique claims under concurrent creates.

use crate::common::{execute, scalar};
use optica_command::lookups::{Lookup, LookupCommand, Marca};
use optica_command::{EventStore, UniqueClaims};
use optica_events::{Actor, EventMetadata, LookupData};
use sqlx::PgPool;

fn meta() -> EventMetadata {
    EventMetadata::new(Actor::system("test"), "req", None)
}

fn rename(nombre: &str) -> LookupCommand {
    LookupCommand::Update(LookupData {
        nombre: nombre.into(),
        ..Default::default()
    })
}

async fn create_brand(store: &EventStore, id: &str, nombre: &str) {
    create_item::<Marca>(store, id, nombre).await
}

async fn create_item<K: optica_command::lookups::Kind>(store: &EventStore, id: &str, nombre: &str) {
    let data = LookupData {
        nombre: nombre.into(),
        direccion: Some("Calle 1".into()),
        celular: Some("351".into()),
        cristales: None,
    };
    store
        .execute::<Lookup<K>>(id, LookupCommand::Create(data), &(), &meta(), &UniqueClaims::default())
        .await
        .unwrap();
}

#[sqlx::test]
async fn events_cannot_be_updated_or_deleted(pool: PgPool) {
    let store = EventStore::new(pool.clone());
    create_brand(&store, "1", "A").await;
    for sql in [
        "update events set payload = '{}'",
        "delete from events",
        "truncate events",
    ] {
        let error = sqlx::query(sql).execute(&pool).await.unwrap_err().to_string();
        assert!(error.contains("append-only"), "{sql}: {error}");
    }
    let (position, tx_id, recorded): (i64, i64, bool) =
        sqlx::query_as("select position, tx_id::text::bigint, recorded_at <= now() from events")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert!(position >= 1 && tx_id > 0 && recorded);
}

#[sqlx::test]
async fn concurrent_commands_on_one_stream_all_land_in_sequence(pool: PgPool) {
    let store = EventStore::new(pool.clone());
    create_brand(&store, "9", "base").await;
    let mut tasks = Vec::new();
    for i in 0..6 {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            store
                .execute::<Lookup<Marca>>(
                    "9",
                    rename(&format!("nombre {i}")),
                    &(),
                    &meta(),
                    &UniqueClaims::default(),
                )
                .await
        }));
    }
    for t in tasks {
        t.await.unwrap().unwrap();
    }
    let sequences: Vec<i64> =
        sqlx::query_scalar("select sequence from events where aggregate_id = '9' order by sequence")
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(sequences, (1..=7).collect::<Vec<i64>>(), "no lost update, no gap");
}

#[sqlx::test]
async fn of_concurrent_accounts_with_one_username_exactly_one_is_created(pool: PgPool) {
    let store = EventStore::new(pool.clone());
    let mut tasks = Vec::new();
    for _ in 0..8 {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            optica::users::add(
                &store,
                "test",
                "ana",
                "contraseña-larga",
                vec!["ROLE_ADMIN".into()],
                None,
            )
            .await
        }));
    }
    let mut created = 0;
    for t in tasks {
        match t.await.unwrap() {
            Ok(_) => created += 1,
            Err(optica::users::UserAdminError::Taken(_)) => {}
            Err(other) => panic!("unexpected: {other}"),
        }
    }
    assert_eq!(created, 1);
    let streams: i64 = scalar(&pool, "select count(*) from events where aggregate_type = 'Usuario'").await;
    assert_eq!(streams, 1, "the refused creates left no event");
}

/// The aggregate folded from every event of its stream, by hand (what `load` must equal).
async fn folded<A: cqrs_es::Aggregate>(pool: &PgPool, id: &str) -> A {
    let payloads: Vec<serde_json::Value> = sqlx::query_scalar(
        "select payload::jsonb from events where aggregate_type = $1 and aggregate_id = $2 order by sequence",
    )
    .bind(A::TYPE)
    .bind(id)
    .fetch_all(pool)
    .await
    .unwrap();
    let mut aggregate = A::default();
    for payload in payloads {
        aggregate.apply(serde_json::from_value(payload).unwrap());
    }
    aggregate
}

/// A long stream is loaded from its latest snapshot and the events after it, and comes out as
/// the whole stream folded: the aggregate's version, a count of its events, shows any event lost
/// or applied twice. A snapshot of another version is ignored.
#[sqlx::test]
async fn a_long_stream_loads_from_its_snapshot_as_from_every_event(pool: PgPool) {
    use optica_command::products::{Ajuste, LocalStock, Producto, ProductoCommand};
    use optica_command::{SNAPSHOT_EVERY, SNAPSHOT_VERSION};
    use optica_events::{Money, MotivoStock, ProductoDatos};

    let store = EventStore::new(pool.clone());
    // What the product refers to must exist (the store's reference check).
    use optica_command::lookups::{Categoria, Local, Proveedor};
    create_brand(&store, "1", "Ray-Ban").await;
    create_item::<Categoria>(&store, "1", "Sol").await;
    create_item::<Proveedor>(&store, "1", "Opti").await;
    create_item::<Local>(&store, "1", "La Cruz").await;
    let create = ProductoCommand::Create {
        datos: ProductoDatos {
            modelo: "RB1".into(),
            marca_id: 1,
            categoria_ids: vec![1],
            proveedor_ids: vec![1],
            precio: Money::from_cents(100),
            ..Default::default()
        },
        locales: vec![LocalStock {
            local_id: 1,
            stock: 1000,
        }],
        fecha: chrono::NaiveDate::from_ymd_opt(2026, 1, 1).unwrap(),
    };
    let none = UniqueClaims::default();
    store
        .execute::<Producto>("7", create, &(), &meta(), &none)
        .await
        .unwrap();
    let adjust = |n: i64| ProductoCommand::AdjustMany {
        ajustes: vec![Ajuste {
            local_id: 1,
            cantidad: -(n % 3) - 1,
            motivo: MotivoStock::Venta,
        }],
        origen: optica_events::Origen::movimiento(n),
    };
    let created = store.load::<Producto>("7").await.unwrap().1;
    for n in 1..=(2 * SNAPSHOT_EVERY + 7 - created) as i64 {
        store
            .execute::<Producto>("7", adjust(n), &(), &meta(), &none)
            .await
            .unwrap();
    }
    let snapshots: Vec<i64> = sqlx::query_scalar("select last_sequence from snapshots where aggregate_id = '7'")
        .fetch_all(&pool)
        .await
        .unwrap();
    assert_eq!(
        snapshots,
        [2 * SNAPSHOT_EVERY as i64],
        "only the latest snapshot is kept"
    );

    let (loaded, length) = store.load::<Producto>("7").await.unwrap();
    let whole = folded::<Producto>(&pool, "7").await;
    assert_eq!(length, 2 * SNAPSHOT_EVERY + 7);
    assert_eq!(
        serde_json::to_value(&loaded).unwrap(),
        serde_json::to_value(&whole).unwrap()
    );
    assert!(loaded.stock()[&1] < 1000 - 2 * SNAPSHOT_EVERY as i64);
    // The snapshot is what was read: a change to it shows in the loaded aggregate.
    execute(
        &pool,
        "update snapshots set payload = jsonb_set(payload::jsonb, '{state,datos,modelo}', '\"RB2\"')::json",
    )
    .await;
    let (from_snapshot, _) = store.load::<Producto>("7").await.unwrap();
    assert_eq!(from_snapshot.datos().modelo, "RB2");

    // An older snapshot version is not trusted: the stream is read whole.
    sqlx::query(&format!(
        "update snapshots set payload = json_build_object('version', {}, 'state', payload->'state')",
        SNAPSHOT_VERSION + 1
    ))
    .execute(&pool)
    .await
    .unwrap();
    execute(
        &pool,
        "update snapshots set payload = jsonb_set(payload::jsonb, '{state,version}', '5000')::json",
    )
    .await;
    let (loaded, _) = store.load::<Producto>("7").await.unwrap();
    assert_eq!(
        serde_json::to_value(&loaded).unwrap(),
        serde_json::to_value(&whole).unwrap()
    );
}

/// A transaction PostgreSQL ended (here: idle inside it past its timeout, as a frozen process's
/// is) wrote nothing: the answer asks the client to try again (503 with `Retry-After`), never 500.
#[sqlx::test]
async fn a_transaction_the_database_ended_is_answered_503(pool: PgPool) {
    use axum::response::IntoResponse;
    let mut conn = pool.acquire().await.unwrap();
    sqlx::query("set idle_in_transaction_session_timeout = '100ms'")
        .execute(&mut *conn)
        .await
        .unwrap();
    sqlx::query("begin").execute(&mut *conn).await.unwrap();
    sqlx::query("select 1").execute(&mut *conn).await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let ended = sqlx::query("select 1").execute(&mut *conn).await.unwrap_err();
    let response = optica::error::AppError::from(ended).into_response();
    assert_eq!(response.status(), axum::http::StatusCode::SERVICE_UNAVAILABLE);
    assert!(response.headers().contains_key(axum::http::header::RETRY_AFTER));
}
