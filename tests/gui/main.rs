//! `duel gui`: the server driven over HTTP and its WebSocket (`server`), and the page in a real
//! browser (`browser`).

#[path = "../common/mod.rs"]
mod common;

mod browser;
mod server;
