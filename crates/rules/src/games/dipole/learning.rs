//! Dipole for programs that learn (docs/python.md, "Dipole"): a move's id (from the side to move)
//! and the observation planes (from either side), the board turned half round for Black; and a
//! bound on a game's length.
//!
//! - Id, dark squares numbered `row · 4 + column / 2` from the side to move: a move of k checkers
//!   onto a square is `from · 32 + to` (k is the distance); bearing k checkers off is
//!   `1024 + from · 12 + k − 1`; the forced pass is 1408. 1,409 ids.
//! - Planes, 24 × 8 × 8 over the whole board: plane `h − 1` holds the perspective's stacks of
//!   height h, plane `12 + h − 1` the other side's.

use super::moves::{Move, MoveKind};
use super::piece_squares;
use super::position::Position;
use super::square::{SQUARES, Square};
use super::stack::MAX_HEIGHT;
use crate::game::{ActionSpace, Game, Observation, Planes, Side};

/// The first bearing-off id.
const BEAR_OFF: u32 = (SQUARES * SQUARES) as u32;
/// The pass's id.
const PASS: u32 = BEAR_OFF + SQUARES as u32 * MAX_HEIGHT as u32;

impl ActionSpace for Position {
    const ACTION_COUNT: u32 = PASS + 1;
    /// No draw rules, but every move but a capture brings a side's checkers nearer their far edge:
    /// the rows they have to go are 8 each, 96 a side at the start; a move or bearing off lowers
    /// them by at least 1, and each of at most 23 captures raises them by at most 12 checkers × 7
    /// rows. So at most 2 · 96 + 23 · 84 = 2,124 other moves and 23 captures, and a side passes only
    /// when it cannot move, never twice in a row: 2 · 2,147 + 1.
    const MAX_GAME_PLIES: u32 = 2 * (2 * 96 + 23 * 84 + 23) + 1;

    fn action_id(&self, mv: Move) -> Option<u32> {
        let side = self.side_to_move();
        let seen = |square: Square| square.seen_by(side).index() as u32;
        match mv.kind() {
            MoveKind::Step { from, to, .. } => Some(seen(from) * SQUARES as u32 + seen(to)),
            MoveKind::BearOff { from, count } => {
                Some(BEAR_OFF + seen(from) * u32::from(MAX_HEIGHT) + u32::from(count) - 1)
            }
            MoveKind::Pass => Some(PASS),
            MoveKind::Null => None,
        }
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
        assert_eq!(observe(&white, Side::Black).iter().sum::<f32>(), 2.0);
    }

    #[test]
    fn bearing_off_has_its_own_ids() {
        // A White checker on b8 (dark square 28) can only bear off.
        let position = Position::from_text("1A6/8/8/8/8/8/8/4l3 w").unwrap();
        let actions = legal_actions(&position).unwrap();
        let ids: Vec<u32> = actions.iter().map(|&(id, _)| id).collect();
        assert_eq!(ids, vec![BEAR_OFF + 28 * 12]);
    }
}
