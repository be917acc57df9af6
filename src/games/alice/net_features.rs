//! Alice chess's inputs to a neural evaluation: for each piece, whose it is (the perspective's or the
//! other side's), which board it stands on, its kind and its square, seen from the perspective's side
//! (for Black the ranks are turned round). 2 × 2 × 6 × 64 = 1,536 features.

use super::position::Position;
use super::square::Square;
use crate::game::{NetFeatures, Side};

impl NetFeatures for Position {
    const FEATURE_COUNT: usize = 2 * 2 * 6 * 64;

    fn active_features(&self, perspective: Side, features: &mut Vec<u16>) {
        let start = features.len();
        for sq in Square::all() {
            let Some((piece, board)) = self.occupant(sq).get() else {
                continue;
            };
            let theirs = usize::from(piece.side != perspective);
            let square = match perspective {
                Side::White => sq.index(),
                Side::Black => sq.index() ^ 56,
            };
            let index = ((theirs * 2 + board.index()) * 6 + piece.kind.index()) * 64 + square;
            features.push(index as u16);
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
        assert_eq!(white.len(), 32);
        assert_eq!(white, features(&start, Side::Black));
    }

    #[test]
    fn random_games_have_one_feature_per_piece_and_moves_change_few() {
        let mut rng = Rng::new(5);
        let mut moves = MoveList::new();
        let (mut removed, mut added) = (Vec::new(), Vec::new());
        for _ in 0..20 {
            let mut pos = Position::start();
            for _ in 0..100 {
                let pieces = pos.occupied_anywhere().count() as usize;
                for perspective in [Side::White, Side::Black] {
                    let list = features(&pos, perspective);
                    assert_eq!(list.len(), pieces);
                    assert!(list.windows(2).all(|w| w[0] < w[1]));
                    assert!(
                        list.iter()
                            .all(|&f| usize::from(f) < Position::FEATURE_COUNT)
                    );
                }
                pos.generate_moves(&mut moves);
                let Some(&mv) = rng.pick(&moves) else { break };
                let next = pos.make_move(mv);
                // Castling moves two pieces; a capture takes one more.
                for perspective in [Side::White, Side::Black] {
                    let (before, after) =
                        (features(&pos, perspective), features(&next, perspective));
                    feature_changes(&before, &after, &mut removed, &mut added);
                    assert!((1..=2).contains(&added.len()) && removed.len() <= 2);
                }
                pos = next;
            }
        }
    }
}
