//! The `duel` command line: the engine (default), perft and bench.

use clap::{Parser, Subcommand};
use duel::game::Game;
use duel::games::Duel;
use std::process::ExitCode;

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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
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
