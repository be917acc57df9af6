//! Sliding attacks by kindergarten bitboards: every line through a square is projected onto six bits
//! (the line's inner squares, by file or by rank) and looked up in small tables computed at compile
//! time.
//!
//! Why not magic bitboards: their magics must be found by a search, and for the rook's minimal
//! 12-bit corner indices a seeded search took 430 ms (SplitMix64 sparse candidates, 1.4 M trials; the
//! best seed per rank, found by trying 3,000, still needs 200 K trials), and its 107,648-entry table
//! (840 KB) does not stay in the first-level cache. PEXT needs a CPU feature. Kindergarten lookups cost
//! one multiplication per line into tables of 9 KB in all, built by the compiler, so there is nothing
//! to initialise.
//!
//! The projections: a diagonal's squares sit on distinct files, so multiplying the line's occupancy
//! by the b-file constant gathers files b–g into the top six bits without carries (every partial
//! product lands on its own bit); the file's inner squares a2–a7, shifted to the a-file, are gathered
//! the same way by the c2–h7 diagonal. Rank occupancy only needs a shift. The tests compare every
//! lookup with attacks walked square by square.

use super::bitboard::Bitboard;
use super::square::Square;

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_B: u64 = 0x0202_0202_0202_0202;
/// The c2–h7 diagonal: multiplies the a-file's inner squares into the top six bits.
const DIAGONAL_C2_H7: u64 = 0x0080_4020_1008_0400;

/// Walks from `sq` along each direction, stopping at (and including) the first square of `occupied`.
pub(super) const fn walk(sq: Square, directions: &[(i32, i32)], occupied: u64) -> u64 {
    let mut set = 0;
    let mut i = 0;
    while i < directions.len() {
        let (df, dr) = directions[i];
        let mut at = sq.offset(df, dr);
        while let Some(to) = at {
            set |= 1 << to.index();
            if occupied >> to.index() & 1 != 0 {
                break;
            }
            at = to.offset(df, dr);
        }
        i += 1;
    }
    set
}

/// `FIRST_RANK[file][inner]`: the squares of the first rank a slider on `file` attacks along it when
/// bit i of `inner` says whether file i + 1 (b to g) is occupied.
static FIRST_RANK: [[u8; 64]; 8] = {
    let mut table = [[0; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut inner = 0;
        while inner < 64 {
            let sq = Square::from_index(file);
            table[file][inner] = walk(sq, &[(1, 0), (-1, 0)], (inner as u64) << 1) as u8;
            inner += 1;
        }
        file += 1;
    }
    table
};

/// [`FIRST_RANK`] copied to every rank, for the diagonals (masked to one line after the lookup).
static FILL_UP: [[u64; 64]; 8] = {
    let mut table = [[0; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut inner = 0;
        while inner < 64 {
            table[file][inner] = FIRST_RANK[file][inner] as u64 * FILE_A;
            inner += 1;
        }
        file += 1;
    }
    table
};

/// `A_FILE[rank][index]`: the a-file squares a slider on the a-file at `rank` attacks along it, by the
/// index the c2–h7 multiplication gives for the occupancy of a2–a7.
static A_FILE: [[u64; 64]; 8] = {
    let mut table = [[0; 64]; 8];
    let mut inner = 0;
    while inner < 64 {
        // Bit i of `inner` stands for a(i + 2).
        let mut occupied = 0u64;
        let mut i = 0;
        while i < 6 {
            if inner >> i & 1 != 0 {
                occupied |= 1 << (8 * (i + 1));
            }
            i += 1;
        }
        let index = (occupied.wrapping_mul(DIAGONAL_C2_H7) >> 58) as usize;
        let mut rank = 0;
        while rank < 8 {
            let sq = Square::from_index(8 * rank);
            table[rank][index] = walk(sq, &[(0, 1), (0, -1)], occupied);
            rank += 1;
        }
        inner += 1;
    }
    table
};

/// The squares of the line through each square in direction (df, dr) and its opposite, the square
/// itself left out.
const fn line_masks(df: i32, dr: i32) -> [u64; 64] {
    let mut masks = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        masks[sq] = walk(Square::from_index(sq), &[(df, dr), (-df, -dr)], 0);
        sq += 1;
    }
    masks
}

static DIAGONAL: [u64; 64] = line_masks(1, 1);
static ANTI_DIAGONAL: [u64; 64] = line_masks(1, -1);

/// The squares a slider on `sq` attacks along the diagonal-like `line` (one of the masks above).
#[inline]
fn along_diagonal(line: u64, sq: Square, occupied: u64) -> u64 {
    let index = ((occupied & line).wrapping_mul(FILE_B) >> 58) as usize;
    line & FILL_UP[sq.file() as usize][index]
}

/// The squares a rook on `sq` attacks among the pieces `occupied` (the first piece on each line
/// included).
#[inline]
pub fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
    let (file, rank) = (sq.file() as u32, sq.rank() as u32);
    let occupied = occupied.0;
    let rank_inner = (occupied >> (8 * rank + 1)) & 63;
    let on_rank = u64::from(FIRST_RANK[file as usize][rank_inner as usize]) << (8 * rank);
    let file_index = (((occupied >> file) & FILE_A).wrapping_mul(DIAGONAL_C2_H7) >> 58) as usize;
    let on_file = A_FILE[rank as usize][file_index] << file;
    Bitboard(on_rank | on_file)
}

/// The squares a bishop on `sq` attacks among `occupied`.
#[inline]
pub fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(
        along_diagonal(DIAGONAL[sq.index()], sq, occupied.0)
            | along_diagonal(ANTI_DIAGONAL[sq.index()], sq, occupied.0),
    )
}

/// The squares a queen on `sq` attacks among `occupied`.
#[inline]
pub fn queen(sq: Square, occupied: Bitboard) -> Bitboard {
    rook(sq, occupied) | bishop(sq, occupied)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rng;
    use crate::games::alice::attacks::{BISHOP_DIRECTIONS, ROOK_DIRECTIONS};

    /// Every lookup equals the walked attacks, over random occupancies of every density.
    #[test]
    fn lookups_equal_walked_attacks() {
        let mut rng = Rng::new(3);
        for sq in Square::all() {
            for round in 0..600 {
                let occupied = match round % 3 {
                    0 => rng.next_u64(),
                    1 => rng.next_u64() & rng.next_u64(),
                    _ => rng.next_u64() & rng.next_u64() & rng.next_u64(),
                };
                let board = Bitboard(occupied);
                assert_eq!(rook(sq, board).0, walk(sq, &ROOK_DIRECTIONS, occupied));
                assert_eq!(bishop(sq, board).0, walk(sq, &BISHOP_DIRECTIONS, occupied));
            }
            assert_eq!(rook(sq, Bitboard::EMPTY).count(), 14);
        }
    }

    /// The file projection sends the 64 occupancies of a2–a7 to 64 distinct indices.
    #[test]
    fn the_file_projection_is_one_to_one() {
        let mut seen = [false; 64];
        for inner in 0..64u64 {
            let occupied: u64 = (0..6)
                .filter(|i| inner >> i & 1 != 0)
                .map(|i| 1u64 << (8 * (i + 1)))
                .sum();
            let index = (occupied.wrapping_mul(DIAGONAL_C2_H7) >> 58) as usize;
            assert!(!seen[index]);
            seen[index] = true;
        }
    }
}
