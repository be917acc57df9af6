//! `duel`: a game engine for Roland Studer's dice game Duel, built to host more two-player games behind
//! one [`game::Game`] trait.
//!
//! Layers, each depending only on those before it: `game` (the trait and shared helpers), `games` (the
//! rules of each game), `search`, `protocol` and `tools`.

pub mod engine;
pub mod game;
pub mod games;
pub mod protocol;
pub mod search;
pub mod tools;

#[cfg(test)]
mod temp_dir;
