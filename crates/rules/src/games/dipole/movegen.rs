//! Legal move generation.
//!
//! Every move of a stack of height h is found among its precomputed lines: forward stops within h
//! give plain moves and merges (empty or own square) or captures (an enemy stack no taller than the
//! distance); the other stops within h give captures only; every k from the least that leaves the
//! board up to h bears off. No move is ever blocked and none can expose anything, so every generated
//! move is legal.
//!
//! At most 84 moves (the bound is derived beside the move type, in `moves.rs`).

use super::lines::lines;
use super::moves::Move;
use super::position::Position;
use super::square::Square;
use crate::game::Game;

/// Calls `emit` with every legal move of `pos`, stack by stack from a1 upward; `pass` alone when no
/// other move exists. Emits nothing in a decided position.
#[inline]
pub fn for_each_legal_move(pos: &Position, mut emit: impl FnMut(Move)) {
    if pos.decided_winner().is_some() {
        return;
    }
    let us = pos.side_to_move();
    let theirs = pos.occupied_by(us.opponent());
    let mut any = false;
    for from in Square::in_set(pos.occupied_by(us)) {
        let height = pos.height(from);
        let lines = lines(us, from);
        for stop in lines.forward.within(height) {
            let to = stop.square;
            if theirs & to.bit() == 0 || pos.height(to) <= stop.distance {
                emit(Move::step(from, to, stop.distance));
                any = true;
            }
        }
        for stop in lines.other.within(height) {
            let to = stop.square;
            if theirs & to.bit() != 0 && pos.height(to) <= stop.distance {
                emit(Move::step(from, to, stop.distance));
                any = true;
            }
        }
        for count in lines.bear_off_from..=height {
            emit(Move::bear_off(from, count));
            any = true;
        }
    }
    if !any {
        emit(Move::PASS);
    }
}

/// The number of legal moves, counted without storing them.
#[inline]
pub fn count_legal_moves(pos: &Position) -> u64 {
    let mut count = 0;
    for_each_legal_move(pos, |_| count += 1);
    count
}
