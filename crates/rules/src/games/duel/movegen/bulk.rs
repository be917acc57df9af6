//! Perft's bulk count of a die's moves over the paths packed as one 64-bit word each (the squares
//! a path passes over and its end square as bits of its window, see `window`). One AND with the
//! window's pieces, less the enemy pieces on the die's ring, tests a path: its way empty and its
//! end square empty or an enemy piece. Half the work of testing passes and end square against two
//! different masks, which is what the last ply of perft spends its time on.

use super::super::bitboard::Bitboard;
use super::super::position::Position;
use super::super::square::Square;
use super::listing::die_blockers;
use super::paths::PathTables;
use super::window::window_bits;

/// How many paths of a die on `from` showing `top` are open: nothing on the way and the end square
/// empty or held by an `enemy` piece. `occupied` is every piece.
#[inline]
pub fn open_count(
    paths: &PathTables,
    from: Square,
    top: u8,
    occupied: Bitboard,
    enemy: Bitboard,
) -> u32 {
    // The enemy pieces on the die's ring block no path: a path passes over no square of the ring
    // (they are all nearer the die) and ends on one, so with them left out one AND tests both
    // the way and the end square.
    let blockers = die_blockers(occupied, paths.ring(from, top), enemy, false);
    // A loop per window, its mask in a register.
    let [first, second] = paths.words(from, top);
    let open = |words: &[u64], mask: u64| -> u32 {
        words.iter().map(|&word| u32::from(word & mask == 0)).sum()
    };
    open(first, window_bits(blockers, 0)) + open(second, window_bits(blockers, 1))
}

/// The number of open paths of all the side to move's `dice` in `pos` (see [`open_count`]): the
/// bulk count of the dice whose moves need no legality test.
#[inline(never)]
pub fn open_counts(paths: &PathTables, pos: &Position, dice: Bitboard, enemy: Bitboard) -> u32 {
    let occupied = pos.occupied();
    let mut count = 0;
    dice.for_each_square(|from| {
        count += open_count(paths, from, pos.top_at(from), occupied, enemy);
    });
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::duel::movegen::paths::PATHS;

    #[test]
    fn bulk_counts_agree_with_the_paths() {
        let mut rng = crate::game::Rng::new(16);
        for _ in 0..200 {
            let mut occupied = Bitboard::random(&mut rng);
            if rng.below(2) == 0 {
                // Half the boards thinner, with more paths open.
                occupied = occupied.random_part(&mut rng);
            }
            let own = occupied.random_part(&mut rng);
            let enemy = occupied & !own;
            for from in Square::all() {
                for top in 1..=6u8 {
                    let open = PATHS
                        .from(from, top)
                        .iter()
                        .filter(|p| p.open(occupied, own))
                        .count();
                    assert_eq!(
                        open_count(&PATHS, from, top, occupied, enemy) as usize,
                        open,
                        "{from} top {top}"
                    );
                }
            }
        }
    }
}
