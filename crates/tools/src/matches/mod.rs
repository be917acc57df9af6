//! `duel match`: engine-vs-engine matches with clocks, adjudication, fault handling, SPRT and PGN,
//! generic over the hosted games ([`HostedGame`]).
//!
//! [`run`] plays a match as a `Tournament` (`tournament.rs`) in fastchess's steps: prepare, play,
//! finish. Work is handed out as game pairs (one opening, colours swapped) to `concurrency` worker
//! threads, each with its own engine processes (`seats.rs`); the main thread collects finished games,
//! writes each to the PGN file at once, keeps the statistics, shows the progress (`report.rs`'s line,
//! on the crate's [`ProgressLine`]) and stops the match when the SPRT decides or on Ctrl-C.
//!
//! A match can be split over processes and machines (`--shard K/N`, `Shard`): every shard plays
//! its own pairs, writes its own PGN and results, and `duel results` merges the results into those
//! of the whole match. A killed run restarted with `--resume` counts the games its PGN holds and
//! plays the rest.

mod adjudication;
mod builtin;
mod cli;
mod collector;
mod config;
mod engines;
mod game;
mod opening_book;
mod player;
mod process_player;
mod ratings;
mod report;
mod results;
mod resume;
mod schedule;
mod seats;
mod stats;
mod tournament;

pub use cli::{CombineError, Combined, GameOptions, MatchArgs, ResultsArgs};
pub use config::MatchConfig;
pub use engines::{EngineKind, EngineSpec};
pub use results::{MatchResults, PairingResult, ResultsError};
pub use stats::Tally;

use crate::progress::ProgressLine;
use duel_rules::games::HostedGame;
use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use tournament::Tournament;

/// Plays the match (or its shard), printing progress and the summary to `out`; `stop` ends it
/// early (Ctrl-C).
pub fn run<G: HostedGame>(
    config: &MatchConfig,
    stop: &AtomicBool,
    out: &mut dyn Write,
) -> Result<MatchResults, String> {
    let mut tournament = Tournament::<G>::prepare(config, out)?;
    // `out` is standard output from the command line: the line is redrawn where that is a terminal.
    let terminal = std::io::stdout().is_terminal();
    tournament.play(stop, &mut ProgressLine::new(&mut *out, terminal))?;
    tournament.finish(out)
}

/// `duel match` from the command line: [`run`] on standard output, Ctrl-C stopping the match, which
/// still prints its summary.
pub fn run_until_interrupted<G: HostedGame>(config: &MatchConfig) -> Result<(), String> {
    let stop = Arc::new(AtomicBool::new(false));
    let on_interrupt = Arc::clone(&stop);
    if let Err(e) = ctrlc::set_handler(move || on_interrupt.store(true, Ordering::Relaxed)) {
        eprintln!("warning: Ctrl-C will not end the match cleanly: {e}");
    }
    run::<G>(config, &stop, &mut std::io::stdout()).map(|_| ())
}
