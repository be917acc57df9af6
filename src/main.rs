//! The `duel` command line: the engine (default), perft, bench, match and play.

use clap::{Parser, Subcommand};
use duel::game::Game;
use duel::games::Duel;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "duel",
    version,
    about = "A game engine for Duel, the dice game"
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
        None => {
            eprintln!("the engine loop is not built yet");
            ExitCode::FAILURE
        }
    }
}
