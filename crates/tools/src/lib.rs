//! `duel-tools`: the `duel` command's subcommands, each a [`tool::Tool`] (its arguments checked into
//! settings, then run for a game): the engine's `perft` and `bench`, the match runner and its merged
//! results (`matches`), the opening-book maker (`book`), self-play training data (`datagen`), the
//! trainer of nets (`train`) and the fitter of win-rate models (`wdl`), endgame databases
//! (`tablebase`), terminal play (`play`), the browser page's server (`gui`), the evaluation tuner
//! (`tune`), the SPSA tuner of engine options (`spsa`) and the game review (`annotate`); and what
//! several tools share: the engine processes the match runner and the page start
//! (`engine_process`), openings (`openings`), shards of a run split over machines (`shard`), the
//! progress line (`progress`), time controls and the command-line errors.
//!
//! `duel-tools` sits over [`duel_rules`] and [`duel_engine`]; neither knows it. What the tools share
//! with the browser build sits there: PGN, how a game ended and a review's judgments and accuracy in
//! [`duel_rules::record`], the page's messages and rules service in [`duel_engine::page_service`].
//!
//! No function here is longer than 60 lines of code (the other crates' limit is 100): a tool is
//! orchestration, and a long one hides its steps. This crate's own `clippy.toml` sets it.

pub mod annotate;
pub mod bench;
pub mod book;
pub mod cli_error;
pub mod datagen;
pub mod engine_process;
pub mod gui;
pub mod matches;
pub mod openings;
pub mod perft;
pub mod play;
pub mod progress;
pub mod shard;
pub mod spsa;
pub mod svg;
pub mod tablebase;
pub mod time_control;
pub mod tool;
pub mod train;
pub mod tune;
pub mod wdl;

#[cfg(test)]
mod temp_dir;
