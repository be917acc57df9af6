//! What one side's pieces reach: the squares they attack and the paths they can roll, found in one
//! walk over the rolling paths (every other term reads these maps instead of walking again).

use super::super::bitboard::Bitboard;
use super::super::paths::PATHS;
use super::super::position::Position;
use super::super::window::{PathMasks, WINDOWS, from_window};
use crate::game::Side;

/// One side's reach in a position.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reach {
    /// Every square a piece of the side attacks, own pieces included (those are defended).
    pub attacks: Bitboard,
    /// The open paths of the side's dice that end on an empty square or an enemy piece.
    pub paths: i32,
}

/// The reach of `side`'s pieces, with every piece on the board as a blocker.
#[inline]
pub fn reach(pos: &Position, side: Side) -> Reach {
    let tables = &*PATHS;
    let occupied = pos.occupied();
    let own = pos.occupied_by(side);
    // The king's steps: its ring at distance 1.
    let mut attacks = tables.ring(pos.king(side), 1);
    let mut paths = 0;
    let masks = PathMasks::new(occupied, own);
    let mut ends = [0u64; WINDOWS];
    for die in pos.dice(side) {
        let top = pos.top_at(die);
        if !tables.span(die, top).intersects(occupied) {
            // Nothing on the way: every path is open.
            attacks |= tables.ring(die, top);
            paths += tables.unblocked_count(die, top, !own) as i32;
            continue;
        }
        // Both windows' end squares, gathered as window bits and put back on the board at the end.
        for (window, packed) in tables.packed(die, top).into_iter().enumerate() {
            let mask = masks.0[window];
            let blockers = mask as u64;
            for &path in packed {
                let passable = (path as u64 & blockers == 0) as u64;
                ends[window] |= (path >> 64) as u64 & passable.wrapping_neg();
                paths += i32::from(path & mask == 0);
            }
        }
    }
    attacks |= from_window(ends[0], 0) | from_window(ends[1], 1);
    Reach { attacks, paths }
}
