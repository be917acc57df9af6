//! The moves searched at the root, with what the iterations learned about each, and those of them
//! that keep the endgame databases' result.

use super::score::INFINITE;
use super::tablebase::{EndgameValue, Tablebases};
use super::tt::TranspositionTable;
use duel_rules::game::{EndgameIndex, MoveList, Searchable};

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

/// Keeps, of the root's `moves`, those with the best database value where the tables know every
/// move's: the quickest conversions of a win (each conversion brings the end nearer, so the win
/// cannot wander), the drawing moves of a draw, the slowest losses. Leaves `moves` as they are
/// where the tables do not know them all. Returns how many probes it made.
pub(super) fn keep_database_result<G: EndgameIndex>(
    root: &G,
    moves: &mut Vec<G::Move>,
    tables: &Tablebases,
) -> u64 {
    if root.endgame_pieces() > tables.max_pieces() {
        return 0;
    }
    let signature = root.endgame_index().map(|(signature, _)| signature);
    let values: Option<Vec<EndgameValue>> = moves
        .iter()
        .map(|&mv| {
            let child = root.make_move(mv);
            let converts = child.endgame_index().map(|(signature, _)| signature) != signature;
            Some(tables.probe(&child)?.after_move(converts))
        })
        .collect();
    let Some(values) = values else {
        return 0;
    };
    let probes = values.len() as u64;
    if let Some(&best) = values.iter().max() {
        let mut value = values.iter();
        moves.retain(|_| value.next() == Some(&best));
    }
    probes
}
