//! What one side's pieces reach: the squares they attack and the paths they can roll, found in one
//! walk over the rolling paths (every other term reads these maps instead of walking again).

use super::super::bitboard::Bitboard;
use super::super::paths::PATHS;
use super::super::position::Position;
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
    let occupied = pos.occupied();
    let own = pos.occupied_by(side);
    let mut attacks = Bitboard::of(pos.king(side)).king_steps();
    let mut paths = 0;
    for die in pos.dice(side) {
        let top = pos.top_at(die);
        if !PATHS.span(die, top).intersects(occupied) {
            // Nothing on the way: every path is open.
            attacks |= PATHS.ring(die, top);
            paths += PATHS.unblocked_count(die, top, !own) as i32;
            continue;
        }
        for path in PATHS.from(die, top) {
            if path.blocked_by(occupied) {
                continue;
            }
            let target = path.target();
            attacks |= target;
            paths += !target.intersects(own) as i32;
        }
    }
    Reach { attacks, paths }
}
