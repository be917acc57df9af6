//! The commands of both dialects (UCI and UGI), parsed from one input line.
//!
//! Parsing checks syntax only and never looks at the game: positions, moves and option values stay text
//! here, because what they mean depends on the game, the current position and the option table. The
//! command handler checks them (`position.rs`, `go.rs`, `options.rs`). Command words are case-sensitive, as in
//! UCI; option names are not (see `options.rs`). Every failure has its own error carrying the
//! offending text.

use super::output::quote;
use crate::engine::bench::MAX_DEPTH as MAX_BENCH_DEPTH;
use crate::engine::perft::MAX_DEPTH as MAX_PERFT_DEPTH;
use crate::search::Instant;
use std::fmt;
use std::time::Duration;

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

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartPosition {
    /// `startpos`: the game's start position.
    Start,
    /// `fen <text>`: a position in the game's position text (DFEN for Duel).
    Text(String),
}

/// A `position` command: a start and the moves played from it, still as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionCommand {
    /// Where the game starts.
    pub start: StartPosition,
    /// The moves after `moves`, in order.
    pub moves: Vec<String>,
}

/// One player's clock fields of a `go`, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayerClock {
    /// Time left (`wtime`/`p1time`, `btime`/`p2time`). Negative values are kept: some managers report
    /// an overdrawn clock that way.
    pub time: Option<i64>,
    /// Increment per move (`winc`/`p1inc`, `binc`/`p2inc`).
    pub increment: Option<u64>,
}

/// The parameters of a `go` that searches.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `depth`.
    pub depth: Option<u32>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `movetime`.
    pub movetime: Option<Duration>,
    /// `mate` (in moves).
    pub mate: Option<u32>,
    /// The clocks, indexed by `Side::index` (White = player 1 first).
    pub clocks: [PlayerClock; 2],
    /// `movestogo`.
    pub moves_to_go: Option<u32>,
    /// `infinite`.
    pub infinite: bool,
    /// `ponder`.
    pub ponder: bool,
    /// `searchmoves`, as text.
    pub searchmoves: Vec<String>,
    /// When the line arrived, stamped by the input thread (parsing leaves it empty): the clock runs
    /// from then, not from when the command loop gets to it, which on a busy machine can be
    /// milliseconds later.
    pub received: Option<Instant>,
}

/// The questions of UGI's `query`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// `p1turn`: is it player 1's (White's) turn?
    P1Turn,
    /// `gameover`: has the game ended?
    GameOver,
    /// `result`: `p1win`, `p2win`, `draw` or `none`.
    Result,
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

/// Why a `position` command cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionSyntaxError {
    /// Neither `startpos` nor `fen` follows.
    MissingStart,
    /// Something else than `startpos` or `fen` follows.
    UnknownStart(String),
    /// `fen` without a position text.
    MissingText,
    /// `startpos` followed by something other than `moves`.
    ExpectedMoves(String),
}

/// Why a `go` command cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoError {
    /// A parameter without its value.
    MissingValue(String),
    /// A value that is not a number of the right kind.
    BadNumber {
        /// The parameter.
        keyword: String,
        /// The text found.
        text: String,
        /// What was expected.
        expected: String,
    },
    /// A word that is no `go` parameter.
    UnknownParameter(String),
    /// `searchmoves` without moves.
    NoSearchMoves,
    /// `perft` not given alone as `go perft <depth>`.
    PerftSyntax,
}

/// Why a `setoption` command cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetOptionSyntaxError {
    /// `name` is missing.
    MissingName,
    /// `name` is followed by no words.
    EmptyName,
}

/// Why a `query` cannot be answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueryError {
    /// `query` alone.
    Missing,
    /// An unknown question.
    Unknown(String),
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

impl fmt::Display for PositionSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionSyntaxError::MissingStart => f.write_str("expected 'startpos' or 'fen <text>'"),
            PositionSyntaxError::UnknownStart(text) => {
                write!(f, "expected 'startpos' or 'fen', found {}", quote(text))
            }
            PositionSyntaxError::MissingText => f.write_str("'fen' needs a position text"),
            PositionSyntaxError::ExpectedMoves(text) => {
                write!(
                    f,
                    "expected 'moves' after 'startpos', found {}",
                    quote(text)
                )
            }
        }
    }
}

impl fmt::Display for GoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GoError::MissingValue(keyword) => write!(f, "'{keyword}' needs a value"),
            GoError::BadNumber {
                keyword,
                text,
                expected,
            } => write!(f, "'{keyword}' must be {expected}, found {}", quote(text)),
            GoError::UnknownParameter(word) => write!(f, "unknown parameter {}", quote(word)),
            GoError::NoSearchMoves => f.write_str("'searchmoves' needs at least one move"),
            GoError::PerftSyntax => f.write_str("perft is written 'go perft <depth>'"),
        }
    }
}

impl fmt::Display for SetOptionSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetOptionSyntaxError::MissingName => f.write_str("expected 'name <name> [value <v>]'"),
            SetOptionSyntaxError::EmptyName => f.write_str("the option name is missing"),
        }
    }
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QueryError::Missing => f.write_str("expected 'p1turn', 'gameover' or 'result'"),
            QueryError::Unknown(text) => write!(
                f,
                "unknown question {}, expected 'p1turn', 'gameover' or 'result'",
                quote(text)
            ),
        }
    }
}

impl std::error::Error for CommandError {}
impl std::error::Error for PositionSyntaxError {}
impl std::error::Error for GoError {}
impl std::error::Error for SetOptionSyntaxError {}
impl std::error::Error for QueryError {}

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
        "setoption" => parse_setoption(&args).map_err(CommandError::SetOption)?,
        "position" => Command::Position(parse_position(&args).map_err(CommandError::Position)?),
        "go" => parse_go(&args).map_err(CommandError::Go)?,
        "query" => Command::Query(parse_query(&args).map_err(CommandError::Query)?),
        "bench" => match args.as_slice() {
            [] => Command::Bench(None),
            [depth] => Command::Bench(Some(
                depth
                    .parse()
                    .ok()
                    .filter(|d| (1..=MAX_BENCH_DEPTH).contains(d))
                    .ok_or_else(|| CommandError::Bench(depth.to_string()))?,
            )),
            [_, extra, ..] => {
                return Err(CommandError::UnexpectedArgument {
                    command: "bench",
                    text: extra.to_string(),
                });
            }
        },
        other => return Err(CommandError::Unknown(other.to_string())),
    };
    Ok(Some(command))
}

fn parse_setoption(args: &[&str]) -> Result<Command, SetOptionSyntaxError> {
    let Some((&"name", rest)) = args.split_first() else {
        return Err(SetOptionSyntaxError::MissingName);
    };
    // Option names may contain spaces ("Move Overhead"); the name runs up to the word `value`.
    let split = rest.iter().position(|&w| w == "value");
    let (name, value) = match split {
        Some(at) => (&rest[..at], Some(rest[at + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(SetOptionSyntaxError::EmptyName);
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value: value.filter(|v| !v.is_empty()),
    })
}

fn parse_position(args: &[&str]) -> Result<PositionCommand, PositionSyntaxError> {
    let (start, rest) = match args.split_first() {
        None => return Err(PositionSyntaxError::MissingStart),
        Some((&"startpos", rest)) => {
            if let Some(&word) = rest.first().filter(|&&w| w != "moves") {
                return Err(PositionSyntaxError::ExpectedMoves(word.to_string()));
            }
            (StartPosition::Start, rest)
        }
        Some((&"fen", rest)) => {
            // The position text has several fields; it runs up to the word `moves`.
            let end = rest
                .iter()
                .position(|&w| w == "moves")
                .unwrap_or(rest.len());
            if end == 0 {
                return Err(PositionSyntaxError::MissingText);
            }
            (StartPosition::Text(rest[..end].join(" ")), &rest[end..])
        }
        Some((other, _)) => return Err(PositionSyntaxError::UnknownStart(other.to_string())),
    };
    let moves = match rest.split_first() {
        Some((_moves, list)) => list.iter().map(|word| word.to_string()).collect(),
        None => Vec::new(),
    };
    Ok(PositionCommand { start, moves })
}

/// The words that start a `go` parameter; `searchmoves` runs until one of them.
const GO_KEYWORDS: &[&str] = &[
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "p1time",
    "p2time",
    "p1inc",
    "p2inc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
];

fn parse_go(args: &[&str]) -> Result<Command, GoError> {
    if let Some((&"perft", rest)) = args.split_first() {
        return match rest {
            [depth] => Ok(Command::Perft(number(
                "perft",
                depth,
                0,
                MAX_PERFT_DEPTH as u64,
                &format!("a depth from 0 to {MAX_PERFT_DEPTH}"),
            )? as u32)),
            [] => Err(GoError::MissingValue("perft".to_string())),
            _ => Err(GoError::PerftSyntax),
        };
    }
    const U32_MAX: u64 = u32::MAX as u64;
    let mut go = Go::default();
    let mut words = args.iter().copied().peekable();
    while let Some(keyword) = words.next() {
        let mut value = || {
            words
                .next()
                .ok_or_else(|| GoError::MissingValue(keyword.to_string()))
        };
        match keyword {
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "depth" => {
                let text = value()?;
                go.depth = Some(number(keyword, text, 1, U32_MAX, "a depth of at least 1")? as u32);
            }
            "nodes" => {
                let text = value()?;
                go.nodes = Some(number(
                    keyword,
                    text,
                    1,
                    u64::MAX,
                    "a node count of at least 1",
                )?);
            }
            "mate" => {
                let text = value()?;
                go.mate =
                    Some(number(keyword, text, 1, U32_MAX, "a move count of at least 1")? as u32);
            }
            "movestogo" => {
                let text = value()?;
                go.moves_to_go =
                    Some(number(keyword, text, 1, U32_MAX, "a move count of at least 1")? as u32);
            }
            "movetime" => {
                let text = value()?;
                let ms = number(keyword, text, 0, MAX_MILLISECONDS, MILLISECONDS)?;
                go.movetime = Some(Duration::from_millis(ms));
            }
            "wtime" | "p1time" | "btime" | "p2time" => {
                let text = value()?;
                let ms = text
                    .parse::<i64>()
                    .ok()
                    .filter(|ms| ms.unsigned_abs() <= MAX_MILLISECONDS);
                let ms = ms.ok_or_else(|| GoError::BadNumber {
                    keyword: keyword.to_string(),
                    text: text.to_string(),
                    expected: "a time in milliseconds".to_string(),
                })?;
                go.clocks[player(keyword)].time = Some(ms);
            }
            "winc" | "p1inc" | "binc" | "p2inc" => {
                let text = value()?;
                let ms = number(keyword, text, 0, MAX_MILLISECONDS, MILLISECONDS)?;
                go.clocks[player(keyword)].increment = Some(ms);
            }
            "searchmoves" => {
                let mut list = Vec::new();
                while let Some(word) = words.next_if(|w| !GO_KEYWORDS.contains(w)) {
                    list.push(word);
                }
                if list.is_empty() {
                    return Err(GoError::NoSearchMoves);
                }
                go.searchmoves = list.iter().map(|word| word.to_string()).collect();
            }
            "perft" => return Err(GoError::PerftSyntax),
            other => return Err(GoError::UnknownParameter(other.to_string())),
        }
    }
    Ok(Command::Go(go))
}

/// Times are capped at about 31 years, which keeps every later `Duration` and `Instant` sum far
/// from overflowing.
const MAX_MILLISECONDS: u64 = 1 << 40;
const MILLISECONDS: &str = "a non-negative time in milliseconds";

/// 0 for White's (player 1's) clock fields, 1 for Black's.
fn player(keyword: &str) -> usize {
    if keyword.starts_with('w') || keyword.starts_with("p1") {
        0
    } else {
        1
    }
}

fn number(keyword: &str, text: &str, min: u64, max: u64, expected: &str) -> Result<u64, GoError> {
    text.parse::<u64>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| GoError::BadNumber {
            keyword: keyword.to_string(),
            text: text.to_string(),
            expected: expected.to_string(),
        })
}

fn parse_query(args: &[&str]) -> Result<Query, QueryError> {
    match args {
        [] => Err(QueryError::Missing),
        ["p1turn"] => Ok(Query::P1Turn),
        ["gameover"] => Ok(Query::GameOver),
        ["result"] => Ok(Query::Result),
        _ => Err(QueryError::Unknown(args.join(" "))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        parse(line).unwrap().unwrap()
    }

    fn go(line: &str) -> Go {
        match ok(line) {
            Command::Go(go) => go,
            other => panic!("not a go: {other:?}"),
        }
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
    }

    #[test]
    fn position_startpos_with_moves_and_spaced_marks() {
        // A mark standing alone stays a word: the game joins it to its move (`game::join_marks`).
        assert_eq!(
            ok("position startpos moves F1-e6 + D8-D2 ++ a1-B4"),
            Command::Position(PositionCommand {
                start: StartPosition::Start,
                moves: ["F1-e6", "+", "D8-D2", "++", "a1-B4"]
                    .map(String::from)
                    .to_vec(),
            })
        );
        assert_eq!(
            ok("position startpos moves"),
            Command::Position(PositionCommand {
                start: StartPosition::Start,
                moves: vec![],
            })
        );
    }

    #[test]
    fn position_fen_runs_up_to_moves() {
        assert_eq!(
            ok("position fen 9/9 w 0 1 moves E1-E2"),
            Command::Position(PositionCommand {
                start: StartPosition::Text("9/9 w 0 1".into()),
                moves: vec!["E1-E2".into()],
            })
        );
    }

    #[test]
    fn reject_bad_positions() {
        use PositionSyntaxError::*;
        assert_eq!(err("position"), CommandError::Position(MissingStart));
        assert_eq!(
            err("position start"),
            CommandError::Position(UnknownStart("start".into()))
        );
        assert_eq!(err("position fen"), CommandError::Position(MissingText));
        assert_eq!(
            err("position fen moves a"),
            CommandError::Position(MissingText)
        );
        assert_eq!(
            err("position startpos E1-E2"),
            CommandError::Position(ExpectedMoves("E1-E2".into()))
        );
    }

    #[test]
    fn go_mixes_uci_and_ugi_clocks() {
        let g =
            go("go wtime 1000 p2time -50 winc 10 p2inc 20 movestogo 5 depth 7 nodes 100 mate 3");
        assert_eq!(
            g.clocks[0],
            PlayerClock {
                time: Some(1000),
                increment: Some(10)
            }
        );
        assert_eq!(
            g.clocks[1],
            PlayerClock {
                time: Some(-50),
                increment: Some(20)
            }
        );
        assert_eq!(g.moves_to_go, Some(5));
        assert_eq!((g.depth, g.nodes, g.mate), (Some(7), Some(100), Some(3)));
        let g = go("go movetime 250 infinite ponder");
        assert_eq!(g.movetime, Some(Duration::from_millis(250)));
        assert!(g.infinite && g.ponder);
        assert_eq!(go("go"), Go::default());
    }

    #[test]
    fn go_searchmoves_stop_at_the_next_keyword() {
        let g = go("go searchmoves D1-e6 + H1-H2 depth 3");
        assert_eq!(g.searchmoves, ["D1-e6", "+", "H1-H2"]);
        assert_eq!(g.depth, Some(3));
    }

    #[test]
    fn go_perft() {
        assert_eq!(ok("go perft 3"), Command::Perft(3));
        assert_eq!(
            err("go perft"),
            CommandError::Go(GoError::MissingValue("perft".into()))
        );
        assert_eq!(err("go perft 3 4"), CommandError::Go(GoError::PerftSyntax));
        assert_eq!(
            err("go depth 3 perft 2"),
            CommandError::Go(GoError::PerftSyntax)
        );
        assert!(matches!(
            err("go perft 65"),
            CommandError::Go(GoError::BadNumber { .. })
        ));
    }

    #[test]
    fn reject_nonsense_go_numbers() {
        for line in [
            "go depth 0",
            "go depth -1",
            "go depth x",
            "go depth 99999999999",
            "go nodes 0",
            "go movetime -5",
            "go movetime 1.5",
            "go winc -1",
            "go wtime abc",
            "go btime 99999999999999999999",
            "go movestogo 0",
            "go mate 0",
        ] {
            assert!(
                matches!(err(line), CommandError::Go(GoError::BadNumber { .. })),
                "{line}"
            );
        }
        assert_eq!(
            err("go depth"),
            CommandError::Go(GoError::MissingValue("depth".into()))
        );
        assert_eq!(
            err("go fast"),
            CommandError::Go(GoError::UnknownParameter("fast".into()))
        );
        assert_eq!(
            err("go searchmoves depth 2"),
            CommandError::Go(GoError::NoSearchMoves)
        );
    }

    #[test]
    fn setoption_names_and_values_with_spaces() {
        assert_eq!(
            ok("setoption name Move Overhead value 30"),
            Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            }
        );
        assert_eq!(
            ok("setoption name Clear Hash"),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
        assert_eq!(
            ok("setoption name Ponder value"),
            Command::SetOption {
                name: "Ponder".into(),
                value: None
            }
        );
        assert_eq!(
            err("setoption Hash 3"),
            CommandError::SetOption(SetOptionSyntaxError::MissingName)
        );
        assert_eq!(
            err("setoption name value 3"),
            CommandError::SetOption(SetOptionSyntaxError::EmptyName)
        );
    }

    #[test]
    fn queries() {
        assert_eq!(ok("query p1turn"), Command::Query(Query::P1Turn));
        assert_eq!(ok("query gameover"), Command::Query(Query::GameOver));
        assert_eq!(ok("query result"), Command::Query(Query::Result));
        assert_eq!(err("query"), CommandError::Query(QueryError::Missing));
        assert_eq!(
            err("query winner now"),
            CommandError::Query(QueryError::Unknown("winner now".into()))
        );
    }

    #[test]
    fn messages_name_the_evidence() {
        assert_eq!(
            err("go depth x").to_string(),
            "go: 'depth' must be a depth of at least 1, found 'x'"
        );
        assert_eq!(
            err("frobnicate").to_string(),
            "unknown command 'frobnicate'"
        );
    }
}
