//! `duel gui`: play, watch and analyse every hosted game in the browser.
//!
//! The binary serves one page (HTML, CSS and JavaScript modules embedded in it: `assets/`, and each
//! game's drawing from its own folder) on a local address and talks to it over a WebSocket. The page
//! is a client of the engine protocol: the server starts the engine (this program's own by default,
//! or the `--engine` program, as `duel match` starts engines) and relays protocol lines both ways, so
//! the page does what any GUI author's program does. The server also knows the rules, through the
//! [`Game`](crate::game::Game) trait: it tells the page the board of a position (each game's
//! [`WebBoard`](crate::game::WebBoard) drawing, or the diagram text), the legal moves with the squares
//! they join, the announcements and the end of the game, and it writes and reads PGN with the match
//! runner's code. `docs/gui.md` describes the JSON messages and the page's modules.
//!
//! Files: `cli` (the command line), `server` (the runtime, the listener, shutdown), `browser`
//! (`--open`), `routes` (the HTTP routes and the Host and Origin checks), `assets` (the page's
//! files), `relay` (one WebSocket connection), `messages` (the JSON messages and their limits),
//! `engine_session` (the engine process of a connection), `rules` (positions, legal moves and PGN for
//! the page).
//! Without the `native` feature only `messages` and `rules` are built: the browser build answers
//! the page's requests about the rules with them (`src/web`).
//!
//! Safety: the server listens on 127.0.0.1 unless `--host` says otherwise; it accepts only requests
//! whose Host names it and WebSockets whose Origin is its own page; the page can send protocol lines
//! to the one engine the command line named, nothing else, and those lines are single lines of
//! printable text of limited length; a bad message gets an error reply and changes nothing.

#[cfg(feature = "native")]
mod assets;
#[cfg(feature = "native")]
mod browser;
#[cfg(feature = "native")]
mod cli;
#[cfg(feature = "native")]
mod engine_session;
pub mod messages;
#[cfg(feature = "native")]
mod relay;
#[cfg(feature = "native")]
mod routes;
pub mod rules;
#[cfg(feature = "native")]
mod server;

#[cfg(feature = "native")]
pub use cli::{GuiArgs, GuiConfig};
#[cfg(feature = "native")]
pub use server::run;
