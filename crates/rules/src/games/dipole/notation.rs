//! Move notation: `e1-e5` (plain move or merge), `e5xf6` (capture; k is the distance), `e1-off:4`
//! (bearing off 4 checkers) and `pass`.
//!
//! Output is canonical: lower-case squares, `x` exactly for captures. Input is lenient where nothing
//! can be misread: any letter case, surrounding spaces, the separator missing or wrong (`e5-f6`,
//! `e5f6` and `e1xe5` are read as the move they name), and for bearing off the `:` may be missing
//! (`e1-off4`). AbstractPlay's notation is read too: `+` as the separator of a merge (`e1+f2`, like
//! `-` and `x` read as the move it names), and `e1-off` without a count for the smallest bearing off
//! from e1, the only one AbstractPlay offers. Every rejection says what was wrong: the text (which part
//! could not be read), or the rule the move breaks in this position.

use super::lines::lines;
use super::movegen;
use super::moves::{Move, MoveKind};
use super::position::Position;
use super::square::{Square, name, parse_coordinates};
use super::stack::MAX_HEIGHT;
use crate::game::{Game, MoveTextError, Side};
use std::fmt;

/// Why a move text was rejected in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text cannot be read as `<square>-<square>`, `<square>-off:<k>` or `pass`.
    Text(MoveTextError),
    /// A light square was named: stacks stand on dark squares only.
    LightSquare(String),
    /// The number after `off:` is not a number of checkers 1–12.
    BadCount(String),
    /// The game is already over.
    GameOver {
        /// Who won.
        winner: Side,
    },
    /// `pass` while the side to move has other moves.
    PassNotAllowed,
    /// A move while the side to move has none: the only legal move is `pass`.
    MustPass,
    /// No stack on the start square.
    NoStack(Square),
    /// The stack on the start square belongs to the side not to move.
    NotYourStack(Square),
    /// The start and landing squares are the same.
    SameSquare(Square),
    /// The landing square is not on a straight line (row, column or diagonal) from the start.
    NotALine {
        /// Start.
        from: Square,
        /// Landing square.
        to: Square,
    },
    /// The move needs more checkers than the stack holds (k checkers move exactly k squares).
    TooFewCheckers {
        /// The stack's square.
        from: Square,
        /// Its height.
        height: u8,
        /// The checkers the move needs.
        count: u8,
    },
    /// A move onto an empty square or an own stack that does not go forward or diagonally forward;
    /// only captures may go sideways or backward.
    NotForward {
        /// Start.
        from: Square,
        /// Landing square.
        to: Square,
    },
    /// A capture of an enemy stack taller than the number of checkers moving.
    TooTall {
        /// The enemy stack's square.
        to: Square,
        /// Its height.
        height: u8,
        /// The checkers moving.
        count: u8,
    },
    /// Bearing off with too few checkers to leave the board forward or diagonally forward.
    CannotBearOff {
        /// The stack's square.
        from: Square,
        /// The checkers asked to bear off.
        count: u8,
        /// The least number that leaves the board.
        least: u8,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Text(error) => error.fmt(f),
            MoveError::LightSquare(text) => {
                write!(
                    f,
                    "{text} is a light square: stacks stand on dark squares only"
                )
            }
            MoveError::BadCount(text) => write!(
                f,
                "'{text}' is not a number of checkers to bear off (1 to {MAX_HEIGHT})"
            ),
            MoveError::GameOver { winner } => write!(f, "the game is over: {winner} has won"),
            MoveError::PassNotAllowed => {
                f.write_str("pass is allowed only when there is no other move")
            }
            MoveError::MustPass => {
                f.write_str("there is no move here: the only legal move is pass")
            }
            MoveError::NoStack(sq) => write!(f, "there is no stack on {sq}"),
            MoveError::NotYourStack(sq) => write!(f, "the stack on {sq} belongs to the opponent"),
            MoveError::SameSquare(sq) => write!(f, "the move starts and ends on {sq}"),
            MoveError::NotALine { from, to } => {
                write!(f, "{to} is not on a row, column or diagonal through {from}")
            }
            MoveError::TooFewCheckers {
                from,
                height,
                count,
            } => write!(
                f,
                "the stack on {from} has {height} checkers; this move needs {count} \
                 (k checkers move exactly k squares)"
            ),
            MoveError::NotForward { from, to } => write!(
                f,
                "{from}-{to} does not go forward or diagonally forward, and only captures may"
            ),
            MoveError::TooTall { to, height, count } => write!(
                f,
                "the stack on {to} has {height} checkers: {count} cannot capture it"
            ),
            MoveError::CannotBearOff { from, count, least } => write!(
                f,
                "{count} checkers from {from} stay on the board; bearing off needs at least {least}"
            ),
        }
    }
}

impl std::error::Error for MoveError {}

impl From<MoveTextError> for MoveError {
    fn from(error: MoveTextError) -> Self {
        MoveError::Text(error)
    }
}

/// The canonical text of a move in `pos`.
pub fn format(pos: &Position, mv: Move) -> String {
    match mv.kind() {
        MoveKind::Null => "null".to_string(),
        MoveKind::Pass => "pass".to_string(),
        MoveKind::BearOff { from, count } => format!("{from}-off:{count}"),
        MoveKind::Step { from, to, .. } => {
            let them = pos.side_to_move().opponent();
            let separator = if pos.occupied_by(them) & to.bit() != 0 {
                'x'
            } else {
                '-'
            };
            format!("{from}{separator}{to}")
        }
    }
}

/// Parses a move text and checks that it is legal in `pos`, explaining why when it is not.
pub fn parse(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let named = parse_syntax(text)?;
    check(pos, named)
}

/// A move as the text names it, before the position is consulted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Named {
    Pass,
    Step(Square, Square),
    /// Bearing off from the square: that many checkers, or the fewest that leave the board.
    BearOff(Square, Option<u8>),
}

/// Reads the text without looking at a position.
fn parse_syntax(text: &str) -> Result<Named, MoveError> {
    let syntax = |reason| {
        MoveError::Text(MoveTextError::Syntax {
            text: text.to_string(),
            reason,
        })
    };
    let core = text.trim();
    if core.is_empty() {
        return Err(MoveTextError::Empty.into());
    }
    if core.eq_ignore_ascii_case("pass") {
        return Ok(Named::Pass);
    }
    let (from_text, rest) = square_token(core);
    if from_text.is_empty() {
        return Err(syntax(
            "expected a start square like e1 (or pass), as in e1-e5, e5xf6 or e1-off:4",
        ));
    }
    let from = square(from_text)?;
    let rest = rest.trim_start();
    let rest = rest
        .strip_prefix(['-', 'x', 'X', '+'])
        .unwrap_or(rest)
        .trim_start();
    if rest.get(..3).is_some_and(|s| s.eq_ignore_ascii_case("off")) {
        if rest.len() == 3 {
            return Ok(Named::BearOff(from, None));
        }
        let count_text = rest[3..].strip_prefix(':').unwrap_or(&rest[3..]);
        if count_text.is_empty() {
            return Err(syntax(
                "expected the number of checkers after 'off:', like e1-off:4",
            ));
        }
        return match count_text.parse::<u8>() {
            Ok(count @ 1..=MAX_HEIGHT) => Ok(Named::BearOff(from, Some(count))),
            _ => Err(MoveError::BadCount(count_text.to_string())),
        };
    }
    let (to_text, tail) = square_token(rest);
    if to_text.is_empty() {
        return Err(syntax(
            "expected '-' or 'x' and a landing square like e5, or 'off:' and a number",
        ));
    }
    if !tail.is_empty() {
        return Err(syntax("unexpected text after the landing square"));
    }
    let to = square(to_text)?;
    if from == to {
        return Err(MoveError::SameSquare(from));
    }
    Ok(Named::Step(from, to))
}

/// Splits off a leading square-like token: one ASCII letter and the ASCII digits after it (empty
/// when the text does not start with a letter).
fn square_token(text: &str) -> (&str, &str) {
    let mut chars = text.char_indices();
    match chars.next() {
        Some((_, c)) if c.is_ascii_alphabetic() => {}
        _ => return ("", text),
    }
    let end = chars
        .find(|&(_, c)| !c.is_ascii_digit())
        .map_or(text.len(), |(i, _)| i);
    text.split_at(end)
}

/// The dark square a token names.
fn square(token: &str) -> Result<Square, MoveError> {
    let (column, row) = parse_coordinates(token)
        .ok_or_else(|| MoveError::Text(MoveTextError::NotASquare(token.to_string())))?;
    Square::at(column, row).ok_or_else(|| MoveError::LightSquare(name(column, row)))
}

/// The move `named` stands for if it is legal in `pos`, or the rule it breaks. These checks are the
/// rules written for people; the tests hold them equal to the generator over every possible text.
fn check(pos: &Position, named: Named) -> Result<Move, MoveError> {
    if let Some(winner) = pos.decided_winner() {
        return Err(MoveError::GameOver { winner });
    }
    // The generator emits pass only when it is the one legal move.
    let mut must_pass = false;
    movegen::for_each_legal_move(pos, |mv| must_pass |= mv.is_pass());
    match named {
        Named::Pass if must_pass => Ok(Move::PASS),
        Named::Pass => Err(MoveError::PassNotAllowed),
        _ if must_pass => Err(MoveError::MustPass),
        Named::Step(from, to) => check_step(pos, from, to),
        Named::BearOff(from, count) => check_bear_off(pos, from, count),
    }
}

/// A plain move, merge or capture from `from` to `to`, or the rule it breaks.
fn check_step(pos: &Position, from: Square, to: Square) -> Result<Move, MoveError> {
    let (dc, dr) = (to.column() - from.column(), to.row() - from.row());
    if dc != 0 && dr != 0 && dc.abs() != dr.abs() {
        return Err(MoveError::NotALine { from, to });
    }
    // Along a line the distance is the larger coordinate difference (both are equal on a diagonal).
    let count = dc.abs().max(dr.abs()) as u8;
    lift_own(pos, from, count)?;
    let us = pos.side_to_move();
    match pos.stack_at(to) {
        Some(enemy) if enemy.owner != us && enemy.height > count => Err(MoveError::TooTall {
            to,
            height: enemy.height,
            count,
        }),
        Some(enemy) if enemy.owner != us => Ok(Move::step(from, to, count)),
        _ => {
            let ahead = match us {
                Side::White => 1,
                Side::Black => -1,
            };
            if dr * ahead > 0 {
                Ok(Move::step(from, to, count))
            } else {
                Err(MoveError::NotForward { from, to })
            }
        }
    }
}

/// Bearing `count` checkers (by default the fewest that leave the board) off from `from`, or the
/// rule it breaks.
fn check_bear_off(pos: &Position, from: Square, count: Option<u8>) -> Result<Move, MoveError> {
    let least = lines(pos.side_to_move(), from).bear_off_from;
    let count = count.unwrap_or(least);
    lift_own(pos, from, count)?;
    if count < least {
        return Err(MoveError::CannotBearOff { from, count, least });
    }
    Ok(Move::bear_off(from, count))
}

/// Whether the side to move can take `count` checkers off a stack on `from`, or why not.
fn lift_own(pos: &Position, from: Square, count: u8) -> Result<(), MoveError> {
    match pos.stack_at(from) {
        None => Err(MoveError::NoStack(from)),
        Some(stack) if stack.owner != pos.side_to_move() => Err(MoveError::NotYourStack(from)),
        Some(stack) if stack.height < count => Err(MoveError::TooFewCheckers {
            from,
            height: stack.height,
            count,
        }),
        Some(_) => Ok(()),
    }
}
