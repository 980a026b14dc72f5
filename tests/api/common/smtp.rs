//! A real SMTP server for the mail tests: Python's aiosmtpd (installed by `scripts/lib/smtp.sh`),
//! storing what it receives in a maildir the test reads.
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub struct SmtpSink {
    child: Child,
    pub port: u16,
    dir: PathBuf,
}

/// A port nothing listens on (yet).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn python() -> String {
    std::env::var("OPTICA_SMTP_SINK_PYTHON").unwrap_or_else(|_| {
        let local = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(".smtp-sink/bin/python");
        assert!(
            local.exists(),
            "the mail tests need aiosmtpd: run `source scripts/lib/smtp.sh && ensure_smtp_sink` (scripts/test does)"
        );
        local.display().to_string()
    })
}

impl SmtpSink {
    /// Starts the server on `port` and waits until it accepts connections.
    pub async fn start(port: u16) -> SmtpSink {
        let dir = std::env::temp_dir().join(format!("optica-smtp-{port}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let child = Command::new(python())
            .args(["-m", "aiosmtpd", "-n", "-l", &format!("127.0.0.1:{port}")])
            .args(["-c", "aiosmtpd.handlers.Mailbox", dir.to_str().unwrap()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Dropped (and so killed) if it never starts.
        let sink = SmtpSink { child, port, dir };
        for _ in 0..200 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
                return sink;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the SMTP sink did not start on port {port}");
    }

    /// Every message received so far, as its raw text.
    pub fn messages(&self) -> Vec<String> {
        ["new", "cur"]
            .iter()
            .filter_map(|d| std::fs::read_dir(self.dir.join(d)).ok())
            .flatten()
            .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
            .collect()
    }

    /// Waits up to 20 s for at least `n` messages.
    pub async fn wait_for(&self, n: usize) -> Vec<String> {
        for _ in 0..400 {
            let messages = self.messages();
            if messages.len() >= n {
                return messages;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the SMTP sink received {} messages, not {n}", self.messages().len());
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
