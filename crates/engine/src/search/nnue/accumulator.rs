//! The accumulators of a search: one per ply, each the first layer's output for both perspectives
//! of the position the search reached at that ply. The search tells the stack each move it makes
//! ([`NetStack::played`], [`NetStack::passed`] for a null move), and the game names what the move
//! changes in the features ([`NetFeatures::move_feature_changes`], Stockfish's "dirty pieces"). A
//! position's accumulator is computed only when it is evaluated: from the nearest ancestor's that is
//! filled, one move at a time (its parent's, usually, which costs one pass over the neurons), or
//! summed afresh from its listed features where that costs less, or where the chain of moves is
//! broken (a move the stack was not told, or one the game could not describe).
//!
//! Each accumulator knows the position it holds (its hash, trusted as the transposition table and
//! the evaluation cache trust it) and the one its changes start from, and a chain is followed only
//! while they match, so a missing call costs a refresh, never a wrong sum: an accumulator is always
//! exactly the sum of its position's features' rows. Every search the unit tests run with a net
//! checks each evaluation against a fresh sum.

use super::network::Network;
use duel_rules::game::{FeatureChanges, NetFeatures, Side};
use std::marker::PhantomData;
use std::sync::Arc;

/// One ply's accumulator: the position it holds, how that position follows from the ply above's,
/// and, once filled, the sums for White's perspective, then Black's.
#[derive(Clone, Debug, Default)]
struct Accumulator {
    /// The hash of the position at this ply.
    key: u64,
    /// The hash of the position the move was made from, which the ply above held then.
    parent_key: u64,
    /// Whether `changes` hold what the move changed (the game could tell, or it was a null move).
    changes_known: bool,
    /// What the move changed in each perspective's features.
    changes: [FeatureChanges; 2],
    /// Whether `values` and `counts` are the position's yet.
    filled: bool,
    /// For each perspective, the biases plus the rows of the active features.
    values: [Vec<i16>; 2],
    /// For each perspective, how many features are active: what a refresh would cost.
    counts: [usize; 2],
}

impl Accumulator {
    /// Starts holding the position with hash `key`, whose sums are not computed yet.
    fn hold(&mut self, key: u64) {
        self.key = key;
        self.filled = false;
    }

    /// What applying this ply's changes to its parent's sums costs, in passes over one perspective's
    /// neurons: one for the parent's sums and one per row.
    fn update_cost(&self) -> usize {
        self.changes
            .iter()
            .map(|c| 1 + c.removed.len() + c.added.len())
            .sum()
    }
}

/// The net and a stack of accumulators, one per ply: a search thread's neural evaluation.
pub struct NetStack<G> {
    net: Arc<Network>,
    plies: Vec<Accumulator>,
    /// The features listed for a refresh.
    features: Vec<u16>,
    /// The game whose features it sums.
    game: PhantomData<fn(&G)>,
}

impl<G: NetFeatures> NetStack<G> {
    /// Accumulators for `plies` plies of game `G`, evaluated by `net`.
    pub fn new(net: Arc<Network>, plies: usize) -> NetStack<G> {
        let empty = Accumulator {
            values: [vec![0; net.hidden()], vec![0; net.hidden()]],
            ..Accumulator::default()
        };
        NetStack {
            net,
            plies: vec![empty; plies.max(1)],
            features: Vec::new(),
            game: PhantomData,
        }
    }

    /// Tells the stack that the search made the move `mv` from `pos`, at `ply`, to `child`, at
    /// `ply + 1`: the child's accumulator will follow from `pos`'s by what the move changed.
    #[inline]
    pub fn played(&mut self, pos: &G, mv: G::Move, child: &G, ply: usize) {
        if let Some(here) = self.enter(pos, child, ply) {
            here.changes_known = pos.move_feature_changes(mv, child, &mut here.changes);
        }
    }

    /// Tells the stack that the search passed (a null move) from `pos`, at `ply`, to `child`: the
    /// features are the pieces', so the child's sums are `pos`'s.
    #[inline]
    pub fn passed(&mut self, pos: &G, child: &G, ply: usize) {
        if let Some(here) = self.enter(pos, child, ply) {
            here.changes.iter_mut().for_each(FeatureChanges::clear);
            here.changes_known = true;
        }
    }

    /// Makes `ply + 1` hold `child`, made from `pos` at `ply`, and returns its accumulator for the
    /// move's changes; `None` past the stack's last ply. A `pos` the stack did not hold at `ply` (the
    /// root, or a move it was not told) is summed afresh there, so that its descendants have an
    /// ancestor to follow from.
    #[inline]
    fn enter(&mut self, pos: &G, child: &G, ply: usize) -> Option<&mut Accumulator> {
        if ply + 1 >= self.plies.len() {
            return None;
        }
        let parent_key = pos.hash();
        if self.plies[ply].key != parent_key {
            self.plies[ply].hold(parent_key);
            self.refresh(pos, ply);
        }
        let here = &mut self.plies[ply + 1];
        here.hold(child.hash());
        here.parent_key = parent_key;
        Some(here)
    }

    /// The net's evaluation of `pos`, which stands at `ply` (its parent, if the search came from one
    /// and said so, at `ply - 1`), for its side to move; fills the ply's accumulator, and those of
    /// the unfilled plies between it and the ancestor it follows from.
    pub fn evaluate(&mut self, pos: &G, ply: usize) -> i32 {
        let ply = ply.min(self.plies.len() - 1);
        let key = pos.hash();
        if self.plies[ply].key != key {
            // Not the position the stack was told of: it follows from no ancestor.
            self.plies[ply].hold(key);
            self.plies[ply].changes_known = false;
        }
        if !self.plies[ply].filled {
            match self.filled_ancestor(ply) {
                Some(from) => {
                    for at in from + 1..=ply {
                        self.update(at);
                    }
                }
                None => self.refresh(pos, ply),
            }
        }
        let here = &self.plies[ply];
        output_for(&self.net, pos.side_to_move(), &here.values, here.counts)
    }

    /// The filled ancestor of the unfilled `ply` that its accumulator is cheapest to follow from,
    /// move by move: `None` where the chain of moves breaks first, or where following it would cost
    /// more than summing the features afresh.
    fn filled_ancestor(&self, ply: usize) -> Option<usize> {
        let (mut at, mut cost) = (ply, 0);
        // How the feature counts change down the chain: a refresh costs one pass for the biases and
        // one per feature of the position at `ply`.
        let mut growth = 0isize;
        while !self.plies[at].filled {
            let here = &self.plies[at];
            if at == 0 || !here.changes_known || self.plies[at - 1].key != here.parent_key {
                return None;
            }
            cost += here.update_cost();
            growth += here
                .changes
                .iter()
                .map(|c| c.added.len() as isize - c.removed.len() as isize)
                .sum::<isize>();
            at -= 1;
        }
        let counts: usize = self.plies[at].counts.iter().sum();
        let refresh_cost = (counts as isize + growth) as usize + 2;
        (cost <= refresh_cost).then_some(at)
    }

    /// Fills `ply`'s accumulator from its filled parent's and its move's changes: the fused update.
    #[inline]
    fn update(&mut self, ply: usize) {
        let (above, rest) = self.plies.split_at_mut(ply);
        let (parent, here) = (&above[ply - 1], &mut rest[0]);
        for index in 0..2 {
            let changes = &here.changes[index];
            self.net.update(
                &mut here.values[index],
                &parent.values[index],
                &changes.removed,
                &changes.added,
            );
            here.counts[index] = parent.counts[index] + changes.added.len() - changes.removed.len();
        }
        here.filled = true;
    }

    /// The net's evaluation of `pos` summed afresh ([`evaluate_afresh`]), for the search's checks.
    #[cfg(test)]
    pub fn evaluate_afresh(&self, pos: &G) -> i32 {
        evaluate_afresh(&self.net, pos)
    }

    /// Fills `ply`'s accumulator with `pos`'s features summed afresh.
    fn refresh(&mut self, pos: &G, ply: usize) {
        let here = &mut self.plies[ply];
        for side in Side::BOTH {
            self.features.clear();
            pos.active_features(side, &mut self.features);
            self.net
                .refresh(&mut here.values[side.index()], &self.features);
            here.counts[side.index()] = self.features.len();
        }
        here.filled = true;
    }
}

/// The net's output for `side` to move from both perspectives' sums and counts of active
/// features, White's first.
fn output_for(
    net: &Network,
    side: Side,
    [white, black]: &[Vec<i16>; 2],
    counts: [usize; 2],
) -> i32 {
    let active = counts[side.index()];
    match side {
        Side::White => net.evaluate(white, black, active),
        Side::Black => net.evaluate(black, white, active),
    }
}

/// The net's evaluation of `pos` summed afresh, with no stack: what the incremental one must equal.
pub fn evaluate_afresh<G: NetFeatures>(net: &Network, pos: &G) -> i32 {
    let mut sums = [vec![0; net.hidden()], vec![0; net.hidden()]];
    let mut counts = [0; 2];
    for side in Side::BOTH {
        let mut features = Vec::new();
        pos.active_features(side, &mut features);
        net.refresh(&mut sums[side.index()], &features);
        counts[side.index()] = features.len();
    }
    output_for(net, pos.side_to_move(), &sums, counts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::nnue::OutputBuckets;
    use crate::search::nnue::network::tests::{random_bucketed_network, random_network};
    use crate::search::nnue::simd::Kernels;
    use duel_rules::game::{Game, MoveList, Rng, Searchable};
    use duel_rules::games::{Alice, Duel};

    /// Over random games walked as a search walks them (down a line, back up to a random ply, down
    /// another, now and then passing), every incremental evaluation, on each of the machine's paths,
    /// equals a fresh one on the scalar path. Some positions are not evaluated (an evaluation
    /// cached, or a node cut before it), so that their descendants follow a longer chain, and some
    /// moves are not told to the stack, which must notice. 20 neurons: more than a vector, not a
    /// multiple of one. An output bucket every two active features, so that a capture changes the
    /// bucket and the counts the stack keeps are checked too.
    fn incremental_equals_afresh<G: Searchable>(seed: u64) {
        for kernels in Kernels::available() {
            incremental_on_equals_afresh::<G>(kernels, seed);
        }
    }

    fn incremental_on_equals_afresh<G: Searchable>(kernels: Kernels, seed: u64) {
        let buckets = OutputBuckets::new(16, 2).expect("in range");
        let net = random_bucketed_network(G::NAME, G::FEATURE_COUNT, 20, buckets, seed);
        let scalar = net.clone().on(Kernels::scalar());
        let mut stack = NetStack::<G>::new(Arc::new(net.on(kernels)), 64);
        let mut rng = Rng::new(seed);
        let mut moves = MoveList::new();
        let mut checked = 0;
        for _ in 0..30 {
            let mut line = vec![G::start()];
            for _ in 0..40 {
                // Back up to a random ply of the line, as a search returns to try a sibling.
                if rng.below(4) == 0 {
                    line.truncate(1 + rng.below(line.len()));
                }
                let pos = line.last().expect("the line has its root").clone();
                let ply = line.len() - 1;
                if rng.below(3) != 0 {
                    assert_eq!(
                        stack.evaluate(&pos, ply),
                        evaluate_afresh(&scalar, &pos),
                        "{kernels:?}: {}",
                        pos.to_text()
                    );
                    checked += 1;
                }
                pos.generate_moves(&mut moves);
                let Some(&mv) = rng.pick(&moves) else { break };
                let told = rng.below(10) != 0;
                let child = match (rng.below(8) == 0).then(|| pos.make_null_move()).flatten() {
                    Some(passed) => {
                        if told {
                            stack.passed(&pos, &passed, ply);
                        }
                        passed
                    }
                    None => {
                        let child = pos.make_move(mv);
                        if told {
                            stack.played(&pos, mv, &child, ply);
                        }
                        child
                    }
                };
                line.push(child);
            }
        }
        assert!(checked > 400, "{checked}");
    }

    #[test]
    fn a_position_follows_from_its_nearest_filled_ancestor_move_by_move() {
        let net = Arc::new(random_network(Duel::NAME, Duel::FEATURE_COUNT, 20, 3));
        let mut stack = NetStack::<Duel>::new(net.clone(), 8);
        let mut line = vec![Duel::start()];
        let mut moves = MoveList::new();
        for ply in 0..3 {
            line[ply].generate_moves(&mut moves);
            let child = line[ply].make_move(moves[0]);
            stack.played(&line[ply], moves[0], &child, ply);
            line.push(child);
        }
        // The root, never evaluated, was summed when the first move was told; the plies between it
        // and the one evaluated are filled on the way, from their moves.
        assert!(stack.plies[0].filled && !stack.plies[1].filled);
        assert_eq!(stack.evaluate(&line[3], 3), evaluate_afresh(&net, &line[3]));
        assert!(stack.plies[..4].iter().all(|a| a.filled));
        // Another move from ply 1 leaves the sums above it, and the evaluation follows from them.
        line[1].generate_moves(&mut moves);
        let sibling = line[1].make_move(moves[1]);
        stack.played(&line[1], moves[1], &sibling, 1);
        assert!(!stack.plies[2].filled && stack.plies[1].filled);
        assert_eq!(stack.evaluate(&sibling, 2), evaluate_afresh(&net, &sibling));
    }

    #[test]
    fn duel_accumulators_updated_incrementally_equal_a_refresh() {
        incremental_equals_afresh::<Duel>(11);
    }

    #[test]
    fn alice_accumulators_updated_incrementally_equal_a_refresh() {
        incremental_equals_afresh::<Alice>(12);
    }
}
