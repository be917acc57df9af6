//! Dipole's position text: `<rows> <side>`, e.g. the start `3l4/8/8/8/8/8/8/4L3 w`.
//!
//! Rows run from 8 down to 1, split by `/`; within a row, from a to h, a digit 1–8 is that many squares
//! (light squares count) and a letter is a stack: `A`..`L` a White stack of 1..12, `a`..`l` Black.
//! The side is `w` or `b`; fields are separated by any whitespace.
//!
//! Where the rules are silent this parser decides:
//! - Adjacent digits are accepted and add up (`44` = `8`), as in Duel's DFEN; output never writes them.
//! - There are no counters: the game needs none (no draw rules), so any third field is trailing text.
//! - A stack on a light square is rejected: pieces stand on dark squares only.
//! - More than 12 checkers of one side in total is rejected: each side starts with 12 and never gains
//!   any.
//! - A side with no checkers is accepted (the position is decided: that side has lost), but a board
//!   with no checkers at all is rejected, since no move can produce it and no side would have won.
//!
//! Syntax is checked before meaning: rows, row lengths and characters, then the side and trailing
//! text, then light squares and checker counts. Each failure has its own error naming what was wrong.

use super::position::Position;
use super::square::{SIDE_LENGTH, Square, name};
use super::stack::{MAX_HEIGHT, Stack};
use crate::game::board_rows::{BoardField, Placed, RowsError, format_rows, parse_rows};
use crate::game::side_field::{self, SideFieldError};
use crate::game::{Game, Side};
use std::fmt;

/// The board field: 8 rows of 8 squares, and the words of its messages.
const BOARD: BoardField = BoardField {
    size: SIDE_LENGTH,
    row_name: "row",
    expected: "a digit 1-8 or a stack letter A-L (White) or a-l (Black)",
};

/// Why a position text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The text is empty.
    Empty,
    /// The rows field is not 8 rows of 8 squares, each a digit 1–8 or a stack letter `A`..`L` / `a`..`l`.
    Rows(RowsError),
    /// The side-to-move field is missing or not `w` or `b`.
    SideField(SideFieldError),
    /// More fields than a position text has.
    TrailingText(String),
    /// A stack stands on a light square.
    LightSquare {
        /// The square's name, e.g. `b1`.
        square: String,
        /// The letter found there.
        found: char,
    },
    /// A side has more checkers than it starts with.
    TooManyCheckers {
        /// Whose checkers.
        side: Side,
        /// How many were found.
        count: u32,
    },
    /// Neither side has a checker.
    NoCheckers,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => f.write_str("empty position text"),
            FenError::Rows(error) => error.describe(&BOARD, f),
            FenError::SideField(error) => error.fmt(f),
            FenError::TrailingText(s) => write!(f, "unexpected text after the side to move: '{s}'"),
            FenError::LightSquare { square, found } => write!(
                f,
                "stack '{found}' on the light square {square}: stacks stand on dark squares only"
            ),
            FenError::TooManyCheckers { side, count } => {
                write!(
                    f,
                    "{side} has {count} checkers, at most {MAX_HEIGHT} allowed"
                )
            }
            FenError::NoCheckers => f.write_str("neither side has a checker on the board"),
        }
    }
}

impl std::error::Error for FenError {}

impl From<RowsError> for FenError {
    fn from(error: RowsError) -> Self {
        FenError::Rows(error)
    }
}

impl From<SideFieldError> for FenError {
    fn from(error: SideFieldError) -> Self {
        FenError::SideField(error)
    }
}

/// Parses a position text into a valid position.
pub fn parse(text: &str) -> Result<Position, FenError> {
    let mut fields = text.split_whitespace();
    let rows = fields.next().ok_or(FenError::Empty)?;
    let placed = parse_rows(rows, &BOARD, Stack::from_letter)?;
    let side = side_field::parse(fields.next())?;
    let rest: Vec<&str> = fields.collect();
    if !rest.is_empty() {
        return Err(FenError::TrailingText(rest.join(" ")));
    }

    let mut pos = Position::empty();
    let mut counts = [0u32; 2];
    for Placed {
        column,
        row,
        piece: stack,
        letter: found,
    } in placed
    {
        let Some(sq) = Square::at(column, row) else {
            return Err(FenError::LightSquare {
                square: name(column, row),
                found,
            });
        };
        counts[stack.owner.index()] += u32::from(stack.height);
        pos.put(sq, stack);
    }
    for side in Side::BOTH {
        let count = counts[side.index()];
        if count > u32::from(MAX_HEIGHT) {
            return Err(FenError::TooManyCheckers { side, count });
        }
    }
    if counts == [0, 0] {
        return Err(FenError::NoCheckers);
    }
    pos.set_side(side);
    Ok(pos)
}

/// Formats a position as its text.
pub fn format(pos: &Position) -> String {
    // Light squares (no `Square`) are empty by construction.
    let text = format_rows(SIDE_LENGTH, |column, row| {
        Square::at(column, row)
            .and_then(|sq| pos.stack_at(sq))
            .map(|stack| stack.letter())
    });
    let side = side_field::letter(pos.side_to_move());
    format!("{text} {side}")
}

/// `{:?}` shows a position as its text (in assertions' messages), `Position(<text>)`.
impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", format(self))
    }
}
