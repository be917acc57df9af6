//! Move notation: `<from><sep><to><mark>`, e.g. `D1-e6`, `e3xh3`, `I1-h5++`.
//!
//! The case of a square's letter encodes the path: upper case means the die rolls along that column
//! (a vertical leg), lower case that it only crosses it. Output is canonical: `x` for captures, `+`
//! when the move attacks the enemy king, `++` when the opponent is left without a legal move. Input is
//! lenient as the rules decide: the separator and marks may be missing or wrong, spaces may precede the
//! mark, and a straight move's letters may have either case; an L-move whose letters share a case is
//! ambiguous and rejected.

use super::movegen;
use super::movegen::paths::PATHS;
use super::moves::Move;
use super::position::{Position, goal_square};
use super::square::Square;
use crate::game::{Game, MoveTextError};
use std::fmt;

/// Why a move text was rejected in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text cannot be read as `<square><-|x><square>[+|++]` (an empty text included).
    Text(MoveTextError),
    /// An L-shaped move whose two letters have the same case: the path is unknown.
    Ambiguous(String),
    /// The game is already over.
    GameOver,
    /// No piece on the start square.
    NoPiece(Square),
    /// The piece on the start square belongs to the side not to move.
    NotYourPiece(Square),
    /// A king asked to move other than one square orthogonally.
    KingStep(Square),
    /// A die asked to move a distance other than its top value.
    WrongDistance {
        /// The die's square.
        from: Square,
        /// Its top value.
        top: u8,
        /// The distance asked for.
        distance: i32,
    },
    /// A square on the path is occupied.
    Blocked {
        /// Start.
        from: Square,
        /// End.
        to: Square,
        /// The first occupied square on the way.
        at: Square,
    },
    /// The end square holds one of the mover's own pieces.
    OwnPiece(Square),
    /// After the move the mover's king would be attacked.
    LeavesKingAttacked(Vec<Square>),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Text(error) => error.fmt(f),
            MoveError::Ambiguous(text) => write!(
                f,
                "'{text}' is ambiguous: in an L-shaped move exactly one letter is upper case (the vertical leg)"
            ),
            MoveError::GameOver => f.write_str("the game is over"),
            MoveError::NoPiece(sq) => write!(f, "there is no piece on {sq}"),
            MoveError::NotYourPiece(sq) => write!(f, "the piece on {sq} belongs to the opponent"),
            MoveError::KingStep(sq) => {
                write!(
                    f,
                    "the king on {sq} moves exactly one square north, south, east or west"
                )
            }
            MoveError::WrongDistance {
                from,
                top,
                distance,
            } => write!(
                f,
                "{from} shows {top}: it must move exactly {top} squares, not {distance}"
            ),
            MoveError::Blocked { from, to, at } => {
                write!(f, "the path {from}–{to} is blocked at {at}")
            }
            MoveError::OwnPiece(sq) => write!(f, "{sq} holds one of your own pieces"),
            MoveError::LeavesKingAttacked(by) => {
                let names: Vec<String> = by.iter().map(Square::to_string).collect();
                write!(
                    f,
                    "this move leaves your king attacked by {}",
                    names.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for MoveError {}

impl From<MoveTextError> for MoveError {
    fn from(error: MoveTextError) -> Self {
        MoveError::Text(error)
    }
}

/// The canonical text of the legal move `mv` in `pos`.
pub fn format(pos: &Position, mv: Move) -> String {
    let (from, to) = (mv.from(), mv.to());
    let last_leg_vertical = if mv.is_straight() {
        mv.vertical_first()
    } else {
        !mv.vertical_first()
    };
    let separator = if pos.piece_at(to).is_none() { '-' } else { 'x' };
    let mut text = format!(
        "{}{separator}{}",
        from.name(mv.vertical_first()),
        to.name(last_leg_vertical)
    );
    let onto_goal = pos.piece_at(from).is_king() && to == goal_square(pos.side_to_move());
    if !onto_goal {
        let after = pos.make_move(mv);
        if movegen::count_legal_moves(&after) == 0 {
            text.push_str("++");
        } else if after.in_check() {
            text.push('+');
        }
    }
    text
}

/// Parses a move text and checks that it is legal in `pos`, explaining why when it is not.
pub fn parse(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let mv = parse_syntax(text)?;
    let mut legal = false;
    movegen::for_each_legal_move(pos, |m| legal |= m == mv);
    if legal {
        Ok(mv)
    } else {
        Err(explain_illegal(pos, mv))
    }
}

/// The move a text names, without looking at a position.
fn parse_syntax(text: &str) -> Result<Move, MoveError> {
    let syntax = |reason| {
        MoveError::Text(MoveTextError::Syntax {
            text: text.to_string(),
            reason,
        })
    };
    let core = text.trim();
    let core = core.strip_suffix('+').unwrap_or(core);
    let core = core.strip_suffix('+').unwrap_or(core).trim_end();
    let chars: Vec<char> = core.chars().collect();
    if chars.len() != 5 {
        return Err(syntax(
            "expected a square, '-' or 'x', and a square, like D1-e6",
        ));
    }
    if !matches!(chars[2], '-' | 'x' | 'X') {
        return Err(syntax("the separator must be '-' or 'x'"));
    }
    let (from, from_upper) = parse_square(chars[0], chars[1]).ok_or(syntax(
        "the start square must be a column A-I and a row 1-8",
    ))?;
    let (to, to_upper) = parse_square(chars[3], chars[4])
        .ok_or(syntax("the end square must be a column A-I and a row 1-8"))?;
    if from == to {
        return Err(syntax("the start and end squares are the same"));
    }
    if from.column() == to.column() {
        return Ok(Move::new(from, to, true));
    }
    if from.row() == to.row() {
        return Ok(Move::new(from, to, false));
    }
    if from_upper == to_upper {
        return Err(MoveError::Ambiguous(text.trim().to_string()));
    }
    Ok(Move::new(from, to, from_upper))
}

/// A square and whether its letter was upper case.
fn parse_square(letter: char, digit: char) -> Option<(Square, bool)> {
    let column = "abcdefghi".find(letter.to_ascii_lowercase())? as i32;
    let row = digit.to_digit(10)? as i32 - 1;
    Some((Square::at(column, row)?, letter.is_ascii_uppercase()))
}

/// The reason a syntactically valid move is not legal in `pos`.
fn explain_illegal(pos: &Position, mv: Move) -> MoveError {
    let (from, to) = (mv.from(), mv.to());
    let us = pos.side_to_move();
    let piece = pos.piece_at(from);
    if pos.decided_winner().is_some() || movegen::count_legal_moves(pos) == 0 {
        return MoveError::GameOver;
    }
    if piece.is_none() {
        return MoveError::NoPiece(from);
    }
    if piece.side() != us {
        return MoveError::NotYourPiece(from);
    }
    let distance = from.distance(to);
    match piece.orientation() {
        None if distance != 1 => return MoveError::KingStep(from),
        Some(o) if distance != o.top() as i32 => {
            return MoveError::WrongDistance {
                from,
                top: o.top(),
                distance,
            };
        }
        _ => {}
    }
    let blockers = PATHS.passes(mv) & pos.occupied();
    if let Some(at) = blockers.min_by_key(|sq| sq.distance(from)) {
        return MoveError::Blocked { from, to, at };
    }
    if pos.occupied_by(us).has(to) {
        return MoveError::OwnPiece(to);
    }
    let after = pos.make_move(mv);
    let king = after.king(us);
    let attackers = after.attackers(king, us.opponent(), after.occupied());
    MoveError::LeavesKingAttacked(attackers.collect())
}
