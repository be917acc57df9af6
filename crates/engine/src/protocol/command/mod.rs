//! The commands of both dialects (UCI and UGI), parsed from one input line; each command with
//! arguments has a file of its own that holds its syntax, its errors and what it does
//! (`go.rs`, `position.rs`, `setoption.rs`, `query.rs`, and `inspect.rs` for `d`, `eval` and
//! `bench`). What the commands without arguments do is the handler's (`handler.rs`).
//!
//! Parsing checks syntax only and never looks at the game: positions, moves and option values stay text
//! here, because what they mean depends on the game, the current position and the option table.
//! Command words are case-sensitive, as in UCI; option names are not (see `options`). Every failure
//! has its own error carrying the offending text.

mod go;
mod inspect;
mod position;
mod query;
mod setoption;

pub use go::{Go, GoError};
pub use position::{PositionCommand, PositionSyntaxError};
pub use query::{Query, QueryError};
pub use setoption::SetOptionSyntaxError;

use crate::engine::bench::MAX_DEPTH as MAX_BENCH_DEPTH;
use crate::protocol::output::quote;
use std::fmt;

/// One input line's command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify, list the options, `uciok`; switches to the UCI dialect.
    Uci,
    /// `ugi`: as `uci` but ends in `ugiok`; switches to the UGI dialect.
    Ugi,
    /// `debug [on|off]`: accepted and ignored.
    Debug,
    /// `isready`: answered `readyok` once every earlier command has taken effect.
    IsReady,
    /// `setoption name <name> [value <value>]`.
    SetOption {
        /// The option's name, its words joined by single spaces.
        name: String,
        /// The value text, if any.
        value: Option<String>,
    },
    /// `ucinewgame` or `uginewgame`.
    NewGame,
    /// `position startpos|fen <text> [moves …]`.
    Position(PositionCommand),
    /// `go …` (a search).
    Go(Go),
    /// `go perft <depth>`.
    Perft(u32),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit` (also what end of input means).
    Quit,
    /// `query p1turn|gameover|result` (UGI).
    Query(Query),
    /// `d`: the board and facts about the position.
    Display,
    /// `eval`: the static evaluation and its terms.
    Eval,
    /// `bench [depth]`.
    Bench(Option<u32>),
}

/// Why an input line is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// The line is longer than the reader accepts.
    LineTooLong {
        /// Its length in bytes (without the newline).
        bytes: usize,
        /// The limit.
        limit: usize,
    },
    /// The line is not UTF-8.
    NotUtf8 {
        /// How many bytes from the start are valid.
        valid_up_to: usize,
    },
    /// The first word is no command.
    Unknown(String),
    /// A command that takes no arguments got some.
    UnexpectedArgument {
        /// The command.
        command: &'static str,
        /// The first extra word.
        text: String,
    },
    /// A bad `debug`.
    Debug(String),
    /// A bad `position`.
    Position(PositionSyntaxError),
    /// A bad `go`.
    Go(GoError),
    /// A bad `setoption`.
    SetOption(SetOptionSyntaxError),
    /// A bad `query`.
    Query(QueryError),
    /// A bad `bench` depth.
    Bench(String),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::LineTooLong { bytes, limit } => write!(
                f,
                "line of {bytes} bytes is longer than the limit of {limit} bytes; ignored"
            ),
            CommandError::NotUtf8 { valid_up_to } => write!(
                f,
                "line is not valid UTF-8 (bad byte at offset {valid_up_to}); ignored"
            ),
            CommandError::Unknown(word) => write!(f, "unknown command {}", quote(word)),
            CommandError::UnexpectedArgument { command, text } => {
                write!(f, "'{command}' takes no arguments, found {}", quote(text))
            }
            CommandError::Debug(text) => {
                write!(f, "debug: expected 'on' or 'off', found {}", quote(text))
            }
            CommandError::Position(e) => write!(f, "position: {e}"),
            CommandError::Go(e) => write!(f, "go: {e}"),
            CommandError::SetOption(e) => write!(f, "setoption: {e}"),
            CommandError::Query(e) => write!(f, "query: {e}"),
            CommandError::Bench(text) => write!(
                f,
                "bench: expected a depth from 1 to {MAX_BENCH_DEPTH}, found {}",
                quote(text)
            ),
        }
    }
}

impl std::error::Error for CommandError {}

/// Parses one line; `Ok(None)` for a blank line, which is ignored (as Stockfish does).
pub fn parse(line: &str) -> Result<Option<Command>, CommandError> {
    let mut words = line.split_whitespace();
    let Some(word) = words.next() else {
        return Ok(None);
    };
    let args: Vec<&str> = words.collect();
    let bare = |command: &'static str, value: Command| match args.first() {
        None => Ok(value),
        Some(text) => Err(CommandError::UnexpectedArgument {
            command,
            text: text.to_string(),
        }),
    };
    let command = match word {
        "uci" => bare("uci", Command::Uci)?,
        "ugi" => bare("ugi", Command::Ugi)?,
        "isready" => bare("isready", Command::IsReady)?,
        "ucinewgame" => bare("ucinewgame", Command::NewGame)?,
        "uginewgame" => bare("uginewgame", Command::NewGame)?,
        "stop" => bare("stop", Command::Stop)?,
        "ponderhit" => bare("ponderhit", Command::PonderHit)?,
        "quit" => bare("quit", Command::Quit)?,
        "d" => bare("d", Command::Display)?,
        "eval" => bare("eval", Command::Eval)?,
        "debug" => match args.as_slice() {
            [] | ["on"] | ["off"] => Command::Debug,
            [other, ..] => return Err(CommandError::Debug(other.to_string())),
        },
        "setoption" => setoption::parse(&args).map_err(CommandError::SetOption)?,
        "position" => Command::Position(position::parse(&args).map_err(CommandError::Position)?),
        "go" => go::parse(&args).map_err(CommandError::Go)?,
        "query" => Command::Query(query::parse(&args).map_err(CommandError::Query)?),
        "bench" => inspect::parse_bench(&args)?,
        other => return Err(CommandError::Unknown(other.to_string())),
    };
    Ok(Some(command))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        parse(line).unwrap().unwrap()
    }

    fn err(line: &str) -> CommandError {
        parse(line).unwrap_err()
    }

    #[test]
    fn blank_lines_are_no_command() {
        assert_eq!(parse("").unwrap(), None);
        assert_eq!(parse("  \t ").unwrap(), None);
    }

    #[test]
    fn simple_commands() {
        assert_eq!(ok("uci"), Command::Uci);
        assert_eq!(ok("ugi"), Command::Ugi);
        assert_eq!(ok(" isready \r"), Command::IsReady);
        assert_eq!(ok("uginewgame"), Command::NewGame);
        assert_eq!(ok("ucinewgame"), Command::NewGame);
        assert_eq!(ok("debug on"), Command::Debug);
        assert_eq!(ok("bench"), Command::Bench(None));
        assert_eq!(ok("bench 3"), Command::Bench(Some(3)));
    }

    #[test]
    fn reject_unknown_command() {
        assert_eq!(err("hello world"), CommandError::Unknown("hello".into()));
        assert_eq!(err("UCI"), CommandError::Unknown("UCI".into()));
    }

    #[test]
    fn reject_arguments_to_bare_commands() {
        assert!(matches!(
            err("isready now"),
            CommandError::UnexpectedArgument {
                command: "isready",
                ..
            }
        ));
        assert!(matches!(err("debug maybe"), CommandError::Debug(_)));
        assert!(matches!(err("bench 0"), CommandError::Bench(_)));
        assert!(matches!(err("bench x"), CommandError::Bench(_)));
        assert!(matches!(
            err("bench 3 4"),
            CommandError::UnexpectedArgument {
                command: "bench",
                ..
            }
        ));
    }

    #[test]
    fn messages_name_the_evidence() {
        assert_eq!(
            err("frobnicate").to_string(),
            "unknown command 'frobnicate'"
        );
        assert_eq!(
            err("bench x").to_string(),
            format!("bench: expected a depth from 1 to {MAX_BENCH_DEPTH}, found 'x'")
        );
    }
}
