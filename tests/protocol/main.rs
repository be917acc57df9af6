//! Protocol tests: the real `duel` binary, driven over pipes as a GUI or tournament manager drives it.

#![allow(
    clippy::too_many_lines,
    reason = "a test is one scenario read top to bottom (a game played move by move, a table of \
              rejected inputs); the limit on a function's length is for the product code"
)]

mod commands;
#[path = "../common/mod.rs"]
mod common;
mod errors;
mod harness;
mod levels;
mod search;
mod stress;
mod tablebase;
mod ugi_game;
