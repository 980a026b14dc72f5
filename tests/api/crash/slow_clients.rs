//! Idle, slow and never-reading clients cannot starve real users of connections.

use super::*;

/// 1,100 connections that never finished a request, from someone without an
/// account, were never closed and the server stopped answering. Idle and half-sent requests are
/// closed after the header timeout, one address holds at most its share of connections, and a
/// real user is answered meanwhile.
#[sqlx::test]
#[ignore = "slow lane: scripts/test runs it (cargo test -- --include-ignored)"]
async fn idle_and_slow_clients_cannot_starve_real_users(pool: PgPool) {
    let _turn = crate::common::heavy().await;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let settings = [
        ("OPTICA_HEADER_TIMEOUT", "2"),
        ("OPTICA_CONNECTIONS_PER_ADDRESS", "50"),
        ("OPTICA_MAX_CONNECTIONS", "100"),
    ];
    let server = Server::start_with(&database_url(&pool), &settings).await;
    // The stranger connects from another loopback address than the real user.
    let stranger: SocketAddr = "127.0.0.2:0".parse().unwrap();
    let mut idle = Vec::new();
    for n in 0..200 {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(stranger).unwrap();
        let mut stream = socket.connect(server.addr).await.unwrap();
        if n % 2 == 0 {
            // Half a request: the headers never end.
            stream.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\n").await.unwrap();
        }
        idle.push(stream);
    }
    // Is the server done with this connection? (it answered and closed, or reset it)
    async fn closed(stream: &mut tokio::net::TcpStream) -> bool {
        let mut sink = Vec::new();
        tokio::time::timeout(Duration::from_millis(100), stream.read_to_end(&mut sink))
            .await
            .is_ok()
    }

    let started = std::time::Instant::now();
    let answered = tokio::time::timeout(
        Duration::from_secs(5),
        request(server.addr, "GET", "/health", None, None),
    )
    .await;
    assert!(
        matches!(answered, Ok(Ok((200, _)))),
        "a real user is answered while a stranger holds 200 connections: {answered:?}"
    );
    assert!(started.elapsed() < Duration::from_secs(2), "and answered at once");

    let mut refused = 0;
    for stream in &mut idle {
        refused += usize::from(closed(stream).await);
    }
    assert!(
        refused >= 150,
        "one address keeps at most 50 connections; {refused} of 200 were closed"
    );

    tokio::time::sleep(Duration::from_secs(3)).await;
    let mut still_open = 0;
    for stream in &mut idle {
        still_open += usize::from(!closed(stream).await);
    }
    assert_eq!(
        still_open, 0,
        "idle and half-sent requests are closed after the header timeout"
    );
    let answered = request(server.addr, "GET", "/health", None, None).await;
    assert!(matches!(answered, Ok((200, _))), "{answered:?}");
}

/// A client that asks for a large answer and never reads it held its connection for ever (found
/// by a review): the answer is given up after the write timeout.
#[sqlx::test]
#[ignore = "slow lane: scripts/test runs it (cargo test -- --include-ignored)"]
async fn a_client_that_never_reads_its_answer_is_cut_off(pool: PgPool) {
    let _turn = crate::common::heavy().await;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let server = Server::start_with(&database_url(&pool), &[("OPTICA_WRITE_TIMEOUT", "2")]).await;
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut stream = socket.connect(server.addr).await.unwrap();
    // A hundred requests for the OpenAPI document (about 90 KB each) in one go: far more than the
    // kernel's buffers hold while the client reads nothing.
    const ASKED: usize = 100;
    let mut requests = "GET /api/openapi.json HTTP/1.1\r\nHost: x\r\n\r\n".repeat(ASKED - 1);
    requests.push_str("GET /api/openapi.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    stream.write_all(requests.as_bytes()).await.unwrap();
    tokio::time::sleep(Duration::from_secs(5)).await;
    let mut received = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(20), stream.read_to_end(&mut received)).await;
    let answers = String::from_utf8_lossy(&received).matches("HTTP/1.1 200").count();
    assert!(
        answers < ASKED,
        "the stalled answers were given up: {answers} of {ASKED} arrived"
    );
    let answered = request(server.addr, "GET", "/health", None, None).await;
    assert!(matches!(answered, Ok((200, _))), "{answered:?}");
}

/// A thousand idle, half-sent requests from ten addresses, each reopened as soon as the server
/// closes it, under the default bounds (512 connections, 128 per address, 10 s for headers):
/// a real user is answered within a second all along. Before, the idle ones held every place
/// and a real user waited in the backlog until one timed out (8 s and more).
#[sqlx::test]
#[ignore = "slow lane: scripts/test runs it (cargo test -- --include-ignored)"]
async fn a_thousand_idle_sockets_from_ten_addresses_do_not_keep_a_real_user_waiting(pool: PgPool) {
    let _turn = crate::common::heavy().await;
    use crate::common::siege::{real_user, Siege};
    let server = Server::start(&pool).await;
    let siege = Siege::start(server.addr, 10, 1000);
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (took, failures) = real_user(server.addr, Duration::from_secs(12)).await;
    let reopened = siege.reopened.load(Ordering::Relaxed);
    siege.stop().await;
    let slowest = took.iter().max().copied().unwrap_or_default();
    eprintln!(
        "{} requests of a real user, slowest {slowest:?}; {reopened} idle connections closed and reopened",
        took.len()
    );
    assert_eq!(failures, Vec::<String>::new());
    assert!(slowest < Duration::from_secs(1), "slowest answer {slowest:?}");
    server.kill();
}
