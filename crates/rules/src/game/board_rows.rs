//! The board field of a FEN-style position text, written once for the games that use one (Dipole,
//! Dame, Alice): rows from the last down to the first, split by `/`; within a row, from the first
//! column, a digit from 1 to the board's width is that many empty squares and any other character one piece, which the game
//! reads. Adjacent digits add up (`44` = `8`); [`format_rows`] never writes them.

use std::fmt;

/// A game's board field: its size, and the words its messages use for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardField {
    /// The board is `size` × `size` squares.
    pub size: i32,
    /// What a row is called: `row`, or `rank` in chess.
    pub row_name: &'static str,
    /// What a row may hold, as the message about a bad character says it ("a digit 1-8 or …").
    pub expected: &'static str,
}

/// Why the rows of a board field were rejected; [`RowsError::describe`] words it in the game's
/// [`BoardField`] terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowsError {
    /// The field does not have as many rows as the board.
    RowCount(usize),
    /// A row does not add up to the board's width.
    RowLength {
        /// The row's number, from 1 (the last row written).
        row: u8,
        /// How many squares it describes.
        squares: usize,
    },
    /// A row holds a character that is neither a digit nor a piece of the game.
    BadChar {
        /// The row's number, from 1.
        row: u8,
        /// The offending character.
        found: char,
    },
}

impl RowsError {
    /// The message for this fault in a text of the board field `board`.
    pub fn describe(&self, board: &BoardField, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let BoardField {
            size,
            row_name,
            expected,
        } = board;
        match self {
            RowsError::RowCount(n) => {
                write!(f, "expected {size} {row_name}s separated by '/', found {n}")
            }
            RowsError::RowLength { row, squares } => {
                write!(
                    f,
                    "{row_name} {row} describes {squares} squares, expected {size}"
                )
            }
            RowsError::BadChar { row, found } => {
                write!(
                    f,
                    "{row_name} {row}: unexpected '{found}', expected {expected}"
                )
            }
        }
    }
}

/// A piece as read from a row, before the game checks its square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed<P> {
    /// Its column, 0 = a.
    pub column: i32,
    /// Its row, 0 = the first row.
    pub row: i32,
    /// The piece its letter stands for.
    pub piece: P,
    /// The letter as written, for error messages.
    pub letter: char,
}

/// Reads a board field of `board.size` × `board.size` squares, each letter by `piece_of`: every piece
/// with its square, first row written first. Checks the row count, each row's length and every
/// character.
pub fn parse_rows<P>(
    field: &str,
    board: &BoardField,
    piece_of: impl Fn(char) -> Option<P>,
) -> Result<Vec<Placed<P>>, RowsError> {
    let size = board.size;
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != size as usize {
        return Err(RowsError::RowCount(rows.len()));
    }
    let mut placed = Vec::new();
    for (i, text) in rows.iter().enumerate() {
        let row = size - 1 - i as i32;
        let number = (row + 1) as u8;
        let mut column = 0usize;
        for letter in text.chars() {
            let run = letter.to_digit(10).filter(|&d| d >= 1 && d as i32 <= size);
            if let Some(run) = run {
                column += run as usize;
            } else if let Some(piece) = piece_of(letter) {
                // Past the edge the row is too long, which the length check below reports.
                if column < size as usize {
                    placed.push(Placed {
                        column: column as i32,
                        row,
                        piece,
                        letter,
                    });
                }
                column += 1;
            } else {
                return Err(RowsError::BadChar {
                    row: number,
                    found: letter,
                });
            }
        }
        if column != size as usize {
            return Err(RowsError::RowLength {
                row: number,
                squares: column,
            });
        }
    }
    Ok(placed)
}

/// Writes the board field of a `size` × `size` board whose square (column, row) shows `letter_at`,
/// `None` for an empty square: the inverse of [`parse_rows`].
pub fn format_rows(size: i32, letter_at: impl Fn(i32, i32) -> Option<char>) -> String {
    let mut text = String::new();
    for row in (0..size).rev() {
        let mut empty = 0;
        for column in 0..size {
            let Some(letter) = letter_at(column, row) else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                text.push_str(&empty.to_string());
                empty = 0;
            }
            text.push(letter);
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        if row > 0 {
            text.push('/');
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn upper(letter: char) -> Option<char> {
        letter.is_ascii_uppercase().then_some(letter)
    }

    const THREE: BoardField = BoardField {
        size: 3,
        row_name: "line",
        expected: "a digit 1-3 or a capital",
    };

    /// The message of `error` in [`THREE`]'s words.
    struct Described(RowsError);

    impl fmt::Display for Described {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            self.0.describe(&THREE, f)
        }
    }

    #[test]
    fn rows_round_trip() {
        let field = "1A1/3/B1C";
        let placed = parse_rows(field, &THREE, upper).unwrap();
        let squares: Vec<_> = placed.iter().map(|p| (p.column, p.row, p.piece)).collect();
        assert_eq!(squares, [(1, 2, 'A'), (0, 0, 'B'), (2, 0, 'C')]);
        let at = |column, row| {
            placed
                .iter()
                .find(|p| (p.column, p.row) == (column, row))
                .map(|p| p.letter)
        };
        assert_eq!(format_rows(3, at), field);
    }

    #[test]
    fn adjacent_digits_add_up() {
        const EIGHT: BoardField = BoardField { size: 8, ..THREE };
        assert_eq!(
            parse_rows("44/8/8/8/8/8/8/8", &EIGHT, upper),
            Ok(Vec::new())
        );
    }

    #[test]
    fn each_fault_is_named() {
        assert_eq!(
            parse_rows("3/3", &THREE, upper),
            Err(RowsError::RowCount(2))
        );
        assert_eq!(
            parse_rows("3/2/3", &THREE, upper),
            Err(RowsError::RowLength { row: 2, squares: 2 })
        );
        assert_eq!(
            parse_rows("3/3/AAAA", &THREE, upper),
            Err(RowsError::RowLength { row: 1, squares: 4 })
        );
        assert_eq!(
            parse_rows("3/1x1/3", &THREE, upper),
            Err(RowsError::BadChar { row: 2, found: 'x' })
        );
        for digit in ['0', '4'] {
            let field = format!("3/1{digit}/3");
            assert_eq!(
                parse_rows(&field, &THREE, upper),
                Err(RowsError::BadChar {
                    row: 2,
                    found: digit
                }),
                "no run of {digit} squares on a board 3 wide"
            );
        }
    }

    #[test]
    fn each_fault_is_worded_in_the_games_terms() {
        let said = |error| Described(error).to_string();
        assert_eq!(
            said(RowsError::RowCount(2)),
            "expected 3 lines separated by '/', found 2"
        );
        assert_eq!(
            said(RowsError::RowLength { row: 2, squares: 4 }),
            "line 2 describes 4 squares, expected 3"
        );
        assert_eq!(
            said(RowsError::BadChar { row: 1, found: 'x' }),
            "line 1: unexpected 'x', expected a digit 1-3 or a capital"
        );
    }
}
