//! Duel's inputs to a neural evaluation: for each piece, whose it is (the perspective's or the
//! other side's), its square and what it is (a die in one of its 24 orientations, or the king), seen
//! from the perspective's side: for Black the board is turned half round, which keeps a die a die
//! (north and south swap, east and west swap, the top stays). 2 × 72 × 25 = 3,600 features. In
//! training each also teaches its coarse feature, owner × square × top value (or king).
//! `piece_squares` numbers them.

use super::moves::Move;
use super::orientation::{ORIENTATIONS, Orientation};
use super::piece::Piece;
use super::piece_squares::{self, KINDS};
use super::position::Position;
use super::square::SQUARES;
use crate::game::{FeatureChanges, NetFeatures, Side, record_square_change};

/// What a piece is to the factoriser: a die's top value (1 to 6, as 0 to 5), or the king (6).
const COARSE_KINDS: usize = 7;

impl NetFeatures for Position {
    const FEATURE_COUNT: usize = 2 * SQUARES * KINDS;
    /// Owner × square × top value or king: what a die's 24 orientations on a square share.
    const FACTOR_COUNT: usize = 2 * SQUARES * COARSE_KINDS;
    /// `nets/duel.nnue` (its recipe: docs/nnue.md).
    const EMBEDDED_NET: Option<&'static [u8]> = Some(include_bytes!("../../../nets/duel.nnue"));

    fn active_features(&self, perspective: Side, features: &mut Vec<u16>) {
        // The perspective's pieces, then the other side's; squares come in ascending order, which
        // the half turn reverses for Black, so each group is ascending once reversed.
        for side in [perspective, perspective.opponent()] {
            let group = features.len();
            self.occupied_by(side).for_each_square(|sq| {
                features.push(piece_squares::index(perspective, self.piece_at(sq), sq));
            });
            if perspective == Side::Black {
                features[group..].reverse();
            }
        }
    }

    fn move_feature_changes(
        &self,
        mv: Move,
        child: &Position,
        changes: &mut [FeatureChanges; 2],
    ) -> bool {
        changes.iter_mut().for_each(FeatureChanges::clear);
        // A move touches two squares: the die (or king) leaves the first and lands, rolled, on the
        // second, taking what stood there.
        let occupant = |piece: Piece| (!piece.is_none()).then_some(piece);
        for sq in [mv.from(), mv.to()] {
            record_square_change(
                changes,
                occupant(self.piece_at(sq)),
                occupant(child.piece_at(sq)),
                |perspective, piece| piece_squares::index(perspective, piece, sq),
            );
        }
        true
    }

    fn factor(feature: u16) -> u16 {
        let (place, kind) = (usize::from(feature) / KINDS, usize::from(feature) % KINDS);
        let coarse = if kind < ORIENTATIONS {
            usize::from(Orientation::from_index(kind).top()) - 1
        } else {
            COARSE_KINDS - 1
        };
        (place * COARSE_KINDS + coarse) as u16
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::game::net_features::checks::{MoveChanges, features, over_random_games};

    /// The features of the perspective's own pieces are those below this.
    const OWN: u16 = (SQUARES * KINDS) as u16;

    #[test]
    fn the_start_looks_the_same_from_both_sides() {
        let start = Position::start();
        let white = features(&start, Side::White);
        assert_eq!(white.len(), 18);
        assert_eq!(white, features(&start, Side::Black));
        // The perspective's pieces come first: nine of them below the other side's.
        assert_eq!(white.iter().filter(|&&f| f < OWN).count(), 9);
    }

    #[test]
    fn every_position_of_random_games_has_one_feature_per_piece_and_moves_change_few() {
        let pieces = |pos: &Position, side: Side| pos.occupied_by(side).count() as usize;
        // A move takes a piece off one square and puts it (rolled) on another, maybe taking one
        // more: at most two features go and one comes, for each perspective.
        over_random_games::<Position>(
            11,
            80,
            |pos| pieces(pos, Side::White) + pieces(pos, Side::Black),
            MoveChanges {
                removed: 2,
                added: 1..=1,
            },
            |pos, perspective, list| {
                let own = list.iter().filter(|&&f| f < OWN).count();
                assert_eq!(own, pieces(pos, perspective));
            },
        );
    }
}
