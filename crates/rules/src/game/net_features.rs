//! The inputs of a neural evaluation (NNUE): a game names, for each side's perspective, the features
//! active in a position, small indices into the first layer's rows. Only the game's module knows what
//! they mean; the trainer and the evaluation see indices.
//!
//! Each perspective sees the board from its own side (its pieces first, the board turned for Black),
//! so that one set of weights serves both sides. A move changes few features: an accumulator of the
//! first layer follows a move by the features the game says it took away and added
//! ([`NetFeatures::move_feature_changes`], [`FeatureChanges`]) rather than summing every row again.

use super::{Game, Side};

/// The features one perspective loses and gains over a move: the rows an accumulator subtracts and
/// adds. Each feature at most once, none in both lists; in no particular order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FeatureChanges {
    /// The features active before the move and not after it.
    pub removed: FeatureList,
    /// The features active after the move and not before it.
    pub added: FeatureList,
}

impl FeatureChanges {
    /// Empties both lists.
    #[inline]
    pub fn clear(&mut self) {
        self.removed.clear();
        self.added.clear();
    }
}

/// A few features held in place, without a heap allocation: one side of what a move changes, which
/// the search names at every node, where a `Vec`'s capacity checks cost as much as the naming.
/// Derefs to the slice of the features pushed.
#[derive(Clone, Copy, Debug, Default)]
pub struct FeatureList {
    /// How many of `items` are the list's.
    len: u8,
    items: [u16; FeatureList::CAPACITY],
}

impl FeatureList {
    /// The most a list holds: more than any game's move changes in one perspective (Dame's most: a
    /// man's start and the 12 pieces it captures).
    pub const CAPACITY: usize = 16;

    /// Appends `feature`.
    ///
    /// # Panics
    /// If the list holds [`FeatureList::CAPACITY`] features already: a game naming more changes
    /// than any move makes.
    #[inline]
    pub fn push(&mut self, feature: u16) {
        self.items[usize::from(self.len)] = feature;
        self.len += 1;
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// How many features the list holds (the slice's length, without slicing).
    #[inline]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the list holds none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl std::ops::Deref for FeatureList {
    type Target = [u16];

    #[inline]
    fn deref(&self) -> &[u16] {
        &self.items[..usize::from(self.len)]
    }
}

impl std::ops::DerefMut for FeatureList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [u16] {
        &mut self.items[..usize::from(self.len)]
    }
}

impl PartialEq for FeatureList {
    fn eq(&self, other: &FeatureList) -> bool {
        **self == **other
    }
}

impl Eq for FeatureList {}

/// Records in `changes`, for both perspectives, what one square's change of occupant does to the
/// features: the feature of the piece that was there (`before`, `None` if empty) is removed, that of
/// the piece there now (`after`) added; `feature` names a piece's feature from a perspective. The
/// shape of a game that names a move's changes square by square (Duel, Dipole, Alice).
#[inline]
pub fn record_square_change<P: Copy>(
    changes: &mut [FeatureChanges; 2],
    before: Option<P>,
    after: Option<P>,
    feature: impl Fn(Side, P) -> u16,
) {
    for perspective in Side::BOTH {
        let changes = &mut changes[perspective.index()];
        if let Some(piece) = before {
            changes.removed.push(feature(perspective, piece));
        }
        if let Some(piece) = after {
            changes.added.push(feature(perspective, piece));
        }
    }
}

/// A game's feature set for a neural evaluation, and the net it ships with. The defaults are a game
/// without one: no features, no net; the search then evaluates with
/// [`super::Evaluation::evaluate`].
///
/// The features are those of the pieces alone, never of the side to move (the net reads that from
/// the order of the two perspectives): a null move changes none, and the search's accumulators rely
/// on it.
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

    /// What the legal move `mv` from this position, which leads to `child`, changes in each
    /// perspective's features: `changes[side.index()]` for `side`'s, each cleared first, exactly the
    /// difference between the two positions' [`NetFeatures::active_features`]. A game tells it from the
    /// move (the squares it touches) far cheaper than listing and comparing both positions' features.
    /// `false`, the default, where the game cannot: the evaluation then sums the child's features
    /// afresh.
    fn move_feature_changes(
        &self,
        mv: Self::Move,
        child: &Self,
        changes: &mut [FeatureChanges; 2],
    ) -> bool {
        let _ = (mv, child, changes);
        false
    }

    /// The coarse feature (below [`NetFeatures::FACTOR_COUNT`]) that `feature` shares weights with in
    /// training; never called without coarse features.
    fn factor(feature: u16) -> u16 {
        feature
    }
}

/// Checks of a game's feature set, for its own tests.
#[cfg(test)]
pub(crate) mod checks {
    use super::{FeatureChanges, NetFeatures};
    use crate::game::{MoveList, Rng, Searchable, Side};
    use std::ops::RangeInclusive;

    /// The features of `pos` from `perspective`.
    pub fn features<G: NetFeatures>(pos: &G, perspective: Side) -> Vec<u16> {
        let mut list = Vec::new();
        pos.active_features(perspective, &mut list);
        list
    }

    /// The features lost and gained from `before` to `after`, two ascending lists as
    /// [`NetFeatures::active_features`] gives them, each change's list ascending: what a game's
    /// [`NetFeatures::move_feature_changes`] must name.
    pub fn feature_changes(before: &[u16], after: &[u16]) -> FeatureChanges {
        let mut changes = FeatureChanges::default();
        let (mut i, mut j) = (0, 0);
        while let (Some(&a), Some(&b)) = (before.get(i), after.get(j)) {
            if a == b {
                i += 1;
                j += 1;
            } else if a < b {
                changes.removed.push(a);
                i += 1;
            } else {
                changes.added.push(b);
                j += 1;
            }
        }
        before[i..].iter().for_each(|&f| changes.removed.push(f));
        after[j..].iter().for_each(|&f| changes.added.push(f));
        changes
    }

    /// How many features a move may take away and add, for each perspective.
    pub struct MoveChanges {
        /// The most taken away.
        pub removed: usize,
        /// How many are added.
        pub added: RangeInclusive<usize>,
    }

    /// Every legal move from `pos` names its changes ([`NetFeatures::move_feature_changes`]): sorted,
    /// they are [`feature_changes`] of the two positions' lists, for each perspective.
    pub fn every_move_names_its_changes<G: Searchable>(pos: &G) {
        let mut moves = MoveList::new();
        let mut named = [FeatureChanges::default(), FeatureChanges::default()];
        pos.generate_moves(&mut moves);
        for &mv in moves.iter() {
            let child = pos.make_move(mv);
            assert!(pos.move_feature_changes(mv, &child, &mut named), "{mv:?}");
            for perspective in [Side::White, Side::Black] {
                let diff =
                    feature_changes(&features(pos, perspective), &features(&child, perspective));
                let by_move = &mut named[perspective.index()];
                by_move.removed.sort_unstable();
                by_move.added.sort_unstable();
                assert_eq!(*by_move, diff, "{mv:?} from {perspective}'s view");
            }
        }
    }

    /// Over 20 seeded random games of up to `plies` plies from the start: every list is ascending,
    /// each feature once and in range, `pieces` long, and passes `also`; a null move changes
    /// nothing; every move names its changes ([`every_move_names_its_changes`]); the moves played
    /// change the lists within `changes`.
    pub fn over_random_games<G: Searchable>(
        seed: u64,
        plies: usize,
        pieces: impl Fn(&G) -> usize,
        changes: MoveChanges,
        also: impl Fn(&G, Side, &[u16]),
    ) {
        let mut rng = Rng::new(seed);
        let mut moves = MoveList::new();
        for _ in 0..20 {
            let mut pos = G::start();
            for _ in 0..plies {
                for perspective in [Side::White, Side::Black] {
                    let list = features(&pos, perspective);
                    assert!(list.windows(2).all(|w| w[0] < w[1]), "{list:?}");
                    assert!(list.iter().all(|&f| usize::from(f) < G::FEATURE_COUNT));
                    assert_eq!(list.len(), pieces(&pos));
                    also(&pos, perspective, &list);
                    if let Some(passed) = pos.make_null_move() {
                        assert_eq!(features(&passed, perspective), list, "a null move");
                    }
                }
                every_move_names_its_changes(&pos);
                pos.generate_moves(&mut moves);
                let Some(&mv) = rng.pick(&moves) else { break };
                let next = pos.make_move(mv);
                for perspective in [Side::White, Side::Black] {
                    let (before, after) =
                        (features(&pos, perspective), features(&next, perspective));
                    let diff = feature_changes(&before, &after);
                    assert!(
                        diff.removed.len() <= changes.removed
                            && changes.added.contains(&diff.added.len()),
                        "{diff:?}"
                    );
                    let mut rebuilt: Vec<u16> = before
                        .iter()
                        .copied()
                        .filter(|f| !diff.removed.contains(f))
                        .collect();
                    rebuilt.extend(diff.added.iter());
                    rebuilt.sort_unstable();
                    assert_eq!(rebuilt, after);
                }
                pos = next;
            }
        }
    }

    #[test]
    fn the_changes_turn_one_list_into_the_other() {
        let changes = |before: &[u16], after: &[u16]| {
            let changes = feature_changes(before, after);
            (changes.removed.to_vec(), changes.added.to_vec())
        };
        assert_eq!(
            changes(&[1, 4, 9, 12], &[1, 5, 9, 30, 31]),
            (vec![4, 12], vec![5, 30, 31])
        );
        assert_eq!(changes(&[], &[2]), (vec![], vec![2]));
        assert_eq!(changes(&[3, 7], &[3, 7]), (vec![], vec![]));
    }
}
