//! Duel's inputs to a neural evaluation: for each piece, whose it is (the perspective's or the
//! other side's), its square and what it is (a die in one of its 24 orientations, or the king), seen
//! from the perspective's side: for Black the board is turned half round, which keeps a die a die
//! (north and south swap, east and west swap, the top stays). 2 × 72 × 25 = 3,600 features.

use super::orientation::{ORIENTATIONS, Orientation};
use super::position::Position;
use super::square::{SQUARES, Square};
use crate::game::{NetFeatures, Side};

/// What a piece can be: the 24 orientations of a die, then the king.
const KINDS: usize = ORIENTATIONS + 1;

/// A die's orientation on the board turned half round.
fn turned(o: Orientation) -> Orientation {
    Orientation::new(o.top(), 7 - o.north()).expect("a turned die is a die")
}

impl NetFeatures for Position {
    const FEATURE_COUNT: usize = 2 * SQUARES * KINDS;

    fn active_features(&self, perspective: Side, features: &mut Vec<u16>) {
        let start = features.len();
        for sq in Square::all() {
            let piece = self.piece_at(sq);
            if piece.is_none() {
                continue;
            }
            let theirs = usize::from(piece.side() != perspective);
            let (square, kind) = match (perspective, piece.orientation()) {
                (Side::White, Some(o)) => (sq.index(), o.index()),
                (Side::Black, Some(o)) => (SQUARES - 1 - sq.index(), turned(o).index()),
                (Side::White, None) => (sq.index(), ORIENTATIONS),
                (Side::Black, None) => (SQUARES - 1 - sq.index(), ORIENTATIONS),
            };
            features.push(((theirs * SQUARES + square) * KINDS + kind) as u16);
        }
        features[start..].sort_unstable();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, MoveList, Rng, feature_changes};

    fn features(pos: &Position, perspective: Side) -> Vec<u16> {
        let mut list = Vec::new();
        pos.active_features(perspective, &mut list);
        list
    }

    #[test]
    fn the_start_looks_the_same_from_both_sides() {
        let start = Position::start();
        let white = features(&start, Side::White);
        assert_eq!(white.len(), 18);
        assert_eq!(white, features(&start, Side::Black));
        // The perspective's pieces come first: nine of them below the other side's.
        let own = (SQUARES * KINDS) as u16;
        assert_eq!(white.iter().filter(|&&f| f < own).count(), 9);
    }

    #[test]
    fn every_position_of_random_games_has_one_feature_per_piece_and_moves_change_few() {
        let mut rng = Rng::new(11);
        let mut moves = MoveList::new();
        let (mut removed, mut added) = (Vec::new(), Vec::new());
        for _ in 0..20 {
            let mut pos = Position::start();
            for _ in 0..80 {
                for perspective in [Side::White, Side::Black] {
                    let list = features(&pos, perspective);
                    assert!(list.is_sorted() && list.windows(2).all(|w| w[0] < w[1]));
                    assert!(
                        list.iter()
                            .all(|&f| usize::from(f) < Position::FEATURE_COUNT)
                    );
                    let own = (SQUARES * KINDS) as u16;
                    let pieces = |side: Side| pos.occupied_by(side).count() as usize;
                    assert_eq!(
                        list.iter().filter(|&&f| f < own).count(),
                        pieces(perspective)
                    );
                    assert_eq!(list.len(), pieces(Side::White) + pieces(Side::Black));
                }
                pos.generate_moves(&mut moves);
                let Some(&mv) = rng.pick(&moves) else { break };
                let next = pos.make_move(mv);
                // A move takes a piece off one square and puts it (rolled) on another, maybe taking
                // one more: at most two features go and one comes, for each perspective.
                for perspective in [Side::White, Side::Black] {
                    let (before, after) =
                        (features(&pos, perspective), features(&next, perspective));
                    feature_changes(&before, &after, &mut removed, &mut added);
                    assert!(
                        removed.len() <= 2 && added.len() == 1,
                        "{removed:?} {added:?}"
                    );
                    let mut rebuilt: Vec<u16> = before
                        .iter()
                        .copied()
                        .filter(|f| !removed.contains(f))
                        .collect();
                    rebuilt.extend(&added);
                    rebuilt.sort_unstable();
                    assert_eq!(rebuilt, after);
                }
                pos = next;
            }
        }
    }
}
