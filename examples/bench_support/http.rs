//! A minimal HTTP/1.1 client: one fresh TCP connection per request (`request`), or one kept open
//! for many (`Connection`, as a browser does). Enough for JSON APIs on localhost, for tests that
//! kill servers and for the benchmarks (no client library needed).

use std::net::SocketAddr;
use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// One request on a fresh connection; the answer's status and JSON body (`Null` when empty,
/// a string when not JSON). Errors are the transport's: refused, reset, timed out.
pub async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> std::io::Result<(u16, Value)> {
    request_keyed(addr, method, path, token, None, body).await
}

/// The same, with an `Idempotency-Key` when `key` is one.
pub async fn request_keyed(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    key: Option<&str>,
    body: Option<&Value>,
) -> std::io::Result<(u16, Value)> {
    let exchange = async {
        let mut stream = TcpStream::connect(addr).await?;
        stream
            .write_all(&encode(addr, method, path, token, key, body, "close"))
            .await?;
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
    Ok((status, json_or_text(body)))
}

/// A request's bytes, with a JSON body when there is one.
fn encode(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    key: Option<&str>,
    body: Option<&Value>,
    connection: &str,
) -> Vec<u8> {
    let body = body.map(Value::to_string).unwrap_or_default();
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    let key = key.map(|k| format!("Idempotency-Key: {k}\r\n")).unwrap_or_default();
    let mut bytes = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{auth}{key}Content-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: {connection}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    bytes.extend_from_slice(body.as_bytes());
    bytes
}

fn json_or_text(body: &str) -> Value {
    if body.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(body).unwrap_or_else(|_| Value::String(body.to_string()))
    }
}

/// One connection kept open for many requests (HTTP/1.1 keep-alive). Answers must carry a
/// `Content-Length`, as the API's JSON answers do.
pub struct Connection {
    addr: SocketAddr,
    stream: BufReader<TcpStream>,
}

impl Connection {
    pub async fn open(addr: SocketAddr) -> std::io::Result<Self> {
        let stream = BufReader::new(TcpStream::connect(addr).await?);
        Ok(Connection { addr, stream })
    }

    /// One request, with an `Idempotency-Key` when `key` is one; the answer's status and JSON
    /// body, as `request` gives them.
    pub async fn request(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        key: Option<&str>,
        body: Option<&Value>,
    ) -> std::io::Result<(u16, Value)> {
        let bad = |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_string());
        let request = encode(self.addr, method, path, token, key, body, "keep-alive");
        self.stream.get_mut().write_all(&request).await?;
        let mut line = String::new();
        self.stream.read_line(&mut line).await?;
        let status: u16 = line
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| bad("no status line"))?;
        let mut length = None;
        loop {
            line.clear();
            if self.stream.read_line(&mut line).await? == 0 {
                return Err(bad("cut-off answer"));
            }
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            if let Some((name, value)) = header.split_once(':') {
                if name.eq_ignore_ascii_case("content-length") {
                    length = value.trim().parse::<usize>().ok();
                }
            }
        }
        let mut body = vec![0; length.ok_or_else(|| bad("answer without Content-Length"))?];
        self.stream.read_exact(&mut body).await?;
        Ok((status, json_or_text(&String::from_utf8_lossy(&body))))
    }
}
