//! vchess.club's Alice FEN, read beside ours: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -`
//! at the start (vchess's `base_rules.js` `getFen`, which its Alice variant keeps).
//!
//! The board field and the side to move are as in ours (vchess also writes board B's pieces as
//! `SOCUTL`/`socutl`). Then come, in this order:
//! - the ply count: moves played since the start, 0 there; our move number is `plies / 2 + 1`, and the
//!   halfmove clock, which vchess does not keep, is 0;
//! - the castling flags: four letters, the files of White's a-side and h-side castling rooks, then
//!   Black's; `i` (the ninth file, off the board) marks a castling no longer possible, so `iiii` is none.
//!   Alice starts from the orthodox array, so only `a` (long castling) and `h` (short) name a rook;
//!   vchess's shuffled starts, with the rooks elsewhere, are rejected;
//! - the en-passant square, or `-`, checked as in ours.
//!
//! Our text stays the only one written; `fen` reads the fields in their order, with the parts both
//! texts share.

use super::castling::{Castling, CastlingRight};
use crate::game::Side;
use std::fmt;

/// Why the fields after the side to move of a vchess text were rejected (the board, the side, the
/// ply count and the en-passant square fail as in ours).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VchessError {
    /// The castling flags are missing.
    MissingFlags,
    /// The castling flags are not four lower-case letters.
    BadFlags(String),
    /// A flag names neither its rook's start file nor `i` (no castling).
    RookFile {
        /// Whose castling.
        side: Side,
        /// The h-side (short) or a-side (long) castling.
        short: bool,
        /// The letter found.
        found: char,
    },
    /// More fields than a vchess text has.
    TrailingText(String),
}

impl fmt::Display for VchessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VchessError::MissingFlags => f.write_str(
                "missing vchess castling flags after the ply count (four rook files like 'ahah', \
                 'i' for none)",
            ),
            VchessError::BadFlags(s) => write!(
                f,
                "vchess castling flags must be four letters (rook files, 'i' for none), found '{s}'"
            ),
            VchessError::RookFile { side, short, found } => {
                let (wing, file) = if *short { ("h", 'h') } else { ("a", 'a') };
                write!(
                    f,
                    "vchess castling flag '{found}' for {side}'s {wing}-side rook: only '{file}' \
                     (its start file) or 'i' (no castling) is possible in Alice"
                )
            }
            VchessError::TrailingText(s) => {
                write!(f, "unexpected text after the en-passant square: '{s}'")
            }
        }
    }
}

impl std::error::Error for VchessError {}

/// Whether the field after the side to move is a vchess ply count: digits only, which our castling
/// field never is.
pub fn is_ply_count(field: &str) -> bool {
    !field.is_empty() && field.bytes().all(|b| b.is_ascii_digit())
}

/// Reads the castling flags, the field after the ply count: White's a-side and h-side rook files,
/// then Black's.
pub fn parse_flags(field: Option<&str>) -> Result<Castling, VchessError> {
    let field = field.ok_or(VchessError::MissingFlags)?;
    let letters: Vec<char> = field.chars().collect();
    if letters.len() != 4 || !letters.iter().all(char::is_ascii_lowercase) {
        return Err(VchessError::BadFlags(field.to_string()));
    }
    let mut rights = Castling::NONE;
    for (i, &found) in letters.iter().enumerate() {
        let side = if i < 2 { Side::White } else { Side::Black };
        let short = i % 2 == 1;
        let file = if short { 'h' } else { 'a' };
        match found {
            'i' => {}
            _ if found == file => rights = rights.with(CastlingRight::new(side, short)),
            _ => return Err(VchessError::RookFile { side, short, found }),
        }
    }
    Ok(rights)
}
