//! Alice chess's inputs to a neural evaluation: for each piece, whose it is (the perspective's or the
//! other side's), which board it stands on, its kind and its square, seen from the perspective's side
//! (for Black the ranks are turned round). 2 × 2 × 6 × 64 = 1,536 features. In training each also
//! teaches its coarse feature, the same without the board.

use super::bitboard::Bitboard;
use super::piece::Kind;
use super::position::Position;
use super::square::Board;
use crate::game::{NetFeatures, Side};

impl NetFeatures for Position {
    const FEATURE_COUNT: usize = 2 * 2 * 6 * 64;
    /// Owner × kind × square, whichever board: what a piece on a square is worth on either board.
    const FACTOR_COUNT: usize = 2 * 6 * 64;
    /// The net trained on these features, `nets/alice.nnue`.
    const EMBEDDED_NET: Option<&'static [u8]> = Some(include_bytes!("../../../nets/alice.nnue"));

    fn active_features(&self, perspective: Side, features: &mut Vec<u16>) {
        // Group by group in the index's order (owner, board, kind), each group's squares ascending:
        // the list comes out sorted. For Black the ranks are turned round, which a byte swap of the
        // bitboard does, so its squares still come in ascending order.
        for (theirs, side) in [(0, perspective), (1, perspective.opponent())] {
            for board in Board::BOTH {
                for kind in Kind::ALL {
                    let pieces = self.pieces(board, side, kind).0;
                    let seen = match perspective {
                        Side::White => pieces,
                        Side::Black => pieces.swap_bytes(),
                    };
                    let group = ((theirs * 2 + board.index()) * 6 + kind.index()) * 64;
                    for sq in Bitboard(seen) {
                        features.push((group + sq.index()) as u16);
                    }
                }
            }
        }
    }

    fn factor(feature: u16) -> u16 {
        // ((owner · 2 + board) · 6 + kind) · 64 + square, without the board.
        let feature = usize::from(feature);
        let (owner, rest) = (feature / (2 * 6 * 64), feature % (6 * 64));
        (owner * 6 * 64 + rest) as u16
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::game::net_features::checks::{MoveChanges, features, over_random_games};

    #[test]
    fn the_start_looks_the_same_from_both_sides() {
        let start = Position::start();
        let white = features(&start, Side::White);
        assert_eq!(white.len(), 32);
        assert_eq!(white, features(&start, Side::Black));
    }

    #[test]
    fn random_games_have_one_feature_per_piece_and_moves_change_few() {
        // Castling moves two pieces; a capture takes one more.
        over_random_games::<Position>(
            5,
            100,
            |pos| pos.occupied_anywhere().count() as usize,
            MoveChanges {
                removed: 2,
                added: 1..=2,
            },
            |_, _, _| {},
        );
    }
}
