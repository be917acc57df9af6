//! Capture sequences: the board as one sequence sees it, and every way the capturing piece can go on.
//!
//! Men's sequences are never found twice: a man jumps two rows
//! forward each time, so the n-th piece it takes stands on a row fixed by the start, and two routes
//! that take the same pieces took them jump by jump in the same directions. Kings' sequences can be
//! (they land anywhere beyond a victim and may meet the same pieces by other routes), and the callers
//! keep one of each.

use super::super::capturers::{king_can_take, king_victim};
use super::super::direction::Direction;
use super::super::moves::Move;
use super::super::position::Position;
use super::super::square::Square;
use crate::game::Game;

/// The board as one capture sequence sees it.
pub(super) struct Jumps {
    /// Empty squares, the capturing piece's start square included.
    empty: u32,
    /// The enemy pieces, those already captured in the sequence included (they stay until it ends).
    enemies: u32,
    /// A man's two capture directions.
    pub(super) forward: [Direction; 2],
}

impl Jumps {
    /// The side to move's view of `pos`, with the piece on `lifted` (a one-square set, or 0) off the
    /// board.
    #[inline]
    pub(super) fn new(pos: &Position, lifted: u32) -> Jumps {
        let us = pos.side_to_move();
        Jumps {
            empty: !pos.occupied() | lifted,
            enemies: pos.pieces(us.opponent()),
            forward: Direction::forward(us),
        }
    }

    /// Follows every continuation of a man's sequence `seq` standing on `at`; returns whether it could
    /// jump at all (if not, `seq` is complete and the caller emits it).
    pub(super) fn man(&self, at: Square, seq: Move, emit: &mut impl FnMut(Move)) -> bool {
        let mut jumped = false;
        for dir in self.forward {
            if let Some((victim, landing)) = self.man_jump(at, dir, seq.captured()) {
                jumped = true;
                let next = seq.jump(victim, landing);
                if !self.man(landing, next, emit) {
                    emit(next);
                }
            }
        }
        jumped
    }

    /// How many complete sequences a man on `at` (one-square set) that has taken `captured` can go
    /// on into: 0 when it cannot jump. Each is a distinct move (see the file's comment).
    pub(super) fn man_sequence_count(&self, at: u32, captured: u32) -> u64 {
        self.forward
            .into_iter()
            .map(|dir| {
                let victim = dir.shift(at) & self.enemies & !captured;
                let landing = dir.shift(victim) & self.empty;
                if landing == 0 {
                    0
                } else {
                    self.man_sequence_count(landing, captured | victim).max(1)
                }
            })
            .sum()
    }

    /// The piece a man on `at` can take in `dir` and where it lands.
    #[inline]
    pub(super) fn man_jump(
        &self,
        at: Square,
        dir: Direction,
        captured: u32,
    ) -> Option<(Square, Square)> {
        let victim = at.step(dir)?;
        if self.enemies & !captured & victim.bit() == 0 {
            return None;
        }
        let landing = victim.step(dir)?;
        (self.empty & landing.bit() != 0).then_some((victim, landing))
    }

    /// Follows every continuation of a king's sequence `seq` standing on `at`, emitting the complete
    /// ones.
    pub(super) fn king(&self, at: Square, seq: Move, emit: &mut impl FnMut(Move)) {
        for dir in Direction::ALL {
            let Some(victim) = self.king_jump(at, dir, seq.captured()) else {
                continue;
            };
            let captured = seq.captured() | victim.bit();
            // The landing squares: the empty run beyond the victim, a slide from its square; and
            // those of them from which the king can go on.
            let landings = dir.slide(victim, !self.empty);
            let continuing = Square::in_set(landings)
                .filter(|&sq| self.king_can_jump(sq, captured))
                .fold(0, |set, sq| set | sq.bit());
            // Nearest landing first.
            let mut rest = landings;
            while let Some(landing) = dir.nearest(rest) {
                rest &= !landing.bit();
                let extended = seq.jump(victim, landing);
                if continuing == 0 {
                    emit(extended);
                } else if continuing & landing.bit() != 0 {
                    self.king(landing, extended, emit);
                }
            }
        }
    }

    /// The piece a king on `at` can take in `dir`: the first piece along the diagonal, an enemy not
    /// yet captured, with an empty square behind it.
    #[inline]
    fn king_jump(&self, at: Square, dir: Direction, captured: u32) -> Option<Square> {
        king_victim(at, dir, self.enemies & !captured, self.empty)
    }

    /// Whether a king on `at` can take anything, `captured` being taken already.
    #[inline]
    pub(super) fn king_can_jump(&self, at: Square, captured: u32) -> bool {
        king_can_take(at, self.enemies & !captured, self.empty)
    }
}
