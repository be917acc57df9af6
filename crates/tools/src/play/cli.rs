//! The command line of `duel play`, turned into a [`PlayConfig`], and the process around a session:
//! standard input and output, the terminal's abilities, Ctrl-C, the exit status.

use super::{EngineLimit, Exit, PlayConfig, Terminal};
use crate::cli_error::CliError;
use crate::time_control::TimeControl;
use crate::tool::{Call, Tool};
use clap::{Args, ValueEnum};
use duel_rules::games::HostedGame;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// How long the engine thinks when no limit is given.
const DEFAULT_MOVETIME_MS: u64 = 1000;
/// The exit status after Ctrl-C: 128 + SIGINT, as shells report it.
const INTERRUPTED_STATUS: u8 = 130;

/// Which side the person at the keyboard plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Colour {
    /// White; the engine plays Black.
    White,
    /// Black; the engine plays White.
    Black,
    /// Both: two players at one keyboard.
    Both,
    /// Neither: the engine plays itself.
    None,
}

/// `duel play`: a game against the engine in the terminal.
#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    /// Your side: white, black, both (two players) or none (the engine plays itself).
    #[arg(long, value_enum, default_value_t = Colour::White)]
    pub color: Colour,
    /// The engine thinks this many milliseconds a move [default: 1000].
    #[arg(long, value_name = "MS", conflicts_with_all = ["depth", "tc"],
          value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// The engine searches this many plies deep.
    #[arg(long, value_name = "N", conflicts_with = "tc",
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// Both sides play on a clock: `[moves/]base[+increment]` in seconds, e.g. 300+2.
    #[arg(long, value_name = "BASE+INC")]
    pub tc: Option<String>,
    /// Start every game from this position (DFEN) instead of the start position.
    #[arg(long, value_name = "DFEN")]
    pub fen: Option<String>,
    /// Write every game to this PGN file (kept up to date after every move).
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
}

impl PlayArgs {
    /// Checks the arguments and builds the session's configuration.
    pub fn config<G: HostedGame>(&self, terminal: Terminal) -> Result<PlayConfig<G>, String> {
        let start = match &self.fen {
            Some(text) => G::from_text(text).map_err(|e| format!("--fen: {e}"))?,
            None => G::start(),
        };
        let limit = match (&self.tc, self.depth, self.movetime) {
            (Some(tc), _, _) => {
                EngineLimit::Clock(TimeControl::parse(tc).map_err(|e| format!("--tc: {e}"))?)
            }
            (None, Some(depth), _) => EngineLimit::Depth(depth),
            (None, None, movetime) => EngineLimit::MoveTime(Duration::from_millis(
                movetime.unwrap_or(DEFAULT_MOVETIME_MS),
            )),
        };
        let humans = match self.color {
            Colour::White => [true, false],
            Colour::Black => [false, true],
            Colour::Both => [true, true],
            Colour::None => [false, false],
        };
        Ok(PlayConfig {
            start,
            humans,
            limit,
            log: self.log.clone(),
            terminal,
        })
    }

    /// Plays on standard input and output until `quit`, the end of the input or Ctrl-C.
    pub fn play<G: HostedGame>(&self) -> Result<ExitCode, CliError> {
        let terminal = Terminal::decide(
            std::io::stdout().is_terminal(),
            std::io::stdin().is_terminal(),
            std::env::var_os("TERM").as_deref(),
            std::env::var_os("NO_COLOR").as_deref(),
        );
        let config = self.config::<G>(terminal).map_err(CliError::Usage)?;
        let (interrupt, interrupted) = crossbeam_channel::bounded(1);
        let presses = AtomicUsize::new(0);
        let handler = move || {
            // The first Ctrl-C asks the session to save and leave; a second one, should the
            // session not manage that, leaves at once (the log holds every move played anyway).
            if presses.fetch_add(1, Ordering::SeqCst) == 0 {
                let _ = interrupt.try_send(());
            } else {
                print!("\x1b[0m");
                std::process::exit(INTERRUPTED_STATUS.into());
            }
        };
        if let Err(e) = ctrlc::set_handler(handler) {
            eprintln!("warning: Ctrl-C will end the game without saving it: {e}");
        }
        match super::run(config, std::io::stdin(), std::io::stdout(), interrupted) {
            Ok(Exit::Quit) => Ok(ExitCode::SUCCESS),
            Ok(Exit::Interrupted) => Ok(ExitCode::from(INTERRUPTED_STATUS)),
            Err(e) => Err(CliError::Usage(e.to_string())),
        }
    }
}

/// The position and the clock are the game's to read, so the arguments are checked in the run.
impl Tool for PlayArgs {
    type Settings = PlayArgs;

    fn settings(&self, _: &Call<'_>) -> Result<PlayArgs, String> {
        Ok(self.clone())
    }

    fn run<G: HostedGame>(args: &PlayArgs) -> Result<ExitCode, CliError> {
        args.play::<G>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use duel_rules::games::Duel;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        play: PlayArgs,
    }

    fn config(args: &[&str]) -> Result<PlayConfig<Duel>, String> {
        let cli = Cli::try_parse_from(std::iter::once("play").chain(args.iter().copied()))
            .map_err(|e| e.to_string())?;
        cli.play.config(Terminal::default())
    }

    #[test]
    fn limits_sides_and_positions() {
        let default = config(&[]).unwrap();
        assert_eq!(default.humans, [true, false]);
        assert_eq!(
            default.limit,
            EngineLimit::MoveTime(Duration::from_millis(1000))
        );
        let black = config(&["--color", "black", "--depth", "3"]).unwrap();
        assert_eq!(
            (black.humans, black.limit),
            ([false, true], EngineLimit::Depth(3))
        );
        let clock = config(&["--tc", "60+1", "--color", "none"]).unwrap();
        assert!(matches!(clock.limit, EngineLimit::Clock(_)));
        assert_eq!(clock.humans, [false, false]);
    }

    #[test]
    fn bad_arguments_are_named() {
        assert!(config(&["--depth", "2", "--movetime", "5"]).is_err());
        assert!(config(&["--depth", "0"]).is_err());
        assert!(
            config(&["--tc", "fast"])
                .unwrap_err()
                .starts_with("--tc: time control 'fast'")
        );
        assert!(
            config(&["--fen", "9/9 w"])
                .unwrap_err()
                .starts_with("--fen: ")
        );
        assert!(config(&["--color", "red"]).is_err());
    }
}
