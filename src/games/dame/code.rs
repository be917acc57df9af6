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
use crate::game::MoveList;

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
        // The smaller captured sets of the sequences ending on the same square, each counted once
        // (routes repeat them); more than 64 is never reached in play and only folds the rank.
        let mut smaller = [0u32; 64];
        let mut count = 0;
        movegen::for_each_sequence(pos, mv.from(), |seq| {
            let captured = seq.captured();
            if seq.to() == mv.to()
                && captured < mv.captured()
                && !smaller[..count].contains(&captured)
                && count < smaller.len()
            {
                smaller[count] = captured;
                count += 1;
            }
        });
        count as u16
    } else {
        0
    }
}

/// The legal move of `pos` with this code, if any.
pub fn decode(pos: &Position, code: u16) -> Option<Move> {
    let from = Square::from_index(usize::from(code & FROM_BITS));
    let to = Square::from_index(usize::from((code >> TO_SHIFT) & FROM_BITS));
    let rank = (code >> RANK_SHIFT) & RANK_BITS;
    let mut moves = MoveList::new();
    movegen::generate(pos, &mut moves);
    moves
        .iter()
        .copied()
        .filter(|mv| mv.from() == from && mv.to() == to)
        .find(|&mv| move_code(pos, mv) >> RANK_SHIFT == rank)
}

/// The code of a start, an end and a rank.
fn pack(from: Square, to: Square, rank: u16) -> u16 {
    from.index() as u16 | (to.index() as u16) << TO_SHIFT | (rank & RANK_BITS) << RANK_SHIFT
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::game::Rng;

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
        let mut rng = Rng::new(12);
        let mut moves = MoveList::new();
        for _ in 0..100 {
            let mut pos = Position::start();
            for _ in 0..200 {
                check_codes(&pos, &mut moves);
                let Some(&mv) = rng.pick(&moves) else { break };
                pos = pos.make_move(mv);
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
