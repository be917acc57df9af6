//! Squares of the 9×8 board: index = row · 9 + column, A1 = 0, I8 = 71.

use std::fmt;

/// Number of columns (A..I).
pub const COLUMNS: u8 = 9;
/// Number of rows (1..8).
pub const ROWS: u8 = 8;
/// Number of squares.
pub const SQUARES: usize = 72;

/// A square of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Square(u8);

impl Square {
    /// The square at `column` (0 = A) and `row` (0 = row 1), if both are on the board.
    #[inline]
    pub const fn at(column: i32, row: i32) -> Option<Square> {
        if column >= 0 && column < COLUMNS as i32 && row >= 0 && row < ROWS as i32 {
            Some(Square((row * COLUMNS as i32 + column) as u8))
        } else {
            None
        }
    }

    /// The square with this index (0..72).
    #[inline]
    pub const fn from_index(index: usize) -> Square {
        debug_assert!(index < SQUARES);
        Square(index as u8)
    }

    /// The index 0..72.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The column, 0 = A.
    #[inline]
    pub const fn column(self) -> i32 {
        (self.0 % COLUMNS) as i32
    }

    /// The row, 0 = row 1.
    #[inline]
    pub const fn row(self) -> i32 {
        (self.0 / COLUMNS) as i32
    }

    /// The Manhattan distance to `other`: how far a die must roll to get there.
    #[inline]
    pub const fn distance(self, other: Square) -> i32 {
        (self.column() - other.column()).abs() + (self.row() - other.row()).abs()
    }

    /// The column letter in the given case.
    pub fn column_letter(self, upper: bool) -> char {
        let letter = (b'A' + self.column() as u8) as char;
        if upper {
            letter
        } else {
            letter.to_ascii_lowercase()
        }
    }

    /// The square in notation with the column letter in the given case, e.g. `D1` or `d1`.
    pub fn name(self, upper: bool) -> String {
        format!("{}{}", self.column_letter(upper), self.row() + 1)
    }

    /// Every square, A1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES).map(Square::from_index)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name(true))
    }
}

/// The four directions a die can roll and a king can step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Toward row 8.
    North = 0,
    /// Toward column I.
    East = 1,
    /// Toward row 1.
    South = 2,
    /// Toward column A.
    West = 3,
}

impl Direction {
    /// All four, in index order.
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// The (column, row) step.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::North => (0, 1),
            Direction::East => (1, 0),
            Direction::South => (0, -1),
            Direction::West => (-1, 0),
        }
    }

    /// The vertical direction of a row difference (north for positive).
    pub const fn vertical(rows: i32) -> Direction {
        if rows > 0 {
            Direction::North
        } else {
            Direction::South
        }
    }

    /// The horizontal direction of a column difference (east for positive).
    pub const fn horizontal(columns: i32) -> Direction {
        if columns > 0 {
            Direction::East
        } else {
            Direction::West
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip() {
        for sq in Square::all() {
            assert_eq!(Square::at(sq.column(), sq.row()), Some(sq));
        }
        assert_eq!(Square::at(9, 0), None);
        assert_eq!(Square::at(0, 8), None);
        assert_eq!(Square::at(3, 0).unwrap().to_string(), "D1");
        assert_eq!(Square::at(8, 7).unwrap().name(false), "i8");
    }
}
