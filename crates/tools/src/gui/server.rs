//! The server: a small tokio runtime, the listener, the URL printed, the browser opened, and Ctrl-C.
//!
//! axum on tokio: a well-kept HTTP and WebSocket stack rather than a hand-written one. Two worker
//! threads are plenty for one page; engines run as processes of their own.

use super::app::{App, Origins, url_host};
use super::browser;
use super::cli::GuiConfig;
use super::routes;
use axum::serve::ListenerExt;
use std::io::Write;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Notify;

/// Serves the page until Ctrl-C; prints the URL to `out` once listening. Fails when the address
/// cannot be had.
pub fn run(config: GuiConfig, out: &mut dyn Write) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    let stop = Arc::new(Notify::new());
    let on_interrupt = Arc::clone(&stop);
    if let Err(e) = ctrlc::set_handler(move || on_interrupt.notify_one()) {
        eprintln!("warning: Ctrl-C will not stop the engines cleanly: {e}");
    }
    let served = runtime.block_on(serve(config, out, &stop));
    // Connections still open hold engine sessions: dropping their tasks kills the engines.
    runtime.shutdown_timeout(Duration::from_secs(2));
    served
}

async fn serve(config: GuiConfig, out: &mut dyn Write, stop: &Notify) -> Result<(), String> {
    let listener = TcpListener::bind((config.host, config.port))
        .await
        .map_err(|e| {
            format!(
                "cannot listen on {}:{}: {e}",
                url_host(config.host),
                config.port
            )
        })?;
    let addr = listener
        .local_addr()
        .map_err(|e| format!("cannot tell the listening address: {e}"))?;
    if !addr.ip().is_loopback() {
        eprintln!(
            "warning: listening on {} rather than 127.0.0.1: anyone who can reach this address can \
             use the page and the engine",
            url_host(addr.ip())
        );
    }
    let shown = if addr.ip().is_unspecified() {
        "127.0.0.1".to_string()
    } else {
        url_host(addr.ip())
    };
    let url = format!("http://{shown}:{}/", addr.port());
    // Tests and scripts read this line to find the port.
    let _ = writeln!(out, "duel gui: {url}  (Ctrl-C to stop)");
    let _ = out.flush();
    if config.open {
        browser::open(&url);
    }
    let app = Arc::new(App {
        origins: Origins::new(addr),
        config,
    });
    // Each relayed line is a small write of its own: without TCP_NODELAY, Nagle's algorithm holds one
    // back until the page acknowledges the one before, which a delayed ACK puts off by 40 ms.
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    let server = axum::serve(listener, routes::router(app));
    tokio::select! {
        served = server => served.map_err(|e| format!("the server failed: {e}")),
        () = stop.notified() => Ok(()),
    }
}
