//! `duel gui`: the server driven over HTTP and its WebSocket (`server`), and under load by many
//! clients at once sending garbage and vanishing (`load`), the page in a real browser
//! (`browser`, one file per scenario over the WebDriver `harness`), the page's layout at a
//! laptop's, a desktop's and a phone's size (`layout`), games opened from links (`link`), and the
//! static site of `scripts/site/build-web`, the engine in a Web Worker (`site`), served from a
//! subfolder, offline and updated (`offline`), its app manifest naming every game (`manifest`); the
//! page's modules read as source: imports one way, short modules and functions (`page_modules`).
//! The page's controls as the browser tests use them are in `page`.

#![allow(
    clippy::too_many_lines,
    reason = "a test is one scenario read top to bottom (a game played move by move, a table of \
              rejected inputs); the limit on a function's length is for the product code"
)]

#[path = "../common/mod.rs"]
mod common;

mod browser;
mod harness;
mod layout;
mod link;
mod load;
mod manifest;
mod offline;
mod page;
mod page_modules;
mod server;
mod site;
