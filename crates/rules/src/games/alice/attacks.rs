//! Attack tables of the pieces that do not slide (pawn, knight, king), the empty-board rays of the
//! sliders, and the squares between two aligned squares, all computed at compile time. Sliding
//! attacks through other pieces are in `magic`.

use super::bitboard::Bitboard;
use super::square::Square;
use crate::game::Side;

/// The squares a leaper on each square reaches with the given steps.
const fn leaper_table(steps: &[(i32, i32)]) -> [u64; 64] {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < steps.len() {
            let from = Square::from_index(sq);
            if let Some(to) = from.offset(steps[i].0, steps[i].1) {
                table[sq] |= 1 << to.index();
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

/// The squares a slider on each square reaches on an empty board along the given directions.
const fn ray_table(directions: &[(i32, i32)]) -> [u64; 64] {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < directions.len() {
            let (df, dr) = directions[i];
            let mut at = Square::from_index(sq).offset(df, dr);
            while let Some(to) = at {
                table[sq] |= 1 << to.index();
                at = to.offset(df, dr);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

/// The eight knight jumps.
const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// The eight king steps, also the eight slider directions.
const KING_STEPS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
/// The rook's directions.
pub(super) const ROOK_DIRECTIONS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// The bishop's directions.
pub(super) const BISHOP_DIRECTIONS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

static KNIGHT: [u64; 64] = leaper_table(&KNIGHT_STEPS);
static KING: [u64; 64] = leaper_table(&KING_STEPS);
/// `PAWN[side][sq]`: the squares a pawn of `side` on `sq` attacks.
static PAWN: [[u64; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];
static ROOK_RAYS: [u64; 64] = ray_table(&ROOK_DIRECTIONS);
static BISHOP_RAYS: [u64; 64] = ray_table(&BISHOP_DIRECTIONS);

/// `BETWEEN[a][b]`: the squares strictly between `a` and `b` when they share a rank, file or
/// diagonal; empty otherwise.
static BETWEEN: [[u64; 64]; 64] = {
    let mut table = [[0; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut i = 0;
        while i < KING_STEPS.len() {
            let (df, dr) = KING_STEPS[i];
            let mut passed = 0u64;
            let mut at = Square::from_index(a).offset(df, dr);
            while let Some(b) = at {
                table[a][b.index()] = passed;
                passed |= 1 << b.index();
                at = b.offset(df, dr);
            }
            i += 1;
        }
        a += 1;
    }
    table
};

/// The squares a knight on `sq` attacks.
#[inline]
pub fn knight(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

/// The squares a king on `sq` attacks.
#[inline]
pub fn king(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// The squares a pawn of `side` on `sq` attacks (diagonally forward).
#[inline]
pub fn pawn(side: Side, sq: Square) -> Bitboard {
    Bitboard(PAWN[side.index()][sq.index()])
}

/// The squares a rook on `sq` reaches on an empty board.
#[inline]
pub fn rook_rays(sq: Square) -> Bitboard {
    Bitboard(ROOK_RAYS[sq.index()])
}

/// The squares a bishop on `sq` reaches on an empty board.
#[inline]
pub fn bishop_rays(sq: Square) -> Bitboard {
    Bitboard(BISHOP_RAYS[sq.index()])
}

/// The squares strictly between `a` and `b` on their common line (empty when they share none).
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN[a.index()][b.index()])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    #[test]
    fn tables_hold_the_expected_squares() {
        assert_eq!(knight(sq("a1")).count(), 2);
        assert_eq!(knight(sq("e4")).count(), 8);
        assert_eq!(king(sq("h8")).count(), 3);
        assert_eq!(
            pawn(Side::White, sq("e4")).collect::<Vec<_>>(),
            [sq("d5"), sq("f5")]
        );
        assert_eq!(pawn(Side::Black, sq("a5")).collect::<Vec<_>>(), [sq("b4")]);
        assert_eq!(rook_rays(sq("d4")).count(), 14);
        assert_eq!(bishop_rays(sq("d4")).count(), 13);
        assert_eq!(
            between(sq("a1"), sq("d4")).collect::<Vec<_>>(),
            [sq("b2"), sq("c3")]
        );
        assert_eq!(between(sq("e1"), sq("e8")).count(), 6);
        assert_eq!(between(sq("e1"), sq("f3")), Bitboard::EMPTY);
        assert_eq!(between(sq("e1"), sq("e2")), Bitboard::EMPTY);
    }
}
