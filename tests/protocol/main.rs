//! Protocol tests: the real `duel` binary, driven over pipes as a GUI or tournament manager drives it.

mod commands;
#[path = "../common/mod.rs"]
mod common;
mod errors;
mod harness;
mod levels;
mod search;
mod stress;
mod ugi_game;
