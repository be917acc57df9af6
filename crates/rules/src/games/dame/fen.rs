//! Dame's position text: `<rows> <side> [<king plies>]`, e.g. the start
//! `1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/M1M1M1M1/1M1M1M1M/M1M1M1M1 w`.
//!
//! Rows run from 8 down to 1, split by `/`; within a row, from a to h, a digit 1–8 is that many squares
//! (light squares count) and a letter a piece: `M`/`K` a White man/king, `m`/`k` Black. The side is
//! `w` or `b`; fields are separated by any whitespace.
//!
//! Where the rules are silent this parser decides:
//! - An optional third field counts the plies in which only kings moved and nothing was captured
//!   (0 to 50), so that the draw rule survives a round trip; it is written only when it is not 0,
//!   which keeps the rules' own texts (the start above) exactly as they are.
//! - Adjacent digits are accepted and add up (`44` = `8`), as in the other games; output never writes
//!   them.
//! - A piece on a light square is rejected, and so is a man on the row where it would have been
//!   crowned (no move can leave one there).
//! - More than 12 pieces of one side is rejected: each side starts with 12 and never gains any.
//! - A position with more legal moves than a move list holds ([`super::MAX_MOVES`], a bound argued
//!   but not proven) is rejected, so that no text can overflow one; none is known.
//! - A side with no pieces is accepted (the position is decided: that side has lost), but a board with
//!   no pieces at all is rejected, since no move can produce it and no side would have won.
//!
//! Syntax is checked before meaning: rows, row lengths and characters, then the side, the counter and
//! trailing text, then squares and piece counts. Each failure has its own error naming what was wrong.

use super::movegen;
use super::moves::MAX_MOVES;
use super::position::{KING_MOVES_DRAW, Piece, Position, promotion_row};
use super::square::{SIDE_LENGTH, Square, name};
use crate::game::board_rows::{BoardField, Placed, RowsError, format_rows, parse_rows};
use crate::game::side_field::{self, SideFieldError};
use crate::game::{Game, Side};
use std::fmt;

/// The position text of the start position.
pub const START_TEXT: &str = "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/M1M1M1M1/1M1M1M1M/M1M1M1M1 w";

/// How many pieces a side starts with, and so the most it can have.
pub const MAX_PIECES: u32 = 12;

/// The board field: 8 rows of 8 squares, and the words of its messages.
const BOARD: BoardField = BoardField {
    size: SIDE_LENGTH,
    row_name: "row",
    expected: "a digit 1-8 or a piece: M/K (White man/king) or m/k (Black)",
};

/// Why a position text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The text is empty.
    Empty,
    /// The rows field is not 8 rows of 8 squares, each a digit 1–8 or a piece letter `M K m k`.
    Rows(RowsError),
    /// The side-to-move field is missing or not `w` or `b`.
    SideField(SideFieldError),
    /// The king-plies counter is not a number from 0 to 50.
    BadCounter(String),
    /// More fields than a position text has.
    TrailingText(String),
    /// A piece stands on a light square.
    LightSquare {
        /// The square's name, e.g. `b1`.
        square: String,
        /// The letter found there.
        found: char,
    },
    /// A man stands on the row where it would have been crowned.
    ManOnPromotionRow {
        /// The square's name, e.g. `b8`.
        square: String,
        /// Whose man.
        side: Side,
    },
    /// A side has more pieces than it starts with.
    TooManyPieces {
        /// Whose pieces.
        side: Side,
        /// How many were found.
        count: u32,
    },
    /// Neither side has a piece.
    NoPieces,
    /// The position has more legal moves than a move list holds.
    TooManyMoves {
        /// How many legal moves it has.
        count: usize,
        /// How many a move list holds.
        room: usize,
    },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => f.write_str("empty position text"),
            FenError::Rows(error) => error.describe(&BOARD, f),
            FenError::SideField(error) => error.fmt(f),
            FenError::BadCounter(s) => write!(
                f,
                "the plies of king moves without capture must be a number from 0 to \
                 {KING_MOVES_DRAW}, found '{s}'"
            ),
            FenError::TrailingText(s) => write!(f, "unexpected text after the counter: '{s}'"),
            FenError::LightSquare { square, found } => write!(
                f,
                "piece '{found}' on the light square {square}: pieces stand on dark squares only"
            ),
            FenError::ManOnPromotionRow { square, side } => write!(
                f,
                "{} man on {square}: a man reaching that row is crowned king",
                side.name()
            ),
            FenError::TooManyPieces { side, count } => {
                write!(f, "{side} has {count} pieces, at most {MAX_PIECES} allowed")
            }
            FenError::NoPieces => f.write_str("neither side has a piece on the board"),
            FenError::TooManyMoves { count, room } => write!(
                f,
                "the position has {count} legal moves, more than the {room} a move list holds"
            ),
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
    let placed = parse_rows(rows, &BOARD, piece_of)?;
    let side = side_field::parse(fields.next())?;
    let king_plies = match fields.next() {
        None => 0,
        Some(t) => match t.parse::<u32>() {
            Ok(n) if n <= KING_MOVES_DRAW => n,
            _ => return Err(FenError::BadCounter(t.to_string())),
        },
    };
    let rest: Vec<&str> = fields.collect();
    if !rest.is_empty() {
        return Err(FenError::TrailingText(rest.join(" ")));
    }

    let mut pos = Position::empty();
    let mut counts = [0u32; 2];
    for Placed {
        column,
        row,
        piece,
        letter: found,
    } in placed
    {
        let Some(sq) = Square::at(column, row) else {
            return Err(FenError::LightSquare {
                square: name(column, row),
                found,
            });
        };
        if !piece.king && row == promotion_row(piece.side) {
            return Err(FenError::ManOnPromotionRow {
                square: sq.to_string(),
                side: piece.side,
            });
        }
        counts[piece.side.index()] += 1;
        pos.put(sq, piece);
    }
    for side in Side::BOTH {
        let count = counts[side.index()];
        if count > MAX_PIECES {
            return Err(FenError::TooManyPieces { side, count });
        }
    }
    if counts == [0, 0] {
        return Err(FenError::NoPieces);
    }
    pos.set_state(side, king_plies);
    check_room(&pos, MAX_MOVES)?;
    Ok(pos)
}

/// Rejects a position with more than `room` legal moves.
fn check_room(pos: &Position, room: usize) -> Result<(), FenError> {
    match movegen::legal_move_count(pos) {
        count if count > room => Err(FenError::TooManyMoves { count, room }),
        _ => Ok(()),
    }
}

/// The piece a letter stands for.
fn piece_of(letter: char) -> Option<Piece> {
    let (side, king) = match letter {
        'M' => (Side::White, false),
        'K' => (Side::White, true),
        'm' => (Side::Black, false),
        'k' => (Side::Black, true),
        _ => return None,
    };
    Some(Piece { side, king })
}

/// The letter of a piece.
pub fn letter_of(piece: Piece) -> char {
    match (piece.side, piece.king) {
        (Side::White, false) => 'M',
        (Side::White, true) => 'K',
        (Side::Black, false) => 'm',
        (Side::Black, true) => 'k',
    }
}

/// Formats a position as its text, the king-plies counter only when it is not 0.
pub fn format(pos: &Position) -> String {
    // Light squares (no `Square`) are empty by construction.
    let text = format_rows(SIDE_LENGTH, |column, row| {
        Square::at(column, row)
            .and_then(|sq| pos.piece_at(sq))
            .map(letter_of)
    });
    let side = side_field::letter(pos.side_to_move());
    match pos.quiet_plies() {
        0 => format!("{text} {side}"),
        plies => format!("{text} {side} {plies}"),
    }
}

/// `{:?}` shows a position as its text (in assertions' messages), `Position(<text>)`.
impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", format(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_round_trips() {
        let pos = parse(START_TEXT).unwrap();
        assert_eq!(format(&pos), START_TEXT);
        assert_eq!(pos.pieces(Side::White).count_ones(), 12);
        assert_eq!(pos.pieces(Side::Black).count_ones(), 12);
        assert_eq!(pos.pieces(Side::White), 0x0000_0FFF);
        assert_eq!(pos.pieces(Side::Black), 0xFFF0_0000);
        assert_eq!(pos.hash(), pos.compute_hash());
    }

    #[test]
    fn a_position_whose_moves_do_not_fit_is_named() {
        let start = parse(START_TEXT).unwrap();
        assert_eq!(check_room(&start, 7), Ok(()));
        let err = check_room(&start, 6).unwrap_err();
        assert_eq!(err, FenError::TooManyMoves { count: 7, room: 6 });
        assert_eq!(
            err.to_string(),
            "the position has 7 legal moves, more than the 6 a move list holds"
        );
        // A king with several victims and landing choices: the check counts what the generator lists.
        let kings = parse("8/8/5m2/8/3m4/8/1m1m4/K7 w").unwrap();
        let mut listed = crate::game::MoveList::new();
        movegen::generate(&kings, &mut listed);
        assert!(listed.len() > 1, "{listed:?}");
        assert!(check_room(&kings, listed.len()).is_ok());
        assert!(check_room(&kings, listed.len() - 1).is_err());
    }
}
