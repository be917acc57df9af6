//! DFEN, Duel's position text: `<rows> <side> [<plies since capture> <move number>]`.
//!
//! Rows run from 8 down to 1, split by `/`; within a row, from A to I, a digit 1–9 is that many empty
//! squares, `wK`/`bK` a king and `w<top><north>`/`b<top><north>` a die. Parsing checks the syntax first
//! and then the position's validity (kings, dice count, possible orientations, the side not to move not
//! attacked); each failure has its own error naming what was wrong.

use super::orientation::Orientation;
use super::piece::Piece;
use super::position::Position;
use super::square::{COLUMNS, ROWS, Square};
use crate::game::side_field::{self, SideFieldError};
use crate::game::{Game, Side};
use std::fmt;

/// Why a DFEN was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DfenError {
    /// The text is empty.
    Empty,
    /// The rows field does not have 8 rows.
    RowCount(usize),
    /// A row does not add up to 9 squares.
    RowLength {
        /// The row's number (8 = first row written).
        row: u8,
        /// How many squares it describes.
        squares: usize,
    },
    /// A row holds something that is neither a digit 1–9 nor a piece.
    BadToken {
        /// The row's number.
        row: u8,
        /// The offending text.
        token: String,
        /// What was expected.
        expected: &'static str,
    },
    /// A die whose top and north values are the same or opposite faces.
    ImpossibleDie {
        /// Where it stands.
        square: String,
        /// Its top value.
        top: u8,
        /// Its north value.
        north: u8,
    },
    /// A side without exactly one king.
    KingCount {
        /// Whose kings.
        side: Side,
        /// How many were found.
        count: usize,
    },
    /// A side with more than 8 dice.
    TooManyDice {
        /// Whose dice.
        side: Side,
        /// How many were found.
        count: usize,
    },
    /// The side-to-move field is missing or not `w` or `b`.
    SideField(SideFieldError),
    /// A counter is not a number in range.
    BadCounter {
        /// Which counter.
        field: &'static str,
        /// The text found.
        text: String,
    },
    /// More fields than a DFEN has.
    TrailingText(String),
    /// The side not to move is attacked: its king could be taken at once.
    OpponentAttacked(Side),
}

impl fmt::Display for DfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DfenError::Empty => f.write_str("empty DFEN"),
            DfenError::RowCount(n) => {
                write!(f, "expected 8 rows separated by '/', found {n}")
            }
            DfenError::RowLength { row, squares } => {
                write!(f, "row {row} describes {squares} squares, expected 9")
            }
            DfenError::BadToken {
                row,
                token,
                expected,
            } => write!(f, "row {row}: unexpected '{token}', expected {expected}"),
            DfenError::ImpossibleDie { square, top, north } => write!(
                f,
                "die on {square}: top {top} and north {north} cannot be neighbouring faces"
            ),
            DfenError::KingCount { side, count } => {
                write!(f, "{side} has {count} kings, expected exactly 1")
            }
            DfenError::TooManyDice { side, count } => {
                write!(f, "{side} has {count} dice, at most 8 allowed")
            }
            DfenError::SideField(error) => error.fmt(f),
            DfenError::BadCounter { field, text } => {
                write!(f, "{field} must be a non-negative number, found '{text}'")
            }
            DfenError::TrailingText(s) => write!(f, "unexpected text after the counters: '{s}'"),
            DfenError::OpponentAttacked(side) => {
                write!(f, "{side} is not to move but its king is attacked")
            }
        }
    }
}

impl std::error::Error for DfenError {}

impl From<SideFieldError> for DfenError {
    fn from(error: SideFieldError) -> Self {
        DfenError::SideField(error)
    }
}

/// Parses a DFEN into a valid position.
pub fn parse(text: &str) -> Result<Position, DfenError> {
    let mut fields = text.split_whitespace();
    let rows = fields.next().ok_or(DfenError::Empty)?;
    let mut pos = Position::empty();
    let row_texts: Vec<&str> = rows.split('/').collect();
    if row_texts.len() != ROWS as usize {
        return Err(DfenError::RowCount(row_texts.len()));
    }
    let mut kings = [0usize; 2];
    let mut dice = [0usize; 2];
    for (i, row_text) in row_texts.iter().enumerate() {
        let row = ROWS - i as u8; // the row's number as written on the board
        for (column, piece) in parse_row(row_text, row)? {
            let sq = Square::at(column as i32, row as i32 - 1).expect("row and column checked");
            if piece.is_king() {
                kings[piece.side().index()] += 1;
                if kings[piece.side().index()] > 1 {
                    continue; // reported below with the full count
                }
            } else {
                dice[piece.side().index()] += 1;
            }
            pos.put(sq, piece);
        }
    }
    let side = side_field::parse(fields.next())?;
    let plies = parse_counter(fields.next(), "plies since capture", 0)?;
    let move_number = parse_counter(fields.next(), "move number", 1)?;
    if move_number == 0 {
        return Err(DfenError::BadCounter {
            field: "move number",
            text: "0".to_string(),
        });
    }
    let rest: Vec<&str> = fields.collect();
    if !rest.is_empty() {
        return Err(DfenError::TrailingText(rest.join(" ")));
    }
    for owner in Side::BOTH {
        let (k, d) = (kings[owner.index()], dice[owner.index()]);
        if k != 1 {
            return Err(DfenError::KingCount {
                side: owner,
                count: k,
            });
        }
        if d > 8 {
            return Err(DfenError::TooManyDice {
                side: owner,
                count: d,
            });
        }
    }
    pos.set_state(side, plies, move_number);
    let waiting = side.opponent();
    if pos.is_attacked(pos.king(waiting), side, pos.occupied()) {
        return Err(DfenError::OpponentAttacked(waiting));
    }
    Ok(pos)
}

fn parse_counter(text: Option<&str>, field: &'static str, default: u32) -> Result<u32, DfenError> {
    match text {
        None => Ok(default),
        Some(t) => t.parse().map_err(|_| DfenError::BadCounter {
            field,
            text: t.to_string(),
        }),
    }
}

/// The pieces of one row with their columns; checks the row adds up to 9 squares.
fn parse_row(text: &str, row: u8) -> Result<Vec<(u8, Piece)>, DfenError> {
    let bytes = text.as_bytes();
    let mut pieces = Vec::new();
    let mut column = 0usize;
    let mut i = 0;
    let bad = |at: usize, len: usize, expected| DfenError::BadToken {
        row,
        token: String::from_utf8_lossy(&bytes[at..(at + len).min(bytes.len())]).into_owned(),
        expected,
    };
    while i < bytes.len() {
        match bytes[i] {
            b'1'..=b'9' => {
                column += (bytes[i] - b'0') as usize;
                i += 1;
            }
            b'w' | b'b' => {
                let side = if bytes[i] == b'w' {
                    Side::White
                } else {
                    Side::Black
                };
                let piece =
                    match bytes.get(i + 1) {
                        Some(b'K') => {
                            i += 2;
                            Piece::king(side)
                        }
                        Some(t @ b'1'..=b'6') => {
                            let top = t - b'0';
                            let north = match bytes.get(i + 2) {
                                Some(n @ b'1'..=b'6') => n - b'0',
                                _ => return Err(bad(i, 3, "a die as w/b, top 1-6, north 1-6")),
                            };
                            let square = Square::at(column.min(8) as i32, row as i32 - 1)
                                .expect("row is 1..=8")
                                .to_string();
                            let o = Orientation::new(top, north)
                                .ok_or(DfenError::ImpossibleDie { square, top, north })?;
                            i += 3;
                            Piece::die(side, o)
                        }
                        _ => return Err(bad(i, 2, "'K' or a die's top value 1-6 after w/b")),
                    };
                if column < COLUMNS as usize {
                    pieces.push((column as u8, piece));
                }
                column += 1;
            }
            _ => {
                let len = text[i..].chars().next().map_or(1, char::len_utf8);
                return Err(bad(i, len, "a digit 1-9, wK, bK or a die like w64"));
            }
        }
    }
    if column != COLUMNS as usize {
        return Err(DfenError::RowLength {
            row,
            squares: column,
        });
    }
    Ok(pieces)
}

/// Formats a position as DFEN, counters included.
pub fn format(pos: &Position) -> String {
    let mut text = String::new();
    for row in (0..ROWS as i32).rev() {
        let mut empty = 0;
        for column in 0..COLUMNS as i32 {
            let piece = pos.piece_at(Square::at(column, row).expect("on board"));
            if piece.is_none() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
                empty = 0;
            }
            text.push(if piece.side() == Side::White {
                'w'
            } else {
                'b'
            });
            match piece.orientation() {
                Some(o) => {
                    text.push_str(&o.top().to_string());
                    text.push_str(&o.north().to_string());
                }
                None => text.push('K'),
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        if row > 0 {
            text.push('/');
        }
    }
    let side = side_field::letter(pos.side_to_move());
    format!("{text} {side} {} {}", pos.quiet_plies(), pos.move_number())
}

/// `{:?}` shows a position as its text (in assertions' messages), `Position(<text>)`.
impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", format(self))
    }
}
