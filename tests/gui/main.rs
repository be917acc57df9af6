//! `duel gui`: the server driven over HTTP and its WebSocket (`server`), the page in a real browser
//! (`browser`), and the page's layout at a laptop's, a desktop's and a phone's size (`layout`).

#[path = "../common/mod.rs"]
mod common;

mod browser;
mod layout;
mod server;
