//! Alice chess's inputs to a neural evaluation: for each piece, whose it is (the perspective's or the
//! other side's), which board it stands on, its kind and its square, seen from the perspective's side
//! (for Black the ranks are turned round). 2 × 2 × 6 × 64 = 1,536 features. In training each also
//! teaches its coarse feature, the same without the board. `piece_squares` numbers them.

use super::bitboard::Bitboard;
use super::moves::Move;
use super::piece::Kind;
use super::piece_squares::{COUNT, group, index, seen_set};
use super::position::Position;
use super::square::Board;
use crate::game::{FeatureChanges, NetFeatures, Side, record_square_change};

impl NetFeatures for Position {
    const FEATURE_COUNT: usize = COUNT;
    /// Owner × kind × square, whichever board: what a piece on a square is worth on either board.
    const FACTOR_COUNT: usize = 2 * 6 * 64;
    /// The net trained on these features, `nets/alice.nnue`.
    const EMBEDDED_NET: Option<&'static [u8]> = Some(include_bytes!("../../../nets/alice.nnue"));

    fn active_features(&self, perspective: Side, features: &mut Vec<u16>) {
        // Group by group in the index's order (owner, board, kind), each group's squares ascending:
        // the list comes out sorted. For Black the ranks are turned round, which a byte swap of the
        // bitboard does, so its squares still come in ascending order.
        for (theirs, side) in [(false, perspective), (true, perspective.opponent())] {
            for board in Board::BOTH {
                for kind in Kind::ALL {
                    let seen = seen_set(self.pieces(board, side, kind), perspective);
                    let group = group(theirs, board, kind);
                    for sq in seen {
                        features.push((group + sq.index()) as u16);
                    }
                }
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
        // The squares a move changes: its destination, where a capture leaves a piece, and every
        // square it empties or fills (the start; the rook's two squares in castling; the pawn taken
        // en passant). A square holds one piece on either board, so comparing the squares' occupants
        // finds every piece that left, arrived, changed boards or was promoted.
        let touched = self.occupied_anywhere().0 ^ child.occupied_anywhere().0
            | Bitboard::of(mv.from()).0
            | Bitboard::of(mv.to()).0;
        for sq in Bitboard(touched) {
            let occupant = |pos: &Position| Some(pos.occupant(sq)).filter(|o| !o.is_empty());
            record_square_change(
                changes,
                occupant(self),
                occupant(child),
                |perspective, occupant| index(perspective, occupant, sq),
            );
        }
        true
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
    use crate::game::net_features::checks::{
        MoveChanges, every_move_names_its_changes, features, over_random_games,
    };
    use crate::game::{Game, MoveList, Rng};
    use crate::games::alice::moves::MoveFlag;

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

    #[test]
    fn castling_en_passant_and_promotions_name_their_changes() {
        // Random games until each kind of move that touches more than its two squares, or changes
        // the piece, has been checked: castling (the rook), en passant (the pawn beside), promotion.
        let mut rng = Rng::new(9);
        let mut moves = MoveList::new();
        let mut seen = [false; 3];
        for _ in 0..500 {
            let mut pos = Position::start();
            for _ in 0..150 {
                pos.generate_moves(&mut moves);
                let special = |flag: MoveFlag| moves.iter().any(|mv| mv.flag() == flag);
                let kinds = [
                    special(MoveFlag::Castle),
                    special(MoveFlag::EnPassant),
                    moves.iter().any(|mv| mv.promotion().is_some()),
                ];
                if kinds.iter().any(|&k| k) {
                    every_move_names_its_changes(&pos);
                    seen.iter_mut().zip(kinds).for_each(|(s, k)| *s |= k);
                }
                let Some(&mv) = rng.pick(&moves) else { break };
                pos = pos.make_move(mv);
            }
            if seen == [true; 3] {
                return;
            }
        }
        panic!("castling, en passant, promotion seen: {seen:?}");
    }
}
