//! Dame's inputs to a neural evaluation: for each piece, whose it is (the perspective's or the
//! other side's), whether it is a man or a king, and its dark square, seen from the perspective's
//! side (for Black the board is turned half round, so its men too run up the board). 2 × 2 × 32 =
//! 128 features: what a draughts position is, piece by piece; the patterns draughts programs weigh by
//! hand (tempo, balance, outposts, runaway men) are sums and pairs of these, which the hidden layer
//! can learn. `piece_squares` numbers them.

use super::moves::Move;
use super::piece_squares::{COUNT, group, seen_set, turned};
use super::position::Position;
use crate::game::{FeatureChanges, NetFeatures, Side};

impl NetFeatures for Position {
    const FEATURE_COUNT: usize = COUNT;
    /// `nets/dame.nnue` (its recipe: docs/nnue.md).
    const EMBEDDED_NET: Option<&'static [u8]> = Some(include_bytes!("../../../nets/dame.nnue"));

    fn active_features(&self, perspective: Side, features: &mut Vec<u16>) {
        // Group by group in the index's order (owner, man or king), each group's squares ascending:
        // the list comes out sorted. Turning the board half round reverses a square set's bits.
        for (owner, side) in [(0, perspective), (1, perspective.opponent())] {
            for (king, set) in [(0, self.men(side)), (1, self.kings(side))] {
                push_squares(features, group(owner, king), set, perspective);
            }
        }
    }

    fn move_feature_changes(
        &self,
        _mv: Move,
        child: &Position,
        changes: &mut [FeatureChanges; 2],
    ) -> bool {
        let [white, black] = changes;
        white.clear();
        black.clear();
        // The four sets of pieces (each side's men and kings) before and after: a square leaves a
        // set where the move takes a piece from it (its start, a captured piece, a man crowned) and
        // joins one where it puts a piece. Bitboard differences, not square by square: a move
        // touches few squares, but reading each square's piece costs more than four differences.
        // Each feature is named from White's view and turned for Black's ([`turned`]).
        for (owner, side) in [(0, Side::White), (1, Side::Black)] {
            for (king, before, after) in [
                (0, self.men(side), child.men(side)),
                (1, self.kings(side), child.kings(side)),
            ] {
                if before == after {
                    continue;
                }
                let group = group(owner, king);
                for_each_square(before & !after, |square| {
                    let feature = (group + square) as u16;
                    white.removed.push(feature);
                    black.removed.push(turned(feature));
                });
                for_each_square(after & !before, |square| {
                    let feature = (group + square) as u16;
                    white.added.push(feature);
                    black.added.push(turned(feature));
                });
            }
        }
        true
    }
}

/// Appends the features of `group` on the squares of `set`, as `perspective` sees them, in
/// ascending order.
fn push_squares(features: &mut Vec<u16>, group: usize, set: u32, perspective: Side) {
    for_each_square(seen_set(set, perspective), |square| {
        features.push((group + square) as u16);
    });
}

/// Calls `f` with each square of `set`, ascending.
#[inline(always)]
fn for_each_square(set: u32, mut f: impl FnMut(usize)) {
    let mut rest = set;
    while rest != 0 {
        f(rest.trailing_zeros() as usize);
        rest &= rest - 1;
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
