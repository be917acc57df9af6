//! Duel for programs that learn (docs/python.md, "Duel"): a move's id (from the side to move) and
//! the observation planes (from either side), the board turned half round for Black (as the net's
//! inputs are); and a bound on a game's length.
//!
//! - Id: `(from · 72 + to) · 2 + vertical_first`, squares numbered `row · 9 + column` from the side
//!   to move (for Black, `71 − square`). A straight move's bit is its own direction (1 along a
//!   column); a move with a turn has two paths, told apart by the bit. 10,368 ids; the king's steps
//!   are straight moves of one square.
//! - Planes, 50 × 8 × 9: plane `owner · 25 + kind`, owner 0 the perspective's side, kind a die's
//!   orientation (0..24, as the net's inputs number them, the faces turned with the board) or 24 the
//!   king.

use super::moves::Move;
use super::piece_squares::{self, KINDS, seen};
use super::position::Position;
use super::square::{COLUMNS, SQUARES};
use crate::game::{ActionSpace, Game, Observation, Planes, Side};

impl ActionSpace for Position {
    const ACTION_COUNT: u32 = (SQUARES * SQUARES * 2) as u32;
    /// At most 16 dice can be captured (taking the king ends the game), and 100 plies without a
    /// capture draw: 16 stretches of at most 100 plies each ended by a capture, and a last one.
    const MAX_GAME_PLIES: u32 = 17 * 100;

    fn action_id(&self, mv: Move) -> Option<u32> {
        let side = self.side_to_move();
        let (from, to) = (seen(side, mv.from()), seen(side, mv.to()));
        Some(((from * SQUARES + to) * 2 + usize::from(mv.vertical_first())) as u32)
    }
}

impl Observation for Position {
    const OBSERVATION_SHAPE: [usize; 3] = [2 * KINDS, 8, COLUMNS as usize];

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
        // The start is symmetric under the half turn: White's and Black's first moves, and what
        // each sees, are the same.
        let white = Position::start();
        let black = Position::from_text(&white.to_text().replace(" w ", " b ")).unwrap();
        let ids = |p: &Position| {
            legal_actions(p)
                .unwrap()
                .into_iter()
                .map(|(id, _)| id)
                .collect::<Vec<_>>()
        };
        assert_eq!(ids(&white), ids(&black));
        assert_eq!(observe(&white, Side::White), observe(&black, Side::Black));
        // After a move the two sides see different boards.
        let moved = white.make_move(white.parse_move("D1-e6").unwrap());
        let (by_white, by_black) = (observe(&moved, Side::White), observe(&moved, Side::Black));
        assert!(by_white != by_black);
        // 9 pieces a side, one plane each.
        assert_eq!(observe(&white, Side::White).iter().sum::<f32>(), 18.0);
    }

    #[test]
    fn an_id_names_its_squares_and_path() {
        let start = Position::start();
        let mv = start.parse_move("D1-e6").unwrap();
        let (from, to) = (mv.from().index(), mv.to().index());
        assert_eq!(
            start.action_id(mv),
            Some(((from * 72 + to) * 2 + usize::from(mv.vertical_first())) as u32)
        );
    }
}
