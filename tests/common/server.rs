//! The `optica` binary as a child process on a test's database, and a minimal HTTP/1.1 client
//! for it (one connection per request), for tests that kill and restart the server.

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;
use sqlx::PgPool;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use super::{CLIENT, CLIENT_SECRET, JWT_SECRET};

/// The test database's URL, for a child process.
pub fn database_url(pool: &PgPool) -> String {
    let base = std::env::var("DATABASE_URL").unwrap();
    let (server, _) = base.rsplit_once('/').unwrap();
    format!("{server}/{}", pool.connect_options().get_database().unwrap())
}

pub struct Server {
    child: Child,
    pub addr: SocketAddr,
}

impl Server {
    /// Starts `optica serve` on a free port with the tests' signing key (so tokens minted by
    /// `TestApp` work) and waits until it answers.
    pub async fn start(pool: &PgPool) -> Server {
        Server::start_on(&database_url(pool)).await
    }

    /// The same on the database at `url`.
    pub async fn start_on(url: &str) -> Server {
        let addr = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_optica"))
            .args(["serve", "--addr", &addr.to_string()])
            .env("DATABASE_URL", url)
            .env("OPTICA_JWT_SECRET", JWT_SECRET)
            .env("OPTICA_OAUTH_CLIENTS", format!("{CLIENT}:{CLIENT_SECRET}"))
            .env("RUST_LOG", "error")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let server = Server { child, addr };
        for _ in 0..600 {
            if let Ok((200, _)) = request(addr, "GET", "/health", None, None).await {
                return server;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the server did not start within 30 s");
    }

    /// SIGKILL: no shutdown code runs.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One request on a fresh connection; the answer's status and JSON body (`Null` when empty,
/// a string when not JSON). Errors are the transport's: refused, reset, timed out.
pub async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> std::io::Result<(u16, Value)> {
    let exchange = async {
        let mut stream = TcpStream::connect(addr).await?;
        let body = body.map(Value::to_string).unwrap_or_default();
        let auth = token
            .map(|t| format!("Authorization: Bearer {t}\r\n"))
            .unwrap_or_default();
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{auth}Content-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        );
        stream.write_all(head.as_bytes()).await?;
        stream.write_all(body.as_bytes()).await?;
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).await?;
        Ok::<_, std::io::Error>(raw)
    };
    let raw = tokio::time::timeout(Duration::from_secs(20), exchange)
        .await
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::TimedOut, "no answer in 20 s"))??;
    let text = String::from_utf8_lossy(&raw);
    let (head, body) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "cut-off answer"))?;
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidData, "no status line"))?;
    let body = if body.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(body).unwrap_or_else(|_| Value::String(body.to_string()))
    };
    Ok((status, body))
}
