//! Alice chess for programs that learn (docs/python.md, "Alice chess"): a move's id (from the side
//! to move) and the observation planes (from either side), the ranks turned round for Black (as the
//! net's inputs are); and a bound on a game's length.
//!
//! - Id: `(from · 64 + to) · 5 + promotion`, squares `rank · 8 + file` from the side to move (for
//!   Black, the rank is `7 − rank`), promotion 0 for none and 1..=4 for knight, bishop, rook, queen.
//!   A piece moves from its own board, which the position knows, so the board is not in the id;
//!   castling is the king's move. 20,480 ids.
//! - Planes, 29 × 8 × 8: plane `(owner · 2 + board) · 6 + kind` for the pieces (owner 0 the
//!   perspective's side, board 0 = A, kinds pawn, knight, bishop, rook, queen, king), then four
//!   planes all ones for the castling rights (that side's short and long, the other side's)
//!   and one plane with the en-passant square.

use super::castling::CastlingRight;
use super::moves::Move;
use super::piece::Kind;
use super::piece_squares::{self, seen};
use super::position::Position;
use crate::game::{ActionSpace, Game, Observation, Planes, Side};

impl ActionSpace for Position {
    const ACTION_COUNT: u32 = 64 * 64 * 5;
    /// 16 pawns advance at most 6 ranks each and at most 30 pieces are captured: 126 irreversible
    /// moves, and 100 plies without one draw: 126 stretches of at most 100 plies each ended by
    /// one, and a last one.
    const MAX_GAME_PLIES: u32 = 127 * 100;

    fn action_id(&self, mv: Move) -> Option<u32> {
        let side = self.side_to_move();
        let promotion = mv
            .promotion()
            .and_then(|kind| Kind::PROMOTIONS.iter().position(|&k| k == kind))
            .map_or(0, |index| index + 1);
        let (from, to) = (seen(side, mv.from()), seen(side, mv.to()));
        Some(((from * 64 + to) * 5 + promotion) as u32)
    }
}

/// The piece planes: owner × board × kind.
const PIECE_PLANES: usize = piece_squares::CLASSES;

impl Observation for Position {
    const OBSERVATION_SHAPE: [usize; 3] = [PIECE_PLANES + 4 + 1, 8, 8];

    fn observe(&self, perspective: Side, planes: &mut Planes<'_>) {
        let side = perspective;
        // The net's inputs are exactly the piece planes' ones (`piece_squares`).
        planes.set_net_features(self, side, piece_squares::place);
        for (index, (owner, short)) in [(side, true), (side, false)]
            .into_iter()
            .chain([(side.opponent(), true), (side.opponent(), false)])
            .enumerate()
        {
            if self.castling().has(CastlingRight::new(owner, short)) {
                planes.fill(PIECE_PLANES + index);
            }
        }
        if let Some(square) = self.en_passant() {
            let square = seen(side, square);
            planes.set(PIECE_PLANES + 4, square / 8, square % 8);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, legal_actions, observe};

    #[test]
    fn the_first_moves_look_the_same_for_both_sides() {
        let white = Position::start();
        let black = Position::from_text(&white.to_text().replacen(" w ", " b ", 1)).unwrap();
        let ids = |p: &Position| {
            let actions = legal_actions(p).unwrap();
            actions.into_iter().map(|(id, _)| id).collect::<Vec<_>>()
        };
        assert_eq!(ids(&white), ids(&black));
        assert_eq!(observe(&white, Side::White), observe(&black, Side::Black));
        // 32 pieces, and four castling planes of 64 ones.
        assert_eq!(
            observe(&white, Side::Black).iter().sum::<f32>(),
            32.0 + 4.0 * 64.0
        );
    }

    #[test]
    fn an_id_names_its_squares_and_promotion() {
        let position = Position::from_text("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let mv = position.parse_move("a7a8q").unwrap();
        assert_eq!(
            position.action_id(mv),
            Some(((48 * 64 + 56) * 5 + 4) as u32)
        );
    }
}
