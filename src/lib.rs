//! `duel`: a game engine for Roland Studer's dice game Duel, built to host more two-player games behind
//! one [`game::Game`] trait.
//!
//! Layers, each importing only those before it (unit tests may also use a hosted game):
//! - [`game`]: the traits (the rules, [`game::Game`]; how a game is shown and tuned,
//!   [`game::Presentation`], [`game::WebBoard`] for graphical front ends, and [`game::Tuning`]) and
//!   what every game shares (move lists, outcomes, draw rules, game records, a seeded RNG);
//! - [`games`]: the rules of each hosted game, and [`hosted_games!`], the one list of them;
//! - [`search`]: the search, generic over the trait, with its nets (NNUE);
//! - [`engine`]: the text-free engine runtime over the search: one game's position, options and
//!   transposition table, the thread each search runs on and its fallback move, `perft` and `bench`;
//! - [`protocol`]: UCI and UGI, the text layer over the engine, with the line input the front ends
//!   share;
//! - [`record`]: how games are written down: PGN, and how a game ended;
//! - [`page_service`]: the browser page's messages and the answers to its questions about the rules,
//!   for both of its hosts (`duel gui`'s server and the browser build);
//! - [`tools`] (native only): the match runner, the opening-book maker, self-play training data and
//!   the trainer of nets, terminal play (which drives the engine too), the browser page's server
//!   (`duel gui`, a protocol client relayed to an engine process), the evaluation tuner and time
//!   controls.
//!
//! Over the library: the `duel` binary's command line (`main.rs`), and `web` (wasm32 only): the
//! protocol and the page's rules service over a C ABI for a Web Worker (docs/site.md). The browser
//! build compiles every layer but `tools`.

// The lint policy: every public item documented, every `unsafe` block with its SAFETY comment.
#![warn(missing_docs)]
#![deny(clippy::undocumented_unsafe_blocks)]

pub mod engine;
pub mod game;
pub mod games;
pub mod page_service;
pub mod protocol;
pub mod record;
pub mod search;
#[cfg(feature = "native")]
pub mod tools;
#[cfg(target_arch = "wasm32")]
pub mod web;

#[cfg(test)]
mod temp_dir;
