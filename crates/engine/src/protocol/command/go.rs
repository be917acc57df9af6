//! `go`: its syntax and errors, the limits of the search it asks for, and starting that search; and
//! `go perft <depth>`, its own command under the same word.
//!
//! Parsing checks syntax only: `searchmoves` stay text until the handler reads them in the current
//! position. UCI names the clocks by colour (`wtime`, `btime`, …) and UGI by player (`p1time`,
//! `p2time`, …); player 1 is White, so both land in the same two clocks. The search gets only the
//! side to move's clock. When only the opponent's clock is given, it is the best estimate there is:
//! it is used, and the engine says so. A clock overdrawn below zero counts as zero (move at once).

use super::Command;
use crate::engine::perft::MAX_DEPTH as MAX_PERFT_DEPTH;
use crate::protocol::handler::Handler;
use crate::protocol::info::InfoFields;
use crate::protocol::output::quote;
use crate::protocol::printer::Printer;
use crate::search::{Clock, Instant, Limits};
use duel_rules::game::{Game, Side, join_marks};
use duel_rules::games::HostedGame;
use std::fmt;
use std::iter::Peekable;
use std::sync::Arc;
use std::time::Duration;

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

impl std::error::Error for GoError {}

/// Why a `go` cannot search this position.
pub struct SearchMoveError<G: Game> {
    /// The move text.
    pub text: String,
    /// Why it is not a legal move here.
    pub error: G::MoveError,
}

impl<G: Game> fmt::Display for SearchMoveError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "go: searchmoves {} rejected: {}; no search started",
            quote(&self.text),
            self.error
        )
    }
}

/// The words that start a `go` parameter; `searchmoves` runs until one of them.
const KEYWORDS: &[&str] = &[
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

/// Times are capped at about 31 years, which keeps every later `Duration` and `Instant` sum far
/// from overflowing.
const MAX_MILLISECONDS: u64 = 1 << 40;
const MILLISECONDS: &str = "a non-negative time in milliseconds";
const MOVE_COUNT: &str = "a move count of at least 1";

/// Reads the words after `go`: a search, or `perft <depth>`.
pub(super) fn parse(args: &[&str]) -> Result<Command, GoError> {
    if let Some((&"perft", rest)) = args.split_first() {
        return parse_perft(rest).map(Command::Perft);
    }
    let mut go = Go::default();
    let mut words = args.iter().copied().peekable();
    while let Some(keyword) = words.next() {
        match keyword {
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => go.searchmoves = parse_searchmoves(&mut words)?,
            "perft" => return Err(GoError::PerftSyntax),
            _ => {
                let value = || {
                    words
                        .next()
                        .ok_or_else(|| GoError::MissingValue(keyword.to_string()))
                };
                parse_parameter(&mut go, keyword, value)?;
            }
        }
    }
    Ok(Command::Go(go))
}

/// `go perft <depth>`'s depth.
fn parse_perft(rest: &[&str]) -> Result<u32, GoError> {
    match rest {
        [depth] => {
            let expected = format!("a depth from 0 to {MAX_PERFT_DEPTH}");
            let depth = number("perft", depth, 0, MAX_PERFT_DEPTH as u64, &expected)?;
            Ok(depth as u32)
        }
        [] => Err(GoError::MissingValue("perft".to_string())),
        _ => Err(GoError::PerftSyntax),
    }
}

/// The moves after `searchmoves`, up to the next parameter.
fn parse_searchmoves<'a>(
    words: &mut Peekable<impl Iterator<Item = &'a str>>,
) -> Result<Vec<String>, GoError> {
    let mut list = Vec::new();
    while let Some(word) = words.next_if(|w| !KEYWORDS.contains(w)) {
        list.push(word.to_string());
    }
    if list.is_empty() {
        return Err(GoError::NoSearchMoves);
    }
    Ok(list)
}

/// A parameter with a value, which `value` reads when the keyword is known.
fn parse_parameter<'a>(
    go: &mut Go,
    keyword: &str,
    value: impl FnOnce() -> Result<&'a str, GoError>,
) -> Result<(), GoError> {
    match keyword {
        "depth" => go.depth = Some(count(keyword, value()?, "a depth of at least 1")?),
        "nodes" => {
            let expected = "a node count of at least 1";
            go.nodes = Some(number(keyword, value()?, 1, u64::MAX, expected)?);
        }
        "mate" => go.mate = Some(count(keyword, value()?, MOVE_COUNT)?),
        "movestogo" => go.moves_to_go = Some(count(keyword, value()?, MOVE_COUNT)?),
        "movetime" => {
            let ms = number(keyword, value()?, 0, MAX_MILLISECONDS, MILLISECONDS)?;
            go.movetime = Some(Duration::from_millis(ms));
        }
        "wtime" | "p1time" | "btime" | "p2time" => {
            go.clocks[player(keyword)].time = Some(clock_time(keyword, value()?)?);
        }
        "winc" | "p1inc" | "binc" | "p2inc" => {
            let ms = number(keyword, value()?, 0, MAX_MILLISECONDS, MILLISECONDS)?;
            go.clocks[player(keyword)].increment = Some(ms);
        }
        other => return Err(GoError::UnknownParameter(other.to_string())),
    }
    Ok(())
}

/// 0 for White's (player 1's) clock fields, 1 for Black's.
fn player(keyword: &str) -> usize {
    if keyword.starts_with('w') || keyword.starts_with("p1") {
        0
    } else {
        1
    }
}

/// A clock's time left: negative values are kept (see [`PlayerClock::time`]).
fn clock_time(keyword: &str, text: &str) -> Result<i64, GoError> {
    text.parse::<i64>()
        .ok()
        .filter(|ms| ms.unsigned_abs() <= MAX_MILLISECONDS)
        .ok_or_else(|| bad_number(keyword, text, "a time in milliseconds"))
}

/// A count of at least 1 that fits `u32`.
fn count(keyword: &str, text: &str, expected: &str) -> Result<u32, GoError> {
    Ok(number(keyword, text, 1, u32::MAX as u64, expected)? as u32)
}

fn number(keyword: &str, text: &str, min: u64, max: u64, expected: &str) -> Result<u64, GoError> {
    text.parse::<u64>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| bad_number(keyword, text, expected))
}

fn bad_number(keyword: &str, text: &str, expected: &str) -> GoError {
    GoError::BadNumber {
        keyword: keyword.to_string(),
        text: text.to_string(),
        expected: expected.to_string(),
    }
}

/// A `go` ready to search: its limits, and remarks for `info string` lines.
pub struct Prepared<M> {
    /// The limits for the search.
    pub limits: Limits<M>,
    /// What the engine assumed, one `info string` each.
    pub notes: Vec<String>,
}

/// The limits `go` asks for in `root`.
pub fn prepare<G: Game>(go: &Go, root: &G) -> Result<Prepared<G::Move>, SearchMoveError<G>> {
    let mut notes = Vec::new();
    let mut searchmoves = Vec::new();
    for text in &join_marks::<G, _>(&go.searchmoves) {
        let mv = root.parse_move(text).map_err(|error| SearchMoveError {
            text: text.clone(),
            error,
        })?;
        if !searchmoves.contains(&mv) {
            searchmoves.push(mv);
        }
    }
    let us = root.side_to_move();
    let clock = clock_for(go, us, &mut notes);
    let limits = Limits {
        depth: go.depth,
        nodes: go.nodes,
        movetime: go.movetime,
        clock,
        mate: go.mate,
        infinite: go.infinite,
        searchmoves,
        first_depth: None,
        // The moment the line arrived; without it, the engine stamps the moment it starts the search.
        since: go.received,
    };
    Ok(Prepared { limits, notes })
}

/// The clock of `us`, or the opponent's as an estimate when ours is missing.
fn clock_for(go: &Go, us: Side, notes: &mut Vec<String>) -> Option<Clock> {
    let ours = go.clocks[us.index()];
    let theirs = go.clocks[us.opponent().index()];
    let (clock, owner) = match (ours.time, theirs.time) {
        (Some(_), _) => (ours, us),
        (None, Some(_)) => {
            notes.push(format!(
                "no clock given for {us} (to move); using {}'s clock as the estimate",
                us.opponent()
            ));
            (theirs, us.opponent())
        }
        (None, None) => {
            if ours.increment.is_some() || theirs.increment.is_some() {
                notes.push("an increment without a clock time is ignored".to_string());
            }
            return None;
        }
    };
    Some(to_clock(clock, owner, go.moves_to_go, notes))
}

fn to_clock(
    clock: PlayerClock,
    owner: Side,
    moves_to_go: Option<u32>,
    notes: &mut Vec<String>,
) -> Clock {
    let ms = clock.time.unwrap_or(0);
    if ms < 0 {
        notes.push(format!(
            "{owner}'s clock shows {ms} ms; searching as if no time were left"
        ));
    }
    Clock {
        time: Duration::from_millis(ms.max(0) as u64),
        increment: Duration::from_millis(clock.increment.unwrap_or(0)),
        moves_to_go,
    }
}

impl<G: HostedGame> Handler<G> {
    /// `go`: stops the running search and starts one of the current position; a finished game is
    /// answered at once with no move.
    pub(in crate::protocol) fn go(&mut self, go: &Go) {
        self.engine.stop();
        let record = self.engine.record();
        if let Some(end) = record.termination() {
            self.out.error(format!(
                "go: the game is over ({end}, {}); there is no move to search",
                end.outcome().pgn()
            ));
            self.out.line(&self.dialect.bestmove(None, None));
            return;
        }
        let root = record.current().clone();
        let prepared = match prepare(go, &root) {
            Ok(prepared) => prepared,
            Err(e) => return self.out.error(e),
        };
        for note in &prepared.notes {
            self.out.info_string(note);
        }
        let printer = Arc::new(Printer {
            out: self.out.clone(),
            root,
            dialect: self.dialect,
            fields: InfoFields {
                multipv: self.engine.settings().multipv > 1,
                wdl: self.engine.settings().show_wdl,
            },
            win_rate_model: Arc::new(self.engine.settings().win_rate_model::<G>().clone()),
        });
        if go.ponder {
            self.engine.ponder(prepared.limits, printer);
        } else {
            self.engine.go(prepared.limits, printer);
        }
    }

    /// `go perft <depth>`: stops the search and prints the perft of the current position.
    pub(in crate::protocol) fn perft(&mut self, depth: u32) {
        self.engine.stop();
        let mut sink = self.out.lines();
        if let Err(e) = self.engine.perft(depth, &mut sink) {
            drop(sink);
            self.out.error(format!("go perft: {e}"));
        }
    }
}

#[cfg(test)]
mod tests;
