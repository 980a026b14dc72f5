//! Serving HTTP connections with bounds, so that slow or idle clients cannot starve real users.
//!
//! `axum::serve` accepts without limit and waits forever for a request's headers: 1,100 idle
//! connections from someone without an account used up the process's 1,024 open files and the
//! server stopped answering. Here:
//! - a connection must send a request's headers within `header_timeout` (hyper also applies it
//!   to a kept-alive connection waiting for its next request), or it is closed;
//! - at most `max_connections` are open at once, so the process never runs out of files; when
//!   every place is taken, a new connection takes the place of one that is not serving a request
//!   (`slots.rs`): idle and half-sent connections, however many addresses send them, cannot keep
//!   a real user waiting; when every place serves a request, new ones wait their turn;
//! - at most `per_address` come from one client address; more are closed at once, so one
//!   address cannot take every slot (a shop's staff behind one router stay far below it);
//! - an answer the client stops reading is given up after `write_timeout` without progress, so
//!   a client that asks for a large answer and never reads it cannot hold a slot either.
//!
//! A request's own time limit, body upload included, is a layer of the router (`http::app`).

mod slots;

use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpListener;
use tower::ServiceExt;

use crate::config::ConnectionLimits;
use slots::{Admission, Slots};

/// How long open connections get to finish after a shutdown signal.
const DRAIN: Duration = Duration::from_secs(30);

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
    let slots = Slots::new(limits.max_connections, limits.per_address);
    let graceful = GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(Duration::from_secs(limits.header_timeout_secs.max(1)));
    tokio::pin!(shutdown);
    'accepting: loop {
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
        let slot = loop {
            match slots.admit(peer.ip()) {
                Admission::Admitted(slot) => break slot,
                Admission::TooMany => {
                    tracing::debug!(%peer, "demasiadas conexiones desde esta dirección");
                    continue 'accepting;
                }
                // Every place serves a request: this one waits for the first to end.
                Admission::Full => tokio::select! {
                    () = slots.freed() => {}
                    () = &mut shutdown => break 'accepting,
                },
            }
        };
        let activity = slot.activity.clone();
        let app = app.clone();
        let service = tower::service_fn(move |mut request: axum::extract::Request<hyper::body::Incoming>| {
            request.extensions_mut().insert(ConnectInfo::<SocketAddr>(peer));
            // While a request is served, its connection keeps its place.
            let serving = activity.request();
            let answer = app.clone().oneshot(request);
            async move {
                let answer = answer.await;
                drop(serving);
                answer
            }
        });
        let stream = WriteDeadline::new(stream, Duration::from_secs(limits.write_timeout_secs.max(1)));
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service)));
        tokio::spawn(async move {
            let mut slot = slot;
            tokio::select! {
                result = connection => if let Err(error) = result {
                    tracing::debug!(%error, %peer, "conexión terminada con error");
                },
                // Its place went to a new connection: dropping it closes the socket.
                _ = &mut slot.evicted => {}
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
