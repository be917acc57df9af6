//! Dame for programs that learn (docs/python.md, "Dame"): a move's id (from the side to move) and
//! the observation planes (from either side), the board turned half round for Black; and a bound
//! on a game's length.
//!
//! - Id: `(from · 32 + to) · 16 + rank`, dark squares numbered `row · 4 + column / 2` from the side
//!   to move, rank the move's place among the capture sequences with the same start and end,
//!   ordered by their captured sets (0 for a plain move; the rank of the move's 16-bit code). 16,384
//!   ids. A sixteenth sequence between the same two squares has no id: none is known (the most
//!   captures any position is known to have, all ends together, is 65; see `moves.rs`), and one
//!   met is an error, never a clash.
//! - Planes, 4 × 8 × 8 over the whole board: the perspective's men and kings, the other side's men
//!   and kings.

use super::code;
use super::moves::Move;
use super::piece_squares;
use super::position::Position;
use super::square::SQUARES;
use crate::game::{ActionSpace, Game, Observation, Planes, Side};

/// Sequences with the same start and end that have ids.
const RANKS: u32 = 16;

impl ActionSpace for Position {
    const ACTION_COUNT: u32 = (SQUARES * SQUARES) as u32 * RANKS;
    /// 24 men step forward at most 7 rows each and at most 23 pieces are captured: 191
    /// irreversible moves, and 50 plies of king moves without a capture draw: 191 stretches of at
    /// most 50 plies each ended by one, and a last one.
    const MAX_GAME_PLIES: u32 = 192 * 50;

    fn action_id(&self, mv: Move) -> Option<u32> {
        let side = self.side_to_move();
        let rank = u32::from(code::rank(self, mv));
        let from = mv.from().seen_by(side).index() as u32;
        let to = mv.to().seen_by(side).index() as u32;
        (rank < RANKS).then_some((from * SQUARES as u32 + to) * RANKS + rank)
    }
}

impl Observation for Position {
    const OBSERVATION_SHAPE: [usize; 3] = [piece_squares::CLASSES, 8, 8];

    fn observe(&self, perspective: Side, planes: &mut Planes<'_>) {
        // The net's inputs are exactly these planes' ones (`piece_squares`).
        planes.set_net_features(self, perspective, piece_squares::place);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, legal_actions, observe};

    #[test]
    fn the_first_moves_look_the_same_for_both_sides() {
        let white = Position::start();
        let black = Position::from_text(&white.to_text().replacen(" w", " b", 1)).unwrap();
        let ids = |p: &Position| {
            let actions = legal_actions(p).unwrap();
            actions.into_iter().map(|(id, _)| id).collect::<Vec<_>>()
        };
        assert_eq!(ids(&white), ids(&black));
        assert_eq!(observe(&white, Side::White), observe(&black, Side::Black));
        assert_eq!(observe(&white, Side::Black).iter().sum::<f32>(), 24.0);
    }

    #[test]
    fn a_plain_move_has_rank_zero() {
        let start = Position::start();
        let mv = start.parse_move("c3-d4").unwrap();
        let (from, to) = (mv.from().index() as u32, mv.to().index() as u32);
        assert_eq!(start.action_id(mv), Some((from * 32 + to) * 16));
    }
}
