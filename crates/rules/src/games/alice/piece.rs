//! Pieces: their kinds, their letters on each board, and what a square of the combined board holds.

use super::square::Board;
use crate::game::Side;

/// The kind of a chess piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Pawn.
    Pawn,
    /// Knight.
    Knight,
    /// Bishop.
    Bishop,
    /// Rook.
    Rook,
    /// Queen.
    Queen,
    /// King.
    King,
}

impl Kind {
    /// Every kind, pawn first.
    pub const ALL: [Kind; 6] = [
        Kind::Pawn,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
    ];

    /// What a pawn may promote to, knight first.
    pub const PROMOTIONS: [Kind; 4] = [Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Queen];

    /// 0 (pawn) to 5 (king): an index into per-kind arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with this index; indices past 5 give the king.
    #[inline]
    pub const fn from_index(index: usize) -> Kind {
        match index {
            0 => Kind::Pawn,
            1 => Kind::Knight,
            2 => Kind::Bishop,
            3 => Kind::Rook,
            4 => Kind::Queen,
            _ => Kind::King,
        }
    }

    /// The lower-case letter of the kind on board A (`p n b r q k`), also the UCI promotion letter.
    pub const fn letter(self) -> char {
        [b'p', b'n', b'b', b'r', b'q', b'k'][self.index()] as char
    }

    /// The lower-case vchess letter of the kind on board B (`s o c u t l`).
    pub const fn b_letter(self) -> char {
        [b's', b'o', b'c', b'u', b't', b'l'][self.index()] as char
    }

    /// The English name, for messages.
    pub const fn name(self) -> &'static str {
        ["pawn", "knight", "bishop", "rook", "queen", "king"][self.index()]
    }
}

/// A piece: whose, and what kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its owner.
    pub side: Side,
    /// Its kind.
    pub kind: Kind,
}

impl Piece {
    /// `side`'s piece of `kind`.
    pub const fn new(side: Side, kind: Kind) -> Piece {
        Piece { side, kind }
    }

    /// Its FEN letter on `board`: `PNBRQK` on A and the vchess `SOCUTL` on B, upper case for White.
    pub fn letter(self, board: Board) -> char {
        let letter = match board {
            Board::A => self.kind.letter(),
            Board::B => self.kind.b_letter(),
        };
        match self.side {
            Side::White => letter.to_ascii_uppercase(),
            Side::Black => letter,
        }
    }

    /// The piece and board a FEN letter stands for, if any.
    pub fn from_letter(letter: char) -> Option<(Piece, Board)> {
        let side = if letter.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        let lower = letter.to_ascii_lowercase();
        Kind::ALL.into_iter().find_map(|kind| {
            if kind.letter() == lower {
                Some((Piece::new(side, kind), Board::A))
            } else if kind.b_letter() == lower {
                Some((Piece::new(side, kind), Board::B))
            } else {
                None
            }
        })
    }
}

/// What a square holds, on whichever board: nothing, or one piece on A or on B, packed in a byte.
///
/// A square never holds pieces on both boards: a move lands only on a square empty on the board it
/// passes to, and whatever it captures stood on the board it left. So one byte per square describes
/// both boards, as the FEN's single grid does.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Occupant(u8);

/// Bits 0–2 hold the kind + 1 (0 = empty), bit 3 the side (1 = Black), bit 4 the board (1 = B).
const SIDE_BIT: u8 = 1 << 3;
const BOARD_BIT: u8 = 1 << 4;

impl Occupant {
    /// An empty square.
    pub const EMPTY: Occupant = Occupant(0);

    /// `piece` standing on `board`.
    #[inline]
    pub const fn new(piece: Piece, board: Board) -> Occupant {
        let side = if matches!(piece.side, Side::Black) {
            SIDE_BIT
        } else {
            0
        };
        let board = if matches!(board, Board::B) {
            BOARD_BIT
        } else {
            0
        };
        Occupant((piece.kind as u8 + 1) | side | board)
    }

    /// How many codes there are ([`Occupant::code`] is below it): a size for tables by occupant.
    pub const CODES: usize = 32;

    /// The occupant as a number below [`Occupant::CODES`], 0 for an empty square: an index into a
    /// table by occupant.
    #[inline]
    pub const fn code(self) -> usize {
        self.0 as usize
    }

    /// Whether the square is empty on both boards.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The piece and its board, if any.
    #[inline]
    pub const fn get(self) -> Option<(Piece, Board)> {
        if self.0 == 0 {
            None
        } else {
            Some((Piece::new(self.side(), self.kind()), self.board()))
        }
    }

    /// The kind of the piece (meaningless for an empty square).
    #[inline]
    pub const fn kind(self) -> Kind {
        Kind::from_index(((self.0 & 7) as usize).wrapping_sub(1))
    }

    /// The owner of the piece (White for an empty square).
    #[inline]
    pub const fn side(self) -> Side {
        if self.0 & SIDE_BIT != 0 {
            Side::Black
        } else {
            Side::White
        }
    }

    /// The board the piece stands on (A for an empty square).
    #[inline]
    pub const fn board(self) -> Board {
        if self.0 & BOARD_BIT != 0 {
            Board::B
        } else {
            Board::A
        }
    }
}

impl std::fmt::Debug for Occupant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.get() {
            None => f.write_str("."),
            Some((piece, board)) => write!(f, "{}", piece.letter(board)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_occupants_round_trip() {
        for side in Side::BOTH {
            for kind in Kind::ALL {
                for board in Board::BOTH {
                    let piece = Piece::new(side, kind);
                    assert_eq!(
                        Piece::from_letter(piece.letter(board)),
                        Some((piece, board))
                    );
                    let occupant = Occupant::new(piece, board);
                    assert_eq!(occupant.get(), Some((piece, board)));
                    assert!(!occupant.is_empty());
                }
            }
        }
        assert_eq!(Piece::new(Side::White, Kind::King).letter(Board::B), 'L');
        assert_eq!(Piece::new(Side::Black, Kind::Pawn).letter(Board::B), 's');
        for bad in ['x', 'a', '1', 'Z', 'é'] {
            assert_eq!(Piece::from_letter(bad), None, "{bad}");
        }
        assert_eq!(Occupant::EMPTY.get(), None);
    }
}
