//! A move's 16-bit code, under which the transposition table stores it and the history table scores
//! it: the start square (5 bits), the end square (5 bits) and the move's rank (6 bits) among the
//! legal moves with that start and end, ordered by their captured sets. A whole capture sequence does
//! not fit in 16 bits, but within one position these three numbers tell moves apart.
//!
//! The rank needs the position: it counts the sequences of the piece on the start square. A plain
//! move has rank 0 (plain moves and captures are never legal together, and one start and end make at
//! most one plain move). Ranks past 63, which would need 64 sequences with the same start and end, are
//! folded into 6 bits; a clash then only costs move ordering, since the search matches decoded moves
//! against those it generated.

use super::movegen;
use super::moves::Move;
use super::position::Position;
use super::square::Square;
use crate::game::Game;

/// Bits of the start square.
const FROM_BITS: u16 = 0x1F;
/// Shift of the end square.
const TO_SHIFT: u16 = 5;
/// Shift of the rank.
const RANK_SHIFT: u16 = 10;
/// Bits of the rank, after shifting.
const RANK_BITS: u16 = 0x3F;

/// The code of `mv`, a legal move of `pos`.
pub fn move_code(pos: &Position, mv: Move) -> u16 {
    pack(mv.from(), mv.to(), rank(pos, mv))
}

/// The rank of `mv`, a legal move of `pos`, among the legal moves with its start and end, ordered
/// by their captured sets; 0 for a plain move. At most 64 (the code folds it into 6 bits).
pub fn rank(pos: &Position, mv: Move) -> u16 {
    if mv.is_capture() {
        let mut smaller = SmallerSets::new(mv.captured());
        movegen::for_each_sequence(pos, mv.from(), |seq| {
            if seq.to() == mv.to() {
                smaller.see(seq.captured());
            }
        });
        smaller.count()
    } else {
        0
    }
}

/// The distinct captured sets smaller than one capture's, among the sequences with its start and
/// end (routes may repeat one): its rank. Counted up to 64, which is never reached in play and only
/// folds the code's rank.
struct SmallerSets {
    /// The capture's own captured set.
    of: u32,
    /// The smaller sets seen, the first `count` of them.
    sets: [u32; 64],
    count: usize,
}

impl SmallerSets {
    /// None seen yet, for a capture that takes `of`.
    fn new(of: u32) -> SmallerSets {
        SmallerSets {
            of,
            sets: [0; 64],
            count: 0,
        }
    }

    /// Counts `captured`, a sequence's captured set, if it is smaller and not seen before.
    fn see(&mut self, captured: u32) {
        if captured < self.of
            && !self.sets[..self.count].contains(&captured)
            && self.count < self.sets.len()
        {
            self.sets[self.count] = captured;
            self.count += 1;
        }
    }

    /// How many were counted: the rank.
    fn count(&self) -> u16 {
        self.count as u16
    }
}

/// The legal move of `pos` with this code, if any. Only the piece on the code's start square is
/// looked at: its capture sequences ending on the code's end square where a capture is due, its
/// plain move there otherwise; the search decodes every table move, so listing all the position's
/// moves here would cost more than the rest of a node.
pub fn decode(pos: &Position, code: u16) -> Option<Move> {
    let from = Square::from_index(usize::from(code & FROM_BITS));
    let to = Square::from_index(usize::from((code >> TO_SHIFT) & FROM_BITS));
    let rank = (code >> RANK_SHIFT) & RANK_BITS;
    if pos.decided_winner().is_some() {
        return None;
    }
    if !movegen::has_capture(pos) {
        return movegen::plain_move(pos, from, to).filter(|_| rank == 0);
    }
    // Each sequence once, in the order `movegen::generate` lists them.
    let mut moves: Vec<Move> = Vec::new();
    movegen::for_each_sequence(pos, from, |mv| {
        if mv.to() == to && !moves.contains(&mv) {
            moves.push(mv);
        }
    });
    moves.iter().copied().find(|&mv| {
        let mut smaller = SmallerSets::new(mv.captured());
        moves.iter().for_each(|other| smaller.see(other.captured()));
        smaller.count() & RANK_BITS == rank
    })
}

/// The code of a start, an end and a rank.
fn pack(from: Square, to: Square, rank: u16) -> u16 {
    from.index() as u16 | (to.index() as u16) << TO_SHIFT | (rank & RANK_BITS) << RANK_SHIFT
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::game::{MoveList, random_positions};

    /// Every legal move's code is its own and decodes back to it.
    fn check_codes(pos: &Position, moves: &mut MoveList<Move>) {
        movegen::generate(pos, moves);
        let codes: Vec<u16> = moves.iter().map(|&mv| move_code(pos, mv)).collect();
        for (i, (&mv, &code)) in moves.iter().zip(&codes).enumerate() {
            assert!(!codes[..i].contains(&code), "{}", pos.to_text());
            assert_eq!(decode(pos, code), Some(mv), "{}", pos.to_text());
        }
    }

    #[test]
    fn codes_are_distinct_and_decode_in_random_play() {
        let mut moves = MoveList::new();
        for pos in random_positions(&Position::start(), 12, 100, 200) {
            check_codes(&pos, &mut moves);
        }
    }

    /// The reference decode: every legal move listed, the one with the code's start, end and rank.
    fn decode_by_listing(pos: &Position, code: u16) -> Option<Move> {
        let mut moves = MoveList::new();
        movegen::generate(pos, &mut moves);
        moves.iter().copied().find(|&mv| move_code(pos, mv) == code)
    }

    #[test]
    fn decoding_equals_listing_every_move_for_any_code() {
        // Codes of moves that exist and of moves that do not (another position's, a bad rank).
        for pos in random_positions(&Position::start(), 31, 4, 160)
            .iter()
            .step_by(8)
        {
            for code in
                (0..=u16::MAX).filter(|code| (code >> RANK_SHIFT) < 3 || code >> RANK_SHIFT == 63)
            {
                assert_eq!(
                    decode(pos, code),
                    decode_by_listing(pos, code),
                    "code {code} in {}",
                    pos.to_text()
                );
            }
        }
    }

    #[test]
    fn sequences_with_one_start_and_end_are_ranked() {
        // c1 takes b2 and b4, or d2 and d4, ending on c5 either way.
        let pos = Position::from_text("8/8/8/8/1m1m4/8/1m1m4/2M5 w").unwrap();
        let mut moves = MoveList::new();
        check_codes(&pos, &mut moves);
        let ranks: Vec<u16> = moves
            .iter()
            .map(|&mv| move_code(&pos, mv) >> RANK_SHIFT)
            .collect();
        assert_eq!(moves.len(), 2);
        assert_eq!(moves[0].to(), moves[1].to());
        assert_eq!(ranks.iter().sum::<u16>(), 1, "ranks 0 and 1");
    }

    #[test]
    fn a_code_of_no_legal_move_decodes_to_none() {
        let start = Position::start();
        let e1 = Square::at(4, 0).unwrap();
        assert_eq!(decode(&start, pack(e1, e1, 0)), None);
        assert_eq!(decode(&start, u16::MAX), None);
    }
}
