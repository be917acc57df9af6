//! The `duel` command line: the engine (default), perft, bench, match, results and play.

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use duel::game::Game;
use duel::games::Duel;
use duel::tools::matches::{self, MatchArgs, ResultsArgs};
use duel::tools::play::PlayArgs;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

#[derive(Parser)]
#[command(
    name = "duel",
    version,
    about = "A game engine for Duel, the dice game",
    long_about = "A game engine for Duel, the dice game. Without a subcommand it speaks UCI (and UGI) \
                  on standard input and output; see protocol.md."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Counts the leaf nodes of the legal-move tree (per root move, then the total and the speed).
    Perft {
        /// How many plies deep.
        depth: u32,
        /// Start from this DFEN instead of the start position.
        #[arg(long)]
        fen: Option<String>,
    },
    /// Searches fixed positions to a fixed depth (1 thread, 16 MB) and prints `<N> nodes <M> nps`.
    Bench {
        /// How many plies deep.
        #[arg(default_value_t = duel::protocol::DEFAULT_BENCH_DEPTH,
              value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: u32,
    },
    /// Plays engines against each other: clocks, adjudication, SPRT, PGN.
    Match(Box<MatchArgs>),
    /// Sums the results files of several `duel match --results` runs and prints the statistics.
    Results(ResultsArgs),
    /// Plays a game against the engine in the terminal (or two players, or the engine against itself).
    Play(PlayArgs),
}

fn main() -> ExitCode {
    let matches = Cli::command().get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    match cli.command {
        Some(Command::Perft { depth, fen }) => {
            let pos = match fen {
                Some(text) => match Duel::from_text(&text) {
                    Ok(pos) => pos,
                    Err(e) => {
                        eprintln!("error: invalid DFEN: {e}");
                        return ExitCode::from(2);
                    }
                },
                None => Duel::start(),
            };
            let mut out = std::io::stdout().lock();
            if duel::tools::perft::report(&pos, depth, &mut out).is_err() {
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Some(Command::Match(args)) => {
            // Each `--engine` occurrence is one participant: clap keeps the grouping in its matches.
            let engines: Vec<Vec<String>> = matches
                .subcommand_matches("match")
                .and_then(|m| m.get_occurrences::<String>("engine"))
                .map(|groups| groups.map(|g| g.cloned().collect()).collect())
                .unwrap_or_default();
            run_match(&args, &engines)
        }
        Some(Command::Results(args)) => match args.combine() {
            Ok(results) => {
                print!("{}", results.summary());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Play(args)) => args.run::<Duel>(),
        Some(Command::Bench { depth }) => {
            let mut out = std::io::stdout().lock();
            match duel::protocol::run_bench::<Duel>(depth, &mut out) {
                Ok(_) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: bench: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        None => match duel::protocol::run::<Duel>(std::io::stdin(), std::io::stdout()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: cannot start the engine: {e}");
                ExitCode::FAILURE
            }
        },
    }
}

/// `duel match`: Ctrl-C stops the match and still prints its summary.
fn run_match(args: &MatchArgs, engines: &[Vec<String>]) -> ExitCode {
    let config = match args.config(engines) {
        Ok(config) => config,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let stop = Arc::new(AtomicBool::new(false));
    let on_interrupt = Arc::clone(&stop);
    if let Err(e) = ctrlc::set_handler(move || on_interrupt.store(true, Ordering::Relaxed)) {
        eprintln!("warning: Ctrl-C will not end the match cleanly: {e}");
    }
    let mut out = std::io::stdout();
    match matches::run::<Duel>(&config, &stop, &mut out) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
