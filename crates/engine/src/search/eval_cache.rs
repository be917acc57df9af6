//! A per-thread cache of static evaluations keyed by the position's hash.
//!
//! Iterative deepening visits the nodes of one iteration again in the next, and the same position is
//! reached by transpositions, so many evaluations repeat; a game's evaluation may cost thousands of
//! instructions (Duel's walks every die's paths), a look-up here a few. The full key is stored, so a
//! hit is the evaluation of the same position (as far as the hash tells positions apart, the same
//! assumption the transposition table makes) and the search tree is the same with or without it.

use super::prefetch::prefetch;

/// Slots in the cache: 512 KiB, about the evaluations of a search of a few hundred thousand nodes.
const SLOTS: usize = 1 << 15;

/// Marks a slot that holds no evaluation yet (no evaluation is this low: they are clamped).
const EMPTY: i32 = i32::MIN;

#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    eval: i32,
}

/// A direct-mapped table of evaluations; a new entry replaces whatever shared its slot.
pub(super) struct EvalCache {
    slots: Vec<Slot>,
}

impl EvalCache {
    /// An empty cache.
    pub fn new() -> Self {
        EvalCache {
            slots: vec![
                Slot {
                    key: 0,
                    eval: EMPTY,
                };
                SLOTS
            ],
        }
    }

    /// Starts loading the slot of `key` (see [`prefetch`]): the cache is larger than a core's level 2
    /// cache, and a node reads it right after the transposition table.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch(&self.slots[key as usize & (SLOTS - 1)]);
    }

    /// The evaluation of the position with hash `key`: the cached one, or `evaluate()`'s, which is
    /// then cached.
    #[inline]
    pub fn get_or_insert(&mut self, key: u64, evaluate: impl FnOnce() -> i32) -> i32 {
        let slot = &mut self.slots[key as usize & (SLOTS - 1)];
        if slot.key == key && slot.eval != EMPTY {
            return slot.eval;
        }
        let eval = evaluate();
        *slot = Slot { key, eval };
        eval
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_rules::game::{Evaluation, Game, random_positions};
    use duel_rules::games::duel::Position;

    #[test]
    fn cached_evaluations_equal_fresh_ones_over_random_games() {
        let mut cache = EvalCache::new();
        let mut hits = 0;
        for pos in random_positions(&Position::start(), 7, 40, 60) {
            // Each position twice: the second look-up is a hit, and must give the same value.
            for _ in 0..2 {
                let mut fresh = false;
                let cached = cache.get_or_insert(pos.hash(), || {
                    fresh = true;
                    pos.evaluate()
                });
                assert_eq!(cached, pos.evaluate(), "{}", pos.to_text());
                hits += usize::from(!fresh);
            }
        }
        assert!(hits > 0);
    }

    #[test]
    fn a_different_key_in_the_same_slot_is_a_miss() {
        let mut cache = EvalCache::new();
        assert_eq!(cache.get_or_insert(5, || 1), 1);
        assert_eq!(cache.get_or_insert(5 + SLOTS as u64, || 2), 2);
        assert_eq!(cache.get_or_insert(5, || 3), 3);
        assert_eq!(cache.get_or_insert(5, || 4), 3);
    }
}
