//! `duel`: a game engine for Roland Studer's dice game Duel, built to host more two-player games behind
//! one [`game::Game`] trait.
//!
//! Layers, each importing only those before it (unit tests may also use a hosted game):
//! - [`game`]: the traits (the rules, [`game::Game`]; how a game is shown and tuned,
//!   [`game::Presentation`], [`game::WebBoard`] for graphical front ends, and [`game::Tuning`]) and
//!   what every game shares (move lists, outcomes, draw rules, game records, a seeded RNG);
//! - [`games`]: the rules of each hosted game, and [`hosted_games!`], the one list of them;
//! - [`search`]: the search, generic over the trait;
//! - [`engine`]: the text-free engine runtime over the search: one game's position, options and
//!   transposition table, the thread each search runs on and its fallback move, `perft` and `bench`,
//!   and the line input the front ends share;
//! - [`protocol`]: UCI and UGI, the text layer over the engine;
//! - [`tools`]: the match runner, terminal play (which drives the engine too), the browser page
//!   (`duel gui`, a protocol client relayed to an engine process), the tuner, PGN and time controls.
//!
//! - `web` (wasm32 only): the protocol and the page's rules over a C ABI for a Web Worker
//!   (docs/site.md).
//!
//! The `duel` binary's command line (`main.rs`) sits on top of them all.

// The lint policy: every public item documented, every `unsafe` block with its SAFETY comment.
#![warn(missing_docs)]
#![deny(clippy::undocumented_unsafe_blocks)]

pub mod engine;
pub mod game;
pub mod games;
pub mod protocol;
pub mod search;
pub mod tools;
#[cfg(target_arch = "wasm32")]
pub mod web;

#[cfg(test)]
mod temp_dir;
