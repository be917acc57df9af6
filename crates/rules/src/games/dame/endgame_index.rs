//! Dame's numbering of endgame positions for the databases ([`EndgameIndex`]).
//!
//! A signature is each side's kings and men (the name lists White's then Black's, kings first:
//! `KKMvK` is two White kings and a man against a king). Within it a position's index is, from the
//! most significant part down: the side to move, White's men among the 28 squares off White's
//! promotion row, Black's men among the 28 off Black's, White's kings among the squares the men
//! left free, Black's kings among those still free; each set ranked in the combinatorial number
//! system. Only men can collide (a White and a Black man on one square): those indices name no
//! position. A man never stands on its promotion row, so none is numbered there.
//!
//! No symmetry is used (colour reversal would halve the tables): simpler, and every position of a
//! signature is in its own table.

use super::movegen;
use super::position::{Piece, Position};
use super::square::{SQUARES, Square};
use crate::game::{EndgameIndex, Game, Side, Signature};

/// The most pieces a numbered position has: beyond it an index could overflow, and no database is
/// that large.
const MAX_ENDGAME_PIECES: u32 = 10;
/// The squares a man can stand on: 28, its promotion row excluded.
const MAN_SQUARES: u32 = 28;

/// `BINOMIAL[n][k]`: n choose k, for n up to 32.
const BINOMIAL: [[u64; SQUARES + 1]; SQUARES + 1] = binomials();

const fn binomials() -> [[u64; SQUARES + 1]; SQUARES + 1] {
    let mut table = [[0; SQUARES + 1]; SQUARES + 1];
    let mut n = 0;
    while n <= SQUARES {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
}

/// The pieces of a signature: White's kings and men, Black's kings and men.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Material {
    kings: [u32; 2],
    men: [u32; 2],
}

impl Material {
    fn of(signature: Signature) -> Material {
        let count = |shift: u32| (signature.0 >> shift) & 0xF;
        Material {
            kings: [count(0), count(8)],
            men: [count(4), count(12)],
        }
    }

    fn signature(self) -> Signature {
        Signature(self.kings[0] | self.men[0] << 4 | self.kings[1] << 8 | self.men[1] << 12)
    }

    fn pieces(self) -> u32 {
        self.kings[0] + self.kings[1] + self.men[0] + self.men[1]
    }

    /// How many ways each part of the index can be filled: White's men, Black's men, White's
    /// kings, Black's kings.
    fn part_sizes(self) -> [u64; 4] {
        let men = (self.men[0] + self.men[1]) as usize;
        let free = SQUARES - men;
        [
            BINOMIAL[MAN_SQUARES as usize][self.men[0] as usize],
            BINOMIAL[MAN_SQUARES as usize][self.men[1] as usize],
            BINOMIAL[free][self.kings[0] as usize],
            BINOMIAL[free - self.kings[0] as usize][self.kings[1] as usize],
        ]
    }

    /// The indices of one side to move: none beyond the databases' pieces, whose numbering would
    /// overflow (a signature read from a corrupt file may have 60 pieces).
    fn positions_per_side(self) -> u64 {
        if self.pieces() > MAX_ENDGAME_PIECES {
            return 0;
        }
        self.part_sizes().iter().product()
    }
}

/// The rank of a set of `k` elements (bits of `set`) in the combinatorial number system.
fn rank(set: u32) -> u64 {
    Square::in_set(set)
        .enumerate()
        .map(|(i, sq)| BINOMIAL[sq.index()][i + 1])
        .sum()
}

/// The set of `k` elements with rank `rank` ([`rank`] inverted).
fn unrank(mut rank: u64, k: usize) -> u32 {
    let mut set = 0;
    let mut top = SQUARES;
    for i in (1..=k).rev() {
        // The largest element c with C(c, i) <= rank.
        top -= 1;
        while BINOMIAL[top][i] > rank {
            top -= 1;
        }
        rank -= BINOMIAL[top][i];
        set |= 1 << top;
    }
    set
}

/// `set`'s squares renumbered among the squares outside `taken`: each moves down by the taken
/// squares below it.
fn squeeze(set: u32, taken: u32) -> u32 {
    Square::in_set(set).fold(0, |out, sq| {
        let below = taken & (sq.bit() - 1);
        out | 1 << (sq.index() as u32 - below.count_ones())
    })
}

/// [`squeeze`] inverted: the squares outside `taken` that `set` numbers among them.
fn spread(set: u32, taken: u32) -> u32 {
    let mut free = !taken;
    let mut rank = 0;
    let mut out = 0;
    for sq in Square::in_set(set) {
        // Drop the free squares below the one ranked `sq`.
        while rank < sq.index() {
            free &= free - 1;
            rank += 1;
        }
        out |= free & free.wrapping_neg();
    }
    out
}

/// The squares of `side`'s men as numbered among the 28 off its promotion row: White's rows 1–7
/// are squares 0..28 already, Black's rows 2–8 start at square 4.
fn men_offset(side: Side) -> u32 {
    match side {
        Side::White => 0,
        Side::Black => 4,
    }
}

impl EndgameIndex for Position {
    fn endgame_signatures(max_pieces: u32) -> Vec<Signature> {
        let most = max_pieces.min(MAX_ENDGAME_PIECES);
        let mut list = Vec::new();
        for pieces in 2..=most {
            // Fewer men first: a man crowned leads to a signature with one man fewer.
            for men in 0..=pieces {
                for white in 1..pieces {
                    for white_men in 0..=white.min(men) {
                        let black_men = men - white_men;
                        let black = pieces - white;
                        if black_men > black {
                            continue;
                        }
                        let material = Material {
                            kings: [white - white_men, black - black_men],
                            men: [white_men, black_men],
                        };
                        list.push(material.signature());
                    }
                }
            }
        }
        list
    }

    fn signature_name(signature: Signature) -> String {
        let material = Material::of(signature);
        let side = |i: usize| {
            "K".repeat(material.kings[i] as usize) + &"M".repeat(material.men[i] as usize)
        };
        format!("{}v{}", side(0), side(1))
    }

    fn signature_pieces(signature: Signature) -> u32 {
        Material::of(signature).pieces()
    }

    fn endgame_position_count(signature: Signature) -> u64 {
        2 * Material::of(signature).positions_per_side()
    }

    fn endgame_pieces(&self) -> u32 {
        self.occupied().count_ones()
    }

    fn endgame_index(&self) -> Option<(Signature, u64)> {
        let men = Side::BOTH.map(|side| self.men(side));
        let kings = Side::BOTH.map(|side| self.kings(side));
        let material = Material {
            kings: kings.map(u32::count_ones),
            men: men.map(u32::count_ones),
        };
        let pieces = material.pieces();
        if pieces > MAX_ENDGAME_PIECES || Side::BOTH.iter().any(|&s| self.pieces(s) == 0) {
            return None;
        }
        let all_men = men[0] | men[1];
        let ranks = [
            rank(men[0] >> men_offset(Side::White)),
            rank(men[1] >> men_offset(Side::Black)),
            rank(squeeze(kings[0], all_men)),
            rank(squeeze(kings[1], all_men | kings[0])),
        ];
        let sizes = material.part_sizes();
        let within = ranks
            .iter()
            .zip(sizes)
            .fold(0, |index, (&rank, size)| index * size + rank);
        let side = self.side_to_move().index() as u64;
        Some((
            material.signature(),
            side * material.positions_per_side() + within,
        ))
    }

    fn endgame_position(signature: Signature, index: u64) -> Option<Position> {
        let material = Material::of(signature);
        let per_side = material.positions_per_side();
        if index >= 2 * per_side {
            return None;
        }
        let side = if index < per_side {
            Side::White
        } else {
            Side::Black
        };
        let mut rest = index % per_side;
        let mut ranks = [0; 4];
        for (part, size) in material.part_sizes().into_iter().enumerate().rev() {
            ranks[part] = rest % size;
            rest /= size;
        }
        let white_men = unrank(ranks[0], material.men[0] as usize) << men_offset(Side::White);
        let black_men = unrank(ranks[1], material.men[1] as usize) << men_offset(Side::Black);
        if white_men & black_men != 0 {
            return None;
        }
        let all_men = white_men | black_men;
        let white_kings = spread(unrank(ranks[2], material.kings[0] as usize), all_men);
        let black_kings = spread(
            unrank(ranks[3], material.kings[1] as usize),
            all_men | white_kings,
        );
        let mut pos = Position::empty();
        for (set, side, king) in [
            (white_men, Side::White, false),
            (black_men, Side::Black, false),
            (white_kings, Side::White, true),
            (black_kings, Side::Black, true),
        ] {
            for sq in Square::in_set(set) {
                pos.put(sq, Piece { side, king });
            }
        }
        pos.set_state(side, 0);
        Some(pos)
    }

    fn resolved_through_moves(&self) -> bool {
        movegen::has_capture(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn ranks_invert() {
        for set in [0b1u32, 0b1011, 1 << 31 | 1, 0xF000_0000] {
            assert_eq!(unrank(rank(set), set.count_ones() as usize), set);
        }
        assert_eq!(squeeze(0b1000, 0b0010), 0b0100);
        assert_eq!(spread(0b0100, 0b0010), 0b1000);
    }

    /// Every position text with these pieces (letters of the position text), each on any dark
    /// square, either side to move, that the text rules accept.
    fn legal_texts(pieces: &[char]) -> std::collections::BTreeSet<String> {
        let mut texts = std::collections::BTreeSet::new();
        let placements = SQUARES.pow(pieces.len() as u32);
        for placement in 0..placements {
            let mut board = [['1'; 8]; 8];
            let mut at = placement;
            let mut taken = 0u32;
            for &letter in pieces {
                let sq = Square::from_index(at % SQUARES);
                at /= SQUARES;
                taken |= sq.bit();
                board[7 - sq.row() as usize][sq.column() as usize] = letter;
            }
            if taken.count_ones() as usize != pieces.len() {
                continue;
            }
            let rows: Vec<String> = board.iter().map(|row| row.iter().collect()).collect();
            for side in ["w", "b"] {
                if let Ok(pos) = Position::from_text(&format!("{} {side}", rows.join("/"))) {
                    texts.insert(pos.to_text());
                }
            }
        }
        texts
    }

    #[test]
    fn indices_number_exactly_the_legal_positions_of_small_signatures() {
        // Three pieces take in men of both sides that could collide (MvMM), kings among men and
        // both sides to move: every part of the index.
        for signature in Position::endgame_signatures(3) {
            let material = Material::of(signature);
            let letters: Vec<char> = [
                ('K', 0, true),
                ('M', 0, false),
                ('k', 1, true),
                ('m', 1, false),
            ]
            .into_iter()
            .flat_map(|(letter, side, king)| {
                let count = if king {
                    material.kings[side]
                } else {
                    material.men[side]
                };
                std::iter::repeat_n(letter, count as usize)
            })
            .collect();
            let name = Position::signature_name(signature);
            let mut numbered = std::collections::BTreeSet::new();
            for index in 0..Position::endgame_position_count(signature) {
                let Some(pos) = Position::endgame_position(signature, index) else {
                    continue;
                };
                assert_eq!(
                    pos.endgame_index(),
                    Some((signature, index)),
                    "{name} {index}"
                );
                assert_eq!(pos.hash(), pos.compute_hash());
                assert!(numbered.insert(pos.to_text()), "{name}: {pos:?} twice");
            }
            let legal = legal_texts(&letters);
            let first_difference = numbered.symmetric_difference(&legal).next();
            assert_eq!(first_difference, None, "{name}");
            assert!(!legal.is_empty(), "{name}");
        }
    }

    #[test]
    fn a_signature_of_more_pieces_than_the_databases_hold_numbers_none() {
        for signature in [Signature(0xFFFF), Signature(0x0F0F), Signature(0x6050)] {
            assert_eq!(
                Position::endgame_position_count(signature),
                0,
                "{signature:?}"
            );
            assert_eq!(
                Position::endgame_position(signature, 0),
                None,
                "{signature:?}"
            );
        }
        assert!(Position::endgame_position_count(Signature(0x0101)) > 0);
    }

    #[test]
    fn signatures_are_named_and_ordered_for_building() {
        let names: Vec<String> = Position::endgame_signatures(2)
            .into_iter()
            .map(Position::signature_name)
            .collect();
        assert_eq!(names, ["KvK", "KvM", "MvK", "MvM"]);
        let three = Position::endgame_signatures(3);
        assert_eq!(three.len(), 4 + 2 * 6);
        let kkvm = Position::from_text("1K1K4/8/8/8/8/8/1m6/8 w").unwrap();
        let (signature, _) = kkvm.endgame_index().unwrap();
        assert_eq!(Position::signature_name(signature), "KKvM");
        assert_eq!(Position::signature_pieces(signature), 3);
    }
}
