//! Dame's inputs to a neural evaluation: for each piece, whose it is (the perspective's or the
//! other side's), whether it is a man or a king, and its dark square, seen from the perspective's
//! side (for Black the board is turned half round, so its men too run up the board). 2 × 2 × 32 =
//! 128 features: what a draughts position is, piece by piece; the patterns draughts programs weigh by
//! hand (tempo, balance, outposts, runaway men) are sums and pairs of these, which the hidden layer
//! can learn.

use super::position::Position;
use super::square::SQUARES;
use crate::game::{NetFeatures, Side};

impl NetFeatures for Position {
    const FEATURE_COUNT: usize = 2 * 2 * SQUARES;

    fn active_features(&self, perspective: Side, features: &mut Vec<u16>) {
        // Group by group in the index's order (owner, man or king), each group's squares ascending:
        // the list comes out sorted. Turning the board half round reverses a square set's bits.
        for (owner, side) in [(0, perspective), (1, perspective.opponent())] {
            for (king, set) in [(0, self.men(side)), (1, self.kings(side))] {
                let seen = match perspective {
                    Side::White => set,
                    Side::Black => set.reverse_bits(),
                };
                let group = (owner * 2 + king) * SQUARES;
                let mut rest = seen;
                while rest != 0 {
                    features.push((group + rest.trailing_zeros() as usize) as u16);
                    rest &= rest - 1;
                }
            }
        }
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
        assert_eq!(white.len(), 24);
        assert_eq!(white, features(&start, Side::Black));
        // White's own men on a1 (square 0) and h8 is empty: the first feature is a1's man.
        assert_eq!(white[0], 0);
    }

    #[test]
    fn random_games_have_one_feature_per_piece_and_moves_change_few() {
        // A move takes its piece away from one square and puts it (or its crowned king) on another,
        // and a capture takes up to 12 pieces.
        over_random_games::<Position>(
            3,
            150,
            |pos| (pos.pieces(Side::White) | pos.pieces(Side::Black)).count_ones() as usize,
            MoveChanges {
                removed: 13,
                added: 1..=1,
            },
            |_, _, _| {},
        );
    }
}
