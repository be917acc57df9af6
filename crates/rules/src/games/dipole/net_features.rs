//! Dipole's inputs to a neural evaluation: for each stack, whose it is (the perspective's or the
//! other side's), its height and its dark square, seen from the perspective's side (for Black the
//! board is turned half round, so its checkers too run up the board). 2 × 12 × 32 = 768 features:
//! a stack's height is how far it moves and what it can capture, so each height on each square is
//! its own feature, numbered by `piece_squares`.

use super::moves::{Move, MoveKind};
use super::piece_squares;
use super::position::Position;
use super::square::Square;
use crate::game::{FeatureChanges, NetFeatures, Side, record_square_change};

impl NetFeatures for Position {
    const FEATURE_COUNT: usize = piece_squares::COUNT;
    /// `nets/dipole.nnue` (its recipe: docs/nnue.md).
    const EMBEDDED_NET: Option<&'static [u8]> = Some(include_bytes!("../../../nets/dipole.nnue"));

    fn active_features(&self, perspective: Side, features: &mut Vec<u16>) {
        let start = features.len();
        let occupied = self.occupied_by(Side::White) | self.occupied_by(Side::Black);
        for square in Square::in_set(occupied) {
            if let Some(stack) = self.stack_at(square) {
                features.push(piece_squares::index(perspective, stack, square));
            }
        }
        // At most 24 stacks: sorting them costs less than keeping a list per height.
        features[start..].sort_unstable();
    }

    fn move_feature_changes(
        &self,
        mv: Move,
        child: &Position,
        changes: &mut [FeatureChanges; 2],
    ) -> bool {
        changes.iter_mut().for_each(FeatureChanges::clear);
        // A move changes the stack it leaves and, unless it bears off or passes, the square it
        // lands on (a new stack, a taller own one, or its own in place of a captured one).
        let touched = match mv.kind() {
            MoveKind::Step { from, to, .. } => [Some(from), Some(to)],
            MoveKind::BearOff { from, .. } => [Some(from), None],
            MoveKind::Pass | MoveKind::Null => [None, None],
        };
        for sq in touched.into_iter().flatten() {
            record_square_change(
                changes,
                self.stack_at(sq),
                child.stack_at(sq),
                |perspective, stack| piece_squares::index(perspective, stack, sq),
            );
        }
        true
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
        // White's stack of 12 on e1 (dark square 2), Black's on d8 (29; from Black's side the two
        // trade places).
        assert_eq!(
            white,
            vec![(11 * 32 + 2) as u16, ((12 + 11) * 32 + 29) as u16]
        );
        assert_eq!(white, features(&start, Side::Black));
    }

    #[test]
    fn random_games_have_one_feature_per_stack_and_moves_change_few() {
        // A move leaves a stack (or its rest) behind and lands on a square: at most two features
        // go (the stack left, the stack landed on) and two come.
        over_random_games::<Position>(
            3,
            150,
            |pos| {
                (pos.occupied_by(Side::White) | pos.occupied_by(Side::Black)).count_ones() as usize
            },
            MoveChanges {
                removed: 2,
                added: 0..=2,
            },
            |_, _, _| {},
        );
    }
}
