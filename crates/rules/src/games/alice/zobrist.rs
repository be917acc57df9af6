//! Zobrist keys over (board, side, kind, square), the castling rights, the en-passant file and the side
//! to move, generated at compile time.

use super::castling::Castling;
use super::piece::Piece;
use super::square::{Board, Square};
use crate::game::{Rng, Side, zobrist};

/// `PIECE_KEYS[board][side][kind][square]`.
static PIECE_KEYS: [[[[u64; 64]; 6]; 2]; 2] = {
    let mut rng = Rng::new(0xa11c_e000_2b0a_4d50);
    // Board A's White and Black rows, then board B's: array elements are evaluated in order.
    [
        [zobrist::table(&mut rng, 0), zobrist::table(&mut rng, 0)],
        [zobrist::table(&mut rng, 0), zobrist::table(&mut rng, 0)],
    ]
};

/// One key per castling right; a set of rights keys to the XOR of its members.
static RIGHT_KEYS: [u64; 4] = zobrist::keys(&mut Rng::new(0xa11c_e0ca_5711_0000));

/// One key per file of the en-passant square.
static EN_PASSANT_KEYS: [u64; 8] = zobrist::keys(&mut Rng::new(0xa11c_e0e9_0000_0000));

/// Toggled when Black is to move.
pub const BLACK_TO_MOVE: u64 = Rng::new(0xa11c_eb1a_c000_0001).next_u64();

/// The key of `piece` on `sq` of `board`.
#[inline]
pub fn piece_key(piece: Piece, board: Board, sq: Square) -> u64 {
    PIECE_KEYS[board.index()][piece.side.index()][piece.kind.index()][sq.index()]
}

/// The key of a set of castling rights (0 for none).
#[inline]
pub fn castling_key(rights: Castling) -> u64 {
    let mut key = 0;
    for (i, right_key) in RIGHT_KEYS.iter().enumerate() {
        if rights.bits() >> i & 1 != 0 {
            key ^= right_key;
        }
    }
    key
}

/// The key of an en-passant square (by its file).
#[inline]
pub fn en_passant_key(sq: Square) -> u64 {
    EN_PASSANT_KEYS[sq.file() as usize]
}

/// The key of the side to move (0 for White).
#[inline]
pub fn side_key(side: Side) -> u64 {
    match side {
        Side::White => 0,
        Side::Black => BLACK_TO_MOVE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::alice::piece::Kind;

    #[test]
    fn keys_are_distinct_and_nonzero() {
        let mut seen = std::collections::HashSet::new();
        for board in Board::BOTH {
            for side in Side::BOTH {
                for kind in Kind::ALL {
                    for sq in Square::all() {
                        let key = piece_key(Piece::new(side, kind), board, sq);
                        assert!(key != 0 && seen.insert(key));
                    }
                }
            }
        }
        for key in RIGHT_KEYS.iter().chain(&EN_PASSANT_KEYS) {
            assert!(*key != 0 && seen.insert(*key));
        }
        assert!(seen.insert(BLACK_TO_MOVE));
        assert_eq!(castling_key(Castling::NONE), 0);
    }
}
