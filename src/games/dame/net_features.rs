//! Dame's inputs to a neural evaluation: for each piece, whose it is (the perspective's or the
//! other side's), whether it is a man or a king, and its dark square, seen from the perspective's
//! side (for Black the board is turned half round, so its men too run up the board). 2 × 2 × 32 =
//! 128 features: what a draughts position is, piece by piece; the patterns draughts programs weigh by
//! hand (tempo, balance, outposts, runaway men) are sums and pairs of these, which the hidden layer
//! can learn.

use super::moves::Move;
use super::position::Position;
use super::square::SQUARES;
use crate::game::{FeatureChanges, NetFeatures, Side};

impl NetFeatures for Position {
    const FEATURE_COUNT: usize = 2 * 2 * SQUARES;
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
        changes.iter_mut().for_each(FeatureChanges::clear);
        // The four sets of pieces (each side's men and kings) before and after: a square leaves a
        // set where the move takes a piece from it (its start, a captured piece, a man crowned) and
        // joins one where it puts a piece. Bitboard differences, not square by square: a move
        // touches few squares, but reading each square's piece costs more than four differences.
        for side in Side::BOTH {
            for (king, before, after) in [
                (0, self.men(side), child.men(side)),
                (1, self.kings(side), child.kings(side)),
            ] {
                if before == after {
                    continue;
                }
                for perspective in Side::BOTH {
                    let group = group(usize::from(side != perspective), king);
                    let changes = &mut changes[perspective.index()];
                    push_unordered(&mut changes.removed, group, before & !after, perspective);
                    push_unordered(&mut changes.added, group, after & !before, perspective);
                }
            }
        }
        true
    }
}

/// Appends the features of `group` on the squares of `set`, as `perspective` sees them (for Black
/// the board turned half round, which reverses a square set's bits), in ascending order.
fn push_squares(features: &mut Vec<u16>, group: usize, set: u32, perspective: Side) {
    let mut rest = match perspective {
        Side::White => set,
        Side::Black => set.reverse_bits(),
    };
    while rest != 0 {
        features.push((group + rest.trailing_zeros() as usize) as u16);
        rest &= rest - 1;
    }
}

/// [`push_squares`] in no particular order, which a move's changes allow: Black's squares are
/// turned one by one (square `s` becomes `31 - s`, that is `s ^ 31`) rather than the set reversed,
/// which costs more than the few squares a move changes.
#[inline(always)]
fn push_unordered(features: &mut Vec<u16>, group: usize, set: u32, perspective: Side) {
    let turn = match perspective {
        Side::White => 0,
        Side::Black => SQUARES - 1,
    };
    let mut rest = set;
    while rest != 0 {
        features.push((group + (rest.trailing_zeros() as usize ^ turn)) as u16);
        rest &= rest - 1;
    }
}

/// The first feature of the pieces of `owner` (0: the perspective's, 1: the other side's), men or
/// kings: a square adds its index as the perspective sees it.
const fn group(owner: usize, king: usize) -> usize {
    (owner * 2 + king) * SQUARES
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
