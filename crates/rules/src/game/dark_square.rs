//! The 32 dark squares of an 8×8 board, the only squares a piece can stand on in the games played on
//! them (Dame and Dipole): written once for both.
//!
//! Index = row · 4 + column / 2, so a1 = 0, c1 = 1, …, b2 = 4, …, h8 = 31: a set of squares is a
//! `u32` with bit i for square i. Light squares have no `Square` value; they only have names, for
//! a position text (where they count as empty) and for error messages, and full-board coordinates,
//! which [`Square::column`] and [`Square::row`] give for measuring distance.

use super::Side;
use std::fmt;

/// Number of columns (a..h) and rows (1..8) of the full board.
pub const SIDE_LENGTH: i32 = 8;
/// Number of dark squares.
pub const SQUARES: usize = 32;

/// A dark square of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Square(u8);

impl Square {
    /// The dark square at `column` (0 = a) and `row` (0 = row 1); `None` off the board or on a light
    /// square.
    #[inline]
    pub const fn at(column: i32, row: i32) -> Option<Square> {
        if on_board(column, row) && is_dark(column, row) {
            Some(Square((row * 4 + column / 2) as u8))
        } else {
            None
        }
    }

    /// The square with this index (0..32).
    #[inline]
    pub const fn from_index(index: usize) -> Square {
        debug_assert!(index < SQUARES);
        // The modulo keeps a wrong index from ever addressing past a 32-entry table.
        Square((index % SQUARES) as u8)
    }

    /// The square of a one-square set (the lowest of a larger one; never called with an empty one).
    #[inline]
    pub const fn of_bit(set: u32) -> Square {
        debug_assert!(set != 0);
        Square::from_index(set.trailing_zeros() as usize)
    }

    /// The index 0..32.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The column on the full board, 0 = a.
    #[inline]
    pub const fn column(self) -> i32 {
        // On rows 2, 4, 6 and 8 (odd 0-based rows) the dark squares are b, d, f and h.
        2 * (self.0 % 4) as i32 + self.row() % 2
    }

    /// The row on the full board, 0 = row 1.
    #[inline]
    pub const fn row(self) -> i32 {
        (self.0 / 4) as i32
    }

    /// The square as `side` sees the board: itself for White, turned half round for Black (a1 is
    /// h8), which keeps a dark square dark and turns Black's forward into up the board.
    #[inline]
    pub const fn seen_by(self, side: Side) -> Square {
        match side {
            Side::White => self,
            Side::Black => Square(SQUARES as u8 - 1 - self.0),
        }
    }

    /// The one-bit set of this square.
    #[inline]
    pub const fn bit(self) -> u32 {
        1 << self.0
    }

    /// Every dark square, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES).map(Square::from_index)
    }

    /// The squares of a set, lowest index first.
    #[inline]
    pub fn in_set(mut set: u32) -> impl Iterator<Item = Square> {
        std::iter::from_fn(move || {
            if set == 0 {
                return None;
            }
            let index = set.trailing_zeros() as usize;
            set &= set - 1;
            Some(Square::from_index(index))
        })
    }
}

/// The four dark squares of a row (0 = row 1) as a set.
#[inline]
pub const fn row_set(row: i32) -> u32 {
    0xF << (4 * row)
}

/// Whether (column, row) lies on the 8×8 board.
#[inline]
const fn on_board(column: i32, row: i32) -> bool {
    column >= 0 && column < SIDE_LENGTH && row >= 0 && row < SIDE_LENGTH
}

/// Whether (column, row) is a dark square (a1 is dark).
#[inline]
const fn is_dark(column: i32, row: i32) -> bool {
    (column + row) % 2 == 0
}

/// The name of any square of the full board, light ones included, e.g. `b1`.
pub fn name(column: i32, row: i32) -> String {
    let letter = char::from(b'a' + column.clamp(0, 25) as u8);
    format!("{letter}{}", row + 1)
}

/// The (column, row) a square name such as `c3` or `C3` denotes, light squares included; `None` when
/// the text is not a square of the board.
pub fn parse_coordinates(text: &str) -> Option<(i32, i32)> {
    let mut chars = text.chars();
    let (letter, digit) = (chars.next()?, chars.next()?);
    if chars.next().is_some() {
        return None;
    }
    let column = "abcdefgh".find(letter.to_ascii_lowercase())? as i32;
    let row = digit.to_digit(10)? as i32 - 1;
    on_board(column, row).then_some((column, row))
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&name(self.column(), self.row()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip_over_the_dark_squares() {
        for sq in Square::all() {
            assert!(is_dark(sq.column(), sq.row()));
            assert_eq!(Square::at(sq.column(), sq.row()), Some(sq));
        }
        let named: Vec<String> = Square::all().take(5).map(|s| s.to_string()).collect();
        assert_eq!(named, ["a1", "c1", "e1", "g1", "b2"]);
        assert_eq!(Square::from_index(31).to_string(), "h8");
        assert_eq!(Square::at(1, 0), None, "b1 is light");
        assert_eq!(Square::at(8, 0), None);
        assert_eq!(Square::at(0, -1), None);
    }

    #[test]
    fn the_half_turn_keeps_squares_dark() {
        for square in Square::all() {
            let turned = square.seen_by(Side::Black);
            assert_eq!(
                (turned.column(), turned.row()),
                (7 - square.column(), 7 - square.row())
            );
            assert_eq!(square.seen_by(Side::White), square);
        }
    }

    #[test]
    fn names_parse_in_either_case() {
        assert_eq!(parse_coordinates("c3"), Some((2, 2)));
        assert_eq!(parse_coordinates("H8"), Some((7, 7)));
        assert_eq!(parse_coordinates("b1"), Some((1, 0)), "light squares too");
        for bad in ["", "c", "c9", "c0", "i1", "c10", "3c", "é1"] {
            assert_eq!(parse_coordinates(bad), None, "{bad}");
        }
    }

    #[test]
    fn row_sets_hold_their_rows_squares() {
        for sq in Square::all() {
            assert_eq!(row_set(sq.row()) & sq.bit(), sq.bit());
        }
        assert_eq!(row_set(0) | row_set(7), 0xF000_000F);
    }

    #[test]
    fn sets_list_their_squares() {
        let set = Square::from_index(2).bit() | Square::from_index(31).bit();
        let squares: Vec<usize> = Square::in_set(set).map(Square::index).collect();
        assert_eq!(squares, [2, 31]);
    }
}
