//! Starting behind the log: a server that comes up after events were written while it was down
//! (the first start's admin, accounts added with `optica user add`, a restore) answers only once
//! its read models hold them, so the first request after the start sees what was written before.

use std::net::SocketAddr;

use base64::Engine;
use optica_command::lookups::{Lookup, LookupCommand, Marca};
use optica_command::EventStore;
use optica_events::{Actor, EventMetadata, LookupData};
use sqlx::PgPool;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::common::server::Server;
use crate::common::{CLIENT, CLIENT_SECRET, PASSWORD};

/// Events the projector must read before the account: enough to take it well over a second.
const BACKLOG: usize = 20_000;

async fn backlog(store: &EventStore) {
    let metadata = EventMetadata::new(Actor::system("test"), "backlog".to_string(), None);
    store
        .run::<_, optica_command::lookups::LookupError, _, _>(&metadata, "backlog", || async {
            let mut unit = store.unit();
            for i in 0..BACKLOG {
                let data = LookupData {
                    nombre: format!("Marca {i}"),
                    ..Default::default()
                };
                let id = (1_000_000 + i).to_string();
                unit.handle::<Lookup<Marca>>(&id, LookupCommand::Create(data), &())
                    .await?;
            }
            Ok((unit, ()))
        })
        .await
        .unwrap();
}

/// The status of a password login over HTTP.
async fn login(addr: SocketAddr, username: &str) -> u16 {
    let basic = base64::engine::general_purpose::STANDARD.encode(format!("{CLIENT}:{CLIENT_SECRET}"));
    let form = format!("grant_type=password&username={username}&password={PASSWORD}");
    let request = format!(
        "POST /oauth/token HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Basic {basic}\r\n\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{form}",
        form.len()
    );
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    answer.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0)
}

#[sqlx::test]
#[ignore = "slow lane: scripts/test runs it (cargo test -- --include-ignored)"]
async fn the_first_login_after_a_start_behind_the_log_finds_its_account(pool: PgPool) {
    let store = EventStore::new(pool.clone());
    backlog(&store).await;
    optica::users::add(&store, "test", "cajera", PASSWORD, vec!["ROLE_ADMIN".into()], None)
        .await
        .unwrap();
    let server = Server::start(&pool).await;
    assert_eq!(login(server.addr, "cajera").await, 200);
}
