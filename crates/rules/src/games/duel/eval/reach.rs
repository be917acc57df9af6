//! What one side's pieces reach: the squares they attack and the paths they can roll, found in one
//! walk over the rolling paths (every other term reads these maps instead of walking again), or
//! for a die met before in the same surroundings from the cache (`reach_cache`).

use super::super::bitboard::Bitboard;
use super::super::movegen::paths::{PATHS, PathTables};
use super::super::movegen::window::{PathMasks, from_window};
use super::super::position::Position;
use super::super::square::Square;
use super::reach_cache::{DieKey, ReachCache};
use crate::game::Side;

/// One side's reach in a position.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reach {
    /// Every square a piece of the side attacks, own pieces included (those are defended).
    pub attacks: Bitboard,
    /// The open paths of the side's dice that end on an empty square or an enemy piece.
    pub paths: i32,
}

/// The reach of `side`'s pieces, with every piece on the board as a blocker; the reach of dice with
/// pieces on their paths comes from `cache` where it holds it.
#[inline]
pub fn reach(pos: &Position, side: Side, cache: &mut ReachCache) -> Reach {
    let tables = &*PATHS;
    let occupied = pos.occupied();
    let own = pos.occupied_by(side);
    // The king's steps: its ring at distance 1.
    let mut attacks = tables.ring(pos.king(side), 1);
    let mut paths = 0;
    let masks = PathMasks::new(occupied, own);
    pos.dice(side).for_each_square(|die| {
        let (die_attacks, die_paths) = die_reach(tables, pos, die, occupied, own, &masks, cache);
        attacks |= die_attacks;
        paths += die_paths;
    });
    Reach {
        attacks,
        paths: paths as i32,
    }
}

/// The squares the die on `die` attacks and its open paths that end elsewhere than on an own
/// piece: all of its ring when nothing stands on its way, else from `cache` or its paths.
#[inline(always)]
fn die_reach(
    tables: &PathTables,
    pos: &Position,
    die: Square,
    occupied: Bitboard,
    own: Bitboard,
    masks: &PathMasks,
    cache: &mut ReachCache,
) -> (Bitboard, u32) {
    let top = pos.top_at(die);
    let blockers = tables.span(die, top) & occupied;
    let ring = tables.ring(die, top);
    if blockers.is_empty() {
        // Nothing on the way: every path is open.
        return (ring, tables.unblocked_count(die, top, !own));
    }
    let key = DieKey::new(die.index(), top, blockers, own & ring);
    cache.get_or_insert(key, || walk(tables, die, top, masks))
}

/// The end squares of the open paths of a die on `die` showing `top`, and how many of them end
/// elsewhere than on an own piece, path by path under `masks`.
#[inline]
fn walk(tables: &PathTables, die: Square, top: u8, masks: &PathMasks) -> (Bitboard, u32) {
    let mut attacks = Bitboard::EMPTY;
    let mut paths = 0;
    for (window, packed) in tables.packed(die, top).into_iter().enumerate() {
        let mask = masks.0[window];
        let blockers = mask as u64;
        let mut ends = 0u64;
        for &path in packed {
            let passable = (path as u64 & blockers == 0) as u64;
            ends |= (path >> 64) as u64 & passable.wrapping_neg();
            paths += u32::from(path & mask == 0);
        }
        attacks |= from_window(ends, window);
    }
    (attacks, paths)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, random_positions};

    /// The reach found by testing every path of every piece, without the cache or any shortcut.
    fn walked(pos: &Position, side: Side) -> Reach {
        let tables = &*PATHS;
        let (occupied, own) = (pos.occupied(), pos.occupied_by(side));
        let mut reach = Reach {
            attacks: tables.ring(pos.king(side), 1),
            paths: 0,
        };
        for die in pos.dice(side) {
            for path in tables.from(die, pos.top_at(die)) {
                if !path.passes().intersects(occupied) {
                    reach.attacks |= path.target();
                    reach.paths += i32::from(!path.target().intersects(own));
                }
            }
        }
        reach
    }

    #[test]
    fn cached_reach_is_the_walked_reach_over_random_games() {
        // One cache for all positions: dice met again come from it, and must come back the same.
        let mut cache = ReachCache::new();
        for pos in random_positions(&Position::start(), 11, 60, 80) {
            for side in Side::BOTH {
                for _ in 0..2 {
                    let cached = reach(&pos, side, &mut cache);
                    let expected = walked(&pos, side);
                    assert_eq!(cached.attacks, expected.attacks, "{}", pos.to_text());
                    assert_eq!(cached.paths, expected.paths, "{}", pos.to_text());
                }
            }
        }
    }
}
