//! Duel's inputs to a neural evaluation: for each piece, whose it is (the perspective's or the
//! other side's), its square and what it is (a die in one of its 24 orientations, or the king), seen
//! from the perspective's side: for Black the board is turned half round, which keeps a die a die
//! (north and south swap, east and west swap, the top stays). 2 × 72 × 25 = 3,600 features. In
//! training each also teaches its coarse feature, owner × square × top value (or king).

use super::moves::Move;
use super::orientation::{ORIENTATIONS, Orientation};
use super::piece::{PIECE_CODES, Piece};
use super::position::Position;
use super::square::{SQUARES, Square};
use crate::game::{FeatureChanges, NetFeatures, Side, record_square_change};

/// What a piece can be: the 24 orientations of a die, then the king.
pub(super) const KINDS: usize = ORIENTATIONS + 1;

/// What each kind (a die's orientation's index, or the king) is on the board turned half round:
/// a table, as the listing runs for every evaluation.
const TURNED: [u8; KINDS] = {
    let mut table = [ORIENTATIONS as u8; KINDS];
    let mut kind = 0;
    while kind < ORIENTATIONS {
        let o = Orientation::from_index(kind);
        table[kind] = match Orientation::new(o.top(), 7 - o.north()) {
            Some(turned) => turned.index() as u8,
            None => panic!("a turned die is a die"),
        };
        kind += 1;
    }
    table
};

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
                features.push(feature(perspective, self.piece_at(sq), sq));
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
                |perspective, piece| feature(perspective, piece, sq),
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

/// The feature of `piece` (a die or a king) on `sq` from `perspective`'s view: its owner (the
/// perspective's own or the other side's), then its square and its kind, both turned for Black.
#[inline]
fn feature(perspective: Side, piece: Piece, sq: Square) -> u16 {
    let square = match perspective {
        Side::White => sq.index(),
        Side::Black => SQUARES - 1 - sq.index(),
    };
    FEATURE_BASE[perspective.index()][piece.code()] + (square * KINDS) as u16
}

/// `[perspective][piece code]`: the feature of the piece on the first square as the perspective
/// sees it, its owner and its kind (turned for Black) folded in; a square adds `square × KINDS`. A
/// table, as every move's changes look two or three of them up for each perspective.
const FEATURE_BASE: [[u16; PIECE_CODES]; 2] = {
    let mut table = [[0; PIECE_CODES]; 2];
    let mut perspective = 0;
    while perspective < 2 {
        let mut owner = 0;
        while owner < 2 {
            let side = if owner == 0 { Side::White } else { Side::Black };
            let mut kind = 0;
            while kind < KINDS {
                let piece = if kind < ORIENTATIONS {
                    Piece::die(side, Orientation::from_index(kind))
                } else {
                    Piece::king(side)
                };
                let seen = if perspective == 0 {
                    kind
                } else {
                    TURNED[kind] as usize
                };
                let theirs = (owner != perspective) as usize;
                table[perspective][piece.code()] = (theirs * SQUARES * KINDS + seen) as u16;
                kind += 1;
            }
            owner += 1;
        }
        perspective += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::game::net_features::checks::{MoveChanges, features, over_random_games};

    /// The features of the perspective's own pieces are those below this.
    const OWN: u16 = (SQUARES * KINDS) as u16;

    #[test]
    fn turning_keeps_the_top_swaps_north_with_south_and_twice_is_no_turn() {
        for (kind, &turned) in TURNED.iter().enumerate().take(ORIENTATIONS) {
            let (o, turned) = (
                Orientation::from_index(kind),
                Orientation::from_index(usize::from(turned)),
            );
            assert_eq!((turned.top(), turned.north()), (o.top(), o.south()));
            assert_eq!(usize::from(TURNED[turned.index()]), kind);
        }
        assert_eq!(usize::from(TURNED[ORIENTATIONS]), ORIENTATIONS);
    }

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
