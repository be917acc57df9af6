//! The counts perft asks of a game, apart from its rules: faster ways to count the last two plies.

use super::{Game, MoveList};

/// Perft's bulk counts. The defaults generate and make moves through [`Game`]; a game overrides them
/// where it can count without storing the moves, or play them on one scratch position.
pub trait Perft: Game {
    /// The number of legal moves: perft's bulk count of the last ply.
    fn legal_move_count(&self) -> u64 {
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        moves.len() as u64
    }

    /// The sum of [`Perft::legal_move_count`] over the positions after each of `moves`, which must be
    /// legal here: perft's last two plies. The default makes each child.
    fn children_move_count(&self, moves: &[Self::Move]) -> u64 {
        moves
            .iter()
            .map(|&mv| self.make_move(mv).legal_move_count())
            .sum()
    }
}
