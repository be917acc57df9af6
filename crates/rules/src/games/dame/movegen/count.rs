//! Counting legal moves without listing them: perft's last ply, and the position text's check that
//! a position's moves fit a move list.
//!
//! Plain moves are counted a direction or a king at a time by the population count of the squares
//! reached. Men's capture sequences are counted down their tree, as they are never found twice (see
//! `jumps`); only kings' sequences are listed, to keep one of each.

use super::super::direction::Direction;
use super::super::position::Position;
use super::super::square::Square;
use super::jumps::Jumps;
use super::king_reach;
use crate::game::Game;

/// How many legal moves `pos` has: 0 in a decided position. Needs no move list and so has none's
/// bound.
pub fn legal_move_count(pos: &Position) -> usize {
    if pos.decided_winner().is_some() {
        return 0;
    }
    let capturers = pos.capturers();
    if capturers == 0 {
        plain_move_count(pos)
    } else {
        capture_count(pos, capturers)
    }
}

/// The plain moves of the side to move: each man's steps forward onto empty squares, each king's
/// slides.
fn plain_move_count(pos: &Position) -> usize {
    let us = pos.side_to_move();
    let empty = !pos.occupied();
    let men = pos.men(us);
    let steps: u32 = Direction::with_forward(us, |forward| {
        forward
            .into_iter()
            .map(|dir| (dir.shift(men) & empty).count_ones())
            .sum()
    });
    let slides: u32 = Square::in_set(pos.kings(us))
        .map(|king| king_reach(king, empty).count_ones())
        .sum();
    (steps + slides) as usize
}

/// The capture sequences of the pieces on `capturers`, each distinct start, end and captured set once.
fn capture_count(pos: &Position, capturers: u32) -> usize {
    let kings = pos.kings(pos.side_to_move());
    let mut sequences = Vec::new();
    Square::in_set(capturers)
        .map(|from| {
            if kings & from.bit() == 0 {
                return Jumps::new(pos, from.bit()).man_sequence_count(from.bit(), 0) as usize;
            }
            sequences.clear();
            super::for_each_sequence(pos, from, |mv| sequences.push((mv.to(), mv.captured())));
            sequences.sort_unstable_by_key(|&(to, captured)| (to.index(), captured));
            sequences.dedup();
            sequences.len()
        })
        .sum()
}
