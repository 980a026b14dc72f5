//! Serving HTTP connections with bounds, so that slow or idle clients cannot starve real users.
//!
//! `axum::serve` accepts without limit and waits forever for a request's headers: 1,100 idle
//! connections from someone without an account used up the process's 1,024 open files and the
//! server stopped answering (issue 19.5). Here:
//! - a connection must send a request's headers within `header_timeout` (hyper also applies it
//!   to a kept-alive connection waiting for its next request), or it is closed;
//! - at most `max_connections` are open at once; more wait in the kernel's backlog until one
//!   closes, so the process never runs out of files;
//! - at most `per_address` come from one client address; more are closed at once, so one
//!   address cannot take every slot (a shop's staff behind one router stay far below it);
//! - an answer the client stops reading is given up after `write_timeout` without progress, so
//!   a client that asks for a large answer and never reads it cannot hold a slot either.
//!
//! A request's own time limit, body upload included, is a layer of the router (`http::app`).

use std::collections::HashMap;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt;

use crate::config::ConnectionLimits;

/// How long open connections get to finish after a shutdown signal.
const DRAIN: Duration = Duration::from_secs(30);

/// Open connections per client address.
#[derive(Clone, Default)]
struct PerAddress(Arc<Mutex<HashMap<IpAddr, usize>>>);

/// One connection's place in `PerAddress`, given back when the connection ends.
struct Slot {
    table: PerAddress,
    ip: IpAddr,
}

impl PerAddress {
    fn take(&self, ip: IpAddr, max: usize) -> Option<Slot> {
        let mut open = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let count = open.entry(ip).or_default();
        if *count >= max {
            return None;
        }
        *count += 1;
        Some(Slot {
            table: self.clone(),
            ip,
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.table.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.ip) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

/// A connection whose writes must make progress: when the client stops reading (the kernel's
/// send buffer stays full) for `limit`, writing fails and hyper closes the connection.
struct WriteDeadline<S> {
    inner: S,
    limit: Duration,
    /// Running while a write waits for room in the send buffer.
    stalled: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl<S> WriteDeadline<S> {
    fn new(inner: S, limit: Duration) -> Self {
        WriteDeadline {
            inner,
            limit,
            stalled: None,
        }
    }

    /// After a write could not proceed: pending until `limit` has passed without progress.
    fn wait<T>(&mut self, cx: &mut Context<'_>) -> Poll<std::io::Result<T>> {
        let limit = self.limit;
        let stalled = self.stalled.get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        match stalled.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                "el cliente no lee la respuesta",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }

    fn progressed<T>(&mut self, done: Poll<std::io::Result<T>>, cx: &mut Context<'_>) -> Poll<std::io::Result<T>> {
        match done {
            Poll::Ready(result) => {
                self.stalled = None;
                Poll::Ready(result)
            }
            Poll::Pending => self.wait(cx),
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for WriteDeadline<S> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for WriteDeadline<S> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
        let done = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.progressed(done, cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let done = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.progressed(done, cx)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        let done = Pin::new(&mut self.inner).poll_flush(cx);
        self.progressed(done, cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// Serves `app` on `listener` until `shutdown` completes, then lets open connections finish
/// (at most `DRAIN`). Handlers see the client's address as `ConnectInfo<SocketAddr>`.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: &ConnectionLimits,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let open = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let per_address = PerAddress::default();
    let graceful = GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(Duration::from_secs(limits.header_timeout_secs.max(1)));
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = open.clone().acquire_owned() => match permit {
                Ok(permit) => permit,
                Err(_) => break,
            },
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of files or a connection reset before accept: keep serving.
                    tracing::warn!(%error, "no se pudo aceptar una conexión");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Some(slot) = per_address.take(peer.ip(), limits.per_address.max(1)) else {
            tracing::debug!(%peer, "demasiadas conexiones desde esta dirección");
            continue;
        };
        let service = app.clone().map_request(move |mut request: axum::extract::Request<_>| {
            request.extensions_mut().insert(ConnectInfo::<SocketAddr>(peer));
            request
        });
        let stream = WriteDeadline::new(stream, Duration::from_secs(limits.write_timeout_secs.max(1)));
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service)));
        tokio::spawn(async move {
            let _held = (permit, slot);
            if let Err(error) = connection.await {
                tracing::debug!(%error, %peer, "conexión terminada con error");
            }
        });
    }
    drop(listener);
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(DRAIN) => tracing::warn!("conexiones abiertas cortadas al apagar"),
    }
    Ok(())
}
