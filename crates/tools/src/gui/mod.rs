//! `duel gui`: play, watch and analyse every hosted game in the browser.
//!
//! The binary serves one page (HTML, CSS and JavaScript modules embedded in it: `assets/`, and each
//! game's drawing from its own folder) on a local address and talks to it over a WebSocket. The page
//! is a client of the engine protocol: the server starts the engine (this program's own by default,
//! or the `--engine` program, as `duel match` starts engines) and relays protocol lines both ways, so
//! the page does what any GUI author's program does. The server also answers the page's questions
//! about the rules (a position's board, legal moves, announcement and end; PGN) with
//! [`duel_engine::page_service`], as the browser build's Worker does. `docs/gui.md` describes the JSON
//! messages and the page's modules.
//!
//! Files: `cli` (the command line), `server` (the runtime, the listener, shutdown), `browser`
//! (`--open`), `routes` (the HTTP routes and the Host and Origin checks), `assets` (the page's
//! files), `relay` (one WebSocket connection), `engine_session` (the engine process of a
//! connection).
//!
//! Safety: the server listens on 127.0.0.1 unless `--host` says otherwise; it accepts only requests
//! whose Host names it and WebSockets whose Origin is its own page; the page can send protocol lines
//! to the one engine the command line named, nothing else, and those lines are single lines of
//! printable text of limited length; a bad message gets an error reply and changes nothing.

mod app;
mod assets;
mod browser;
mod cli;
mod engine_session;
mod relay;
mod routes;
mod server;

pub use cli::{GuiArgs, GuiConfig};
pub use server::run;
