//! The inputs of a neural evaluation (NNUE): a game names, for each side's perspective, the features
//! active in a position, small indices into the first layer's rows. Only the game's module knows what
//! they mean; the trainer and the evaluation see indices.
//!
//! Each perspective sees the board from its own side (its pieces first, the board turned for Black),
//! so that one set of weights serves both sides. A move changes few features: an accumulator of the
//! first layer follows a move by the difference between the two positions' lists
//! ([`feature_changes`]) rather than summing every row again.

use super::{Game, Side};

/// A game's feature set for a neural evaluation, and the net it ships with. The defaults are a game
/// without one: no features, no net; the search then evaluates with
/// [`super::Evaluation::evaluate`].
pub trait NetFeatures: Game {
    /// How many features a perspective has: every index is below it. 0, the default: the game has
    /// no feature set, so no neural evaluation (no net is read or trained for it).
    const FEATURE_COUNT: usize = 0;

    /// How many coarser features the trainer adds beside the real ones (a factoriser): each real
    /// feature also trains the coarse feature [`NetFeatures::factor`] names, whose row is added to
    /// the real one's when the net is written, so that what a rarely seen feature shares with its
    /// kin (a die's top value, whatever its other faces) is learnt from all of them. 0: none.
    const FACTOR_COUNT: usize = 0;

    /// The net file embedded in the binary, which the search evaluates with unless told to use the
    /// hand-written evaluation or another net; `None` (the default) while the game ships none.
    const EMBEDDED_NET: Option<&'static [u8]> = None;

    /// Appends to `features` the index of every feature active in this position from
    /// `perspective`'s view, in ascending order, each once. None by default.
    fn active_features(&self, perspective: Side, features: &mut Vec<u16>) {
        let _ = (perspective, features);
    }

    /// The coarse feature (below [`NetFeatures::FACTOR_COUNT`]) that `feature` shares weights with in
    /// training; never called without coarse features.
    fn factor(feature: u16) -> u16 {
        feature
    }
}

/// The features that `perspective` loses and gains from `before` to `after` (two ascending lists, as
/// [`NetFeatures::active_features`] gives them): `(removed, added)`.
pub fn feature_changes(
    before: &[u16],
    after: &[u16],
    removed: &mut Vec<u16>,
    added: &mut Vec<u16>,
) {
    removed.clear();
    added.clear();
    // A merge while both lists last, then whichever tail is left: on the hot path of every net
    // evaluation, so one comparison per step and no per-element check of which list has ended.
    let (mut i, mut j) = (0, 0);
    while let (Some(&a), Some(&b)) = (before.get(i), after.get(j)) {
        if a == b {
            i += 1;
            j += 1;
        } else if a < b {
            removed.push(a);
            i += 1;
        } else {
            added.push(b);
            j += 1;
        }
    }
    removed.extend_from_slice(&before[i..]);
    added.extend_from_slice(&after[j..]);
}

/// Checks of a game's feature set, for its own tests.
#[cfg(test)]
pub(crate) mod checks {
    use super::{NetFeatures, feature_changes};
    use crate::game::{MoveList, Rng, Side};
    use std::ops::RangeInclusive;

    /// The features of `pos` from `perspective`.
    pub fn features<G: NetFeatures>(pos: &G, perspective: Side) -> Vec<u16> {
        let mut list = Vec::new();
        pos.active_features(perspective, &mut list);
        list
    }

    /// How many features a move may take away and add, for each perspective.
    pub struct MoveChanges {
        /// The most taken away.
        pub removed: usize,
        /// How many are added.
        pub added: RangeInclusive<usize>,
    }

    /// Over 20 seeded random games of up to `plies` plies from the start: every list is ascending,
    /// each feature once and in range, `pieces` long, and passes `also`; every move changes the
    /// lists within `changes`, and [`feature_changes`] turns each list into the next.
    pub fn over_random_games<G: NetFeatures>(
        seed: u64,
        plies: usize,
        pieces: impl Fn(&G) -> usize,
        changes: MoveChanges,
        also: impl Fn(&G, Side, &[u16]),
    ) {
        let mut rng = Rng::new(seed);
        let mut moves = MoveList::new();
        let (mut removed, mut added) = (Vec::new(), Vec::new());
        for _ in 0..20 {
            let mut pos = G::start();
            for _ in 0..plies {
                for perspective in [Side::White, Side::Black] {
                    let list = features(&pos, perspective);
                    assert!(list.windows(2).all(|w| w[0] < w[1]), "{list:?}");
                    assert!(list.iter().all(|&f| usize::from(f) < G::FEATURE_COUNT));
                    assert_eq!(list.len(), pieces(&pos));
                    also(&pos, perspective, &list);
                }
                pos.generate_moves(&mut moves);
                let Some(&mv) = rng.pick(&moves) else { break };
                let next = pos.make_move(mv);
                for perspective in [Side::White, Side::Black] {
                    let (before, after) =
                        (features(&pos, perspective), features(&next, perspective));
                    feature_changes(&before, &after, &mut removed, &mut added);
                    assert!(
                        removed.len() <= changes.removed && changes.added.contains(&added.len()),
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

#[cfg(test)]
mod tests {
    use super::feature_changes;

    #[test]
    fn the_changes_turn_one_list_into_the_other() {
        let (mut removed, mut added) = (Vec::new(), Vec::new());
        feature_changes(&[1, 4, 9, 12], &[1, 5, 9, 30, 31], &mut removed, &mut added);
        assert_eq!(
            (removed.as_slice(), added.as_slice()),
            (&[4, 12][..], &[5, 30, 31][..])
        );
        feature_changes(&[], &[2], &mut removed, &mut added);
        assert_eq!((removed.as_slice(), added.as_slice()), (&[][..], &[2][..]));
        feature_changes(&[3, 7], &[3, 7], &mut removed, &mut added);
        assert!(removed.is_empty() && added.is_empty());
    }
}
