//! `duel-engine`: the engine over any game of [`duel_rules`]: the search, the text-free engine
//! facade, UCI and UGI, and the page's rules service. It runs no process and knows no game's rules.
//!
//! Modules, each importing only those before it and the rules crate:
//! - [`search`]: the search, generic over [`duel_rules::game::Searchable`], with its nets (NNUE) and
//!   endgame databases;
//! - [`engine`]: the text-free engine runtime over the search: one game's position, options and
//!   transposition table, the thread each search runs on and its fallback move, `perft` and `bench`;
//! - [`protocol`]: UCI and UGI, the text layer over the engine, with the line input the front ends
//!   share;
//! - [`page_service`]: the browser page's messages and the answers to its questions about the rules,
//!   for both of its hosts (`duel gui`'s server and the browser build).
//!
//! It builds for `wasm32-unknown-unknown` too, where a search runs in slices on the caller's thread
//! (the `duel-web` crate).

pub mod engine;
pub mod page_service;
pub mod protocol;
pub mod search;
