//! The accumulators of a search: one per ply, each the first layer's output for both perspectives
//! of the position last evaluated at that ply, together with the features it sums. A position is
//! evaluated from its parent's accumulator (the ply above), changed by the features the move took
//! away and added ([`feature_changes`]), or summed afresh when that would cost more (the ply above
//! holds another branch's position, or nothing yet). Either way an accumulator is always exactly the
//! sum of its own features' rows, so no bookkeeping can make it wrong, only slower.

use super::network::Network;
use crate::game::{NetFeatures, Side, feature_changes};
use std::marker::PhantomData;
use std::sync::Arc;

/// One ply's accumulator: for White's perspective, then Black's, the active features and their sum.
#[derive(Clone, Debug, Default)]
struct Accumulator {
    features: [Vec<u16>; 2],
    values: [Vec<i16>; 2],
    /// Whether it holds a position yet.
    filled: bool,
}

/// The net and a stack of accumulators, one per ply: a search thread's neural evaluation.
pub struct NetStack<G> {
    net: Arc<Network>,
    plies: Vec<Accumulator>,
    removed: Vec<u16>,
    added: Vec<u16>,
    /// The game whose features it lists.
    game: PhantomData<fn(&G)>,
}

impl<G: NetFeatures> NetStack<G> {
    /// Accumulators for `plies` plies of game `G`, evaluated by `net`.
    pub fn new(net: Arc<Network>, plies: usize) -> NetStack<G> {
        NetStack {
            net,
            plies: vec![Accumulator::default(); plies.max(1)],
            removed: Vec::new(),
            added: Vec::new(),
            game: PhantomData,
        }
    }

    /// The net's evaluation of `pos`, which stands at `ply` (its parent, if the search came from one,
    /// at `ply - 1`), for its side to move; fills the ply's accumulator.
    pub fn evaluate(&mut self, pos: &G, ply: usize) -> i32 {
        let ply = ply.min(self.plies.len() - 1);
        let (above, rest) = self.plies.split_at_mut(ply);
        let parent = above.last().filter(|a| a.filled);
        let here = &mut rest[0];
        for (index, side) in [Side::White, Side::Black].into_iter().enumerate() {
            let features = &mut here.features[index];
            features.clear();
            pos.active_features(side, features);
            let values = &mut here.values[index];
            let from_parent = parent.is_some_and(|parent| {
                feature_changes(
                    &parent.features[index],
                    features,
                    &mut self.removed,
                    &mut self.added,
                );
                self.removed.len() + self.added.len() < features.len()
            });
            if let (true, Some(parent)) = (from_parent, parent) {
                self.net
                    .update(values, &parent.values[index], &self.removed, &self.added);
            } else {
                self.net.refresh(values, features);
            }
        }
        here.filled = true;
        output_for(&self.net, pos.side_to_move(), &here.values)
    }
}

/// The net's output for `side` to move from both perspectives' sums, White's first.
fn output_for(net: &Network, side: Side, [white, black]: &[Vec<i16>; 2]) -> i32 {
    match side {
        Side::White => net.evaluate(white, black),
        Side::Black => net.evaluate(black, white),
    }
}

/// The net's evaluation of `pos` summed afresh, with no stack: what the incremental one must equal.
pub fn evaluate_afresh<G: NetFeatures>(net: &Network, pos: &G) -> i32 {
    let mut sums = [Vec::new(), Vec::new()];
    for (side, values) in [Side::White, Side::Black].into_iter().zip(&mut sums) {
        let mut features = Vec::new();
        pos.active_features(side, &mut features);
        net.refresh(values, &features);
    }
    output_for(net, pos.side_to_move(), &sums)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{MoveList, Rng, Searchable};
    use crate::games::{Alice, Duel};
    use crate::search::nnue::network::tests::random_network;
    use crate::search::nnue::simd::Kernels;

    /// Over random games walked as a search walks them (down a line, back up to a random ply, down
    /// another), every incremental evaluation, on each of the machine's paths, equals a fresh one
    /// on the scalar path. 20 neurons: more than a vector, not a multiple of one.
    fn incremental_equals_afresh<G: Searchable>(seed: u64) {
        for kernels in Kernels::available() {
            incremental_on_equals_afresh::<G>(kernels, seed);
        }
    }

    fn incremental_on_equals_afresh<G: Searchable>(kernels: Kernels, seed: u64) {
        let net = random_network(G::NAME, G::FEATURE_COUNT, 20, seed);
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
                assert_eq!(
                    stack.evaluate(&pos, ply),
                    evaluate_afresh(&scalar, &pos),
                    "{kernels:?}: {}",
                    pos.to_text()
                );
                checked += 1;
                pos.generate_moves(&mut moves);
                let Some(&mv) = rng.pick(&moves) else { break };
                let null = (rng.below(8) == 0).then(|| pos.make_null_move()).flatten();
                line.push(null.unwrap_or_else(|| pos.make_move(mv)));
            }
        }
        assert!(checked > 500, "{checked}");
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
