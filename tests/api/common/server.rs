//! The `optica` binary as a child process on a test's database, and a minimal HTTP/1.1 client
//! for it (one connection per request), for tests that kill and restart the server.

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use sqlx::PgPool;

use super::{CLIENT, CLIENT_SECRET, JWT_SECRET};

// The benchmarks' minimal HTTP client, shared so the two stay one.
#[path = "../../../examples/bench_support/http.rs"]
mod http;
pub use http::{request, request_keyed};

/// The test database's URL, for a child process.
pub fn database_url(pool: &PgPool) -> String {
    let base = std::env::var("DATABASE_URL").unwrap();
    let (server, _) = base.rsplit_once('/').unwrap();
    format!("{server}/{}", pool.connect_options().get_database().unwrap())
}

/// Runs `optica ARGS` on the database at `url`, off the async runtime (an app under test may
/// share it, and blocking it while its projector holds the lock would leave the binary waiting);
/// exit code, stdout and stderr.
pub async fn run_optica(url: &str, args: &[&str]) -> (i32, String, String) {
    let url = url.to_string();
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let out = tokio::task::spawn_blocking(move || {
        Command::new(env!("CARGO_BIN_EXE_optica"))
            .args(args)
            .env("DATABASE_URL", url)
            .env("RUST_LOG", "warn")
            .output()
            .unwrap()
    })
    .await
    .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
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
        Server::start_with(url, &[]).await
    }

    /// The same with more settings in the environment.
    pub async fn start_with(url: &str, settings: &[(&str, &str)]) -> Server {
        let addr = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_optica"))
            .args(["serve", "--addr", &addr.to_string()])
            .envs(settings.iter().copied())
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

    /// The child's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// SIGSTOP or SIGCONT: freezes the process where it is (mid-transaction, say) or thaws it.
    pub fn signal(&self, name: &str) {
        let status = Command::new("kill")
            .args([&format!("-{name}"), &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success(), "kill -{name}");
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
