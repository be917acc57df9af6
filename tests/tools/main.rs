//! The tools run as real processes: `duel play`, `duel match` (faulty engines, shards, and under load:
//! faulty engines far above the cores), `duel book`, `duel datagen`, `duel train`, `duel tune`,
//! `duel spsa`, `duel tablebase`, `duel wdl` and `duel annotate`.

#![allow(
    clippy::too_many_lines,
    reason = "a test is one scenario read top to bottom (a game played move by move, a table of \
              rejected inputs); the limit on a function's length is for the product code"
)]

#[path = "../common/mod.rs"]
mod common;
#[allow(dead_code)] // The harness's protocol helpers (bestmove, isready) are not needed here.
#[path = "../protocol/harness.rs"]
mod harness;

mod annotate;
mod book;
mod datagen;
mod match_load;
mod match_runner;
mod play;
mod shards;
mod small_data;
mod spsa;
mod tablebase;
mod train;
mod tune;
mod wdl;
