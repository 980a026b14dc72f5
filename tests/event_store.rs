//! The event store's guarantees: append-only history, database-filled columns, optimistic
//! concurrency per stream and unique claims under concurrent creates.
#![allow(clippy::unwrap_used)]

mod common;

use optica_command::lookup::{Lookup, LookupCommand, Marca};
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
    let data = LookupData {
        nombre: nombre.into(),
        ..Default::default()
    };
    store
        .execute::<Lookup<Marca>>(id, LookupCommand::Create(data), &(), &meta(), &UniqueClaims::default())
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
    let streams: i64 = sqlx::query_scalar("select count(*) from events where aggregate_type = 'Usuario'")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(streams, 1, "the refused creates left no event");
}
