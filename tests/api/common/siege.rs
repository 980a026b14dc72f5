//! Idle, half-sent requests from many client addresses, reopened as soon as the server closes
//! them: the slow clients a real user must still get through, and the user who measures it.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::server::request;

/// `sockets` connections spread over the loopback addresses 127.0.0.2 and up (`addresses` of
/// them), each sending half a request's headers and waiting; one closed is opened again at once.
pub struct Siege {
    stop: Arc<AtomicBool>,
    /// Connections the server closed (and that were opened again).
    pub reopened: Arc<AtomicUsize>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Siege {
    pub fn start(target: SocketAddr, addresses: u8, sockets: usize) -> Siege {
        let stop = Arc::new(AtomicBool::new(false));
        let reopened = Arc::new(AtomicUsize::new(0));
        let tasks = (0..sockets)
            .map(|n| {
                let from: SocketAddr = format!("127.0.0.{}:0", 2 + (n % usize::from(addresses)))
                    .parse()
                    .unwrap();
                let (stop, reopened) = (stop.clone(), reopened.clone());
                tokio::spawn(async move {
                    while !stop.load(Ordering::Relaxed) {
                        if hold(from, target, &stop).await {
                            reopened.fetch_add(1, Ordering::Relaxed);
                        } else {
                            tokio::time::sleep(Duration::from_millis(20)).await;
                        }
                    }
                })
            })
            .collect();
        Siege { stop, reopened, tasks }
    }

    pub async fn stop(self) {
        self.stop.store(true, Ordering::Relaxed);
        for task in self.tasks {
            let _ = task.await;
        }
    }
}

/// One half-sent request held until the server closes it (true) or the siege stops.
async fn hold(from: SocketAddr, target: SocketAddr, stop: &AtomicBool) -> bool {
    let Ok(socket) = tokio::net::TcpSocket::new_v4() else {
        return false;
    };
    if socket.bind(from).is_err() {
        return false;
    }
    let Ok(Ok(mut stream)) = tokio::time::timeout(Duration::from_secs(2), socket.connect(target)).await else {
        return false;
    };
    if stream.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\n").await.is_err() {
        return true;
    }
    let mut sink = [0u8; 256];
    while !stop.load(Ordering::Relaxed) {
        match tokio::time::timeout(Duration::from_millis(200), stream.read(&mut sink)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            _ => {}
        }
    }
    false
}

/// A real user asking `GET /health` every 100 ms for `during`, from 127.0.0.1: how long each
/// answer took (a failure counts as the time waited, and is reported).
pub async fn real_user(target: SocketAddr, during: Duration) -> (Vec<Duration>, Vec<String>) {
    let (mut took, mut failures) = (Vec::new(), Vec::new());
    let end = std::time::Instant::now() + during;
    while std::time::Instant::now() < end {
        let started = std::time::Instant::now();
        match tokio::time::timeout(Duration::from_secs(10), request(target, "GET", "/health", None, None)).await {
            Ok(Ok((200, _))) => {}
            other => failures.push(format!("{other:?}")),
        }
        took.push(started.elapsed());
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    (took, failures)
}
