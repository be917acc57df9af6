//! The moves searched at the root, with what the iterations learned about each.

use super::score::INFINITE;
use super::tt::TranspositionTable;
use duel_rules::game::{MoveList, Searchable};

/// A root move with its latest score and principal variation.
#[derive(Clone, Debug)]
pub(super) struct RootMove<M> {
    /// The move.
    pub mv: M,
    /// The score from the current iteration; `-INFINITE` when it is only known to be worse than the
    /// best move (a failed null-window search).
    pub score: i32,
    /// The score from the previous iteration (aspiration windows centre on it).
    pub previous_score: i32,
    /// The deepest ply its last search reached.
    pub seldepth: usize,
    /// The principal variation, starting with `mv`.
    pub pv: Vec<M>,
}

impl<M: Copy> RootMove<M> {
    /// A move not searched yet.
    pub fn new(mv: M) -> Self {
        RootMove {
            mv,
            score: -INFINITE,
            previous_score: -INFINITE,
            seldepth: 0,
            pv: vec![mv],
        }
    }

    /// The best score known for the move: this iteration's, else the previous one.
    pub fn latest_score(&self) -> i32 {
        if self.score == -INFINITE {
            self.previous_score
        } else {
            self.score
        }
    }
}

/// The legal moves of `root` restricted to `searchmoves` (all of them when it is empty or names no
/// legal move, so that a search always has a move to return), the table's move first and captures by
/// victim next, so that a search stopped at once still answers its best guess.
pub(super) fn root_moves<G: Searchable>(
    root: &G,
    searchmoves: &[G::Move],
    tt: &TranspositionTable,
) -> Vec<G::Move> {
    let mut legal = MoveList::new();
    root.generate_moves(&mut legal);
    let mut moves: Vec<G::Move> = legal
        .iter()
        .copied()
        .filter(|mv| searchmoves.contains(mv))
        .collect();
    if moves.is_empty() {
        moves = legal.to_vec();
    }
    let tt_move = tt
        .probe(root.hash(), 0)
        .and_then(|entry| entry.mv)
        .and_then(|code| root.decode_move(code));
    // Stable: generation order among equals.
    moves.sort_by_key(|&mv| {
        let first = Some(mv) == tt_move;
        (
            std::cmp::Reverse(first),
            std::cmp::Reverse(root.capture_value(mv)),
        )
    });
    moves
}

/// Sorts root moves by score, best first, keeping the previous order among equals (moves that only
/// failed low keep the ranking of earlier iterations).
pub(super) fn sort_by_score<M>(moves: &mut [RootMove<M>]) {
    moves.sort_by_key(|rm| std::cmp::Reverse(rm.score));
}
