//! Legal move generation, with the king-attack rule and its goal-square exception.
//!
//! Only the enemy dice whose distance to our king equals their top value can ever attack it, whatever
//! we move (our move changes no enemy die's orientation). So those "potential checkers" are found once
//! per position, and with them the few own dice whose move could open one of their paths: the only
//! own piece on such a path, or every die when a path is open already (check). The other dice need no
//! legality test at all. King moves are tested directly, without the king on its old square, against
//! the enemy dice grouped by top value.
//!
//! The subsystem: the rolling paths ([`paths`]) laid out for listing ([`listing`]) over two 63-square
//! windows ([`window`]); perft's bulk count ([`bulk`]); the captures alone for quiescence
//! ([`captures`]); and whether a move gives check, told without making it ([`quiet`]).

mod bulk;
mod captures;
mod listing;
pub(super) mod paths;
mod quiet;
pub(super) mod window;

pub use captures::generate_captures;
pub use quiet::die_move_gives_check;

use self::bulk::open_counts;
use self::listing::{DieListing, LISTINGS, ListingPath, Listings, die_blockers};
use self::paths::{PATHS, PathTables};
use self::window::window_bits;
use super::bitboard::Bitboard;
use super::moves::Move;
use super::position::{Position, goal_square};
use super::square::Square;
use crate::game::{Game, MoveList, Side};
use std::ops::ControlFlow;

/// At most 8 enemy dice can be potential checkers.
const MAX_CHECKERS: usize = 8;

/// What the legality of the side to move's moves depends on, computed once per position.
struct Legality<'a> {
    /// The path tables, looked up once: each look at the lazily built tables is a call.
    paths: &'static PathTables,
    /// The paths laid out for listing moves, looked up once too.
    listings: &'static Listings,
    us: Side,
    own: Bitboard,
    occupied: Bitboard,
    king: Square,
    enemy_king: Square,
    /// The enemy dice by top value: `enemy_by_top[t]` shows `t` (1..=6), borrowed from the
    /// position rather than copied with the rest.
    enemy_by_top: &'a [Bitboard; 7],
    /// The enemy dice at their top value's distance from our king.
    checkers: [Square; MAX_CHECKERS],
    checker_count: usize,
    /// Own dice whose moves need the full test.
    suspects: Bitboard,
}

impl<'a> Legality<'a> {
    /// The context of `pos`'s side to move, in a position not decided yet. Built in place rather
    /// than returned as an `Option`: copying it cost as much as filling it.
    #[inline(always)]
    fn new(pos: &'a Position) -> Legality<'a> {
        let paths: &'static PathTables = &PATHS;
        let us = pos.side_to_move();
        let them = us.opponent();
        let own = pos.occupied_by(us);
        let occupied = pos.occupied();
        let king = pos.king(us);
        let mut legality = Legality {
            paths,
            listings: &LISTINGS,
            us,
            own,
            occupied,
            king,
            enemy_king: pos.king(them),
            enemy_by_top: pos.dice_by_top(them),
            checkers: [Square::default(); MAX_CHECKERS],
            checker_count: 0,
            suspects: Bitboard::EMPTY,
        };
        for die in paths.at_top_distance(king, legality.enemy_by_top) {
            legality.checkers[legality.checker_count] = die;
            legality.checker_count += 1;
            for route in paths.routes(die, king) {
                let blockers = route & occupied;
                if blockers.is_empty() {
                    legality.suspects = pos.dice(us);
                } else if blockers.count() == 1 {
                    legality.suspects |= blockers & own;
                }
            }
        }
        legality
    }

    /// Whether no checker but one captured on `to` reaches our king through `after`, the occupied
    /// squares after a die move onto `to`.
    #[inline]
    fn leaves_king_safe(&self, to: Square, after: Bitboard) -> bool {
        !self.checkers[..self.checker_count]
            .iter()
            .any(|&checker| checker != to && self.paths.reaches(checker, self.king, after))
    }

    /// Calls `visit` with the legal moves of a suspect die on `from`, whose moves may open an
    /// enemy die's way to our king: `die`'s paths free of `blockers` (see `listing`) that leave
    /// the king unattacked. Apart from the listing's hot loop, which keeps fewer values in
    /// registers without the king-safety test.
    #[inline(never)]
    fn visit_suspect_moves(
        &self,
        from: Square,
        die: &DieListing,
        blockers: Bitboard,
        visit: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let without_die = self.occupied ^ Bitboard::of(from);
        let safe = |path: &ListingPath| {
            let to = path.mv.to();
            die.is_free(path, blockers) && self.leaves_king_safe(to, without_die | Bitboard::of(to))
        };
        visit_listed(die.paths, safe, visit)
    }

    /// Calls `visit` with the legal king moves onto `targets` (squares without an own piece), north,
    /// east, south, west.
    #[inline]
    fn visit_king_moves(
        &self,
        targets: Bitboard,
        visit: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let without_king = self.occupied ^ Bitboard::of(self.king);
        for &step in self.listings.steps(self.king) {
            if targets.has(step.to()) && self.king_may_step(step.to(), without_king) {
                visit(step)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The number of legal king moves, for the bulk count: the steps from the ring of distance 1,
    /// without the row and column arithmetic of [`Legality::visit_king_moves`]'s order.
    #[inline]
    fn king_move_count(&self) -> u32 {
        let without_king = self.occupied ^ Bitboard::of(self.king);
        let mut count = 0;
        (self.paths.ring(self.king, 1) & !self.own).for_each_square(|to| {
            count += u32::from(self.king_may_step(to, without_king));
        });
        count
    }

    /// Whether our king may step onto `to`, a square next to it without an own piece: the goal
    /// square, or a square the enemy does not attack once the king stands there.
    #[inline]
    fn king_may_step(&self, to: Square, without_king: Bitboard) -> bool {
        to == goal_square(self.us) || !self.king_square_attacked(to, without_king)
    }

    /// Whether the enemy attacks `to` once our king stands there, ignoring a piece it captures on `to`.
    #[inline]
    fn king_square_attacked(&self, to: Square, occupied: Bitboard) -> bool {
        if self.enemy_king.distance(to) == 1 {
            return true;
        }
        // A ring never holds its centre, so a piece captured on `to` is no candidate.
        let paths = self.paths;
        paths
            .at_top_distance(to, self.enemy_by_top)
            .any(|die| paths.reaches(die, to, occupied))
    }
}

/// Calls `emit` with every legal move of `pos`, die moves first, then king moves. Emits nothing in a
/// decided position.
#[inline]
pub fn for_each_legal_move(pos: &Position, mut emit: impl FnMut(Move)) {
    let _ = visit_legal_moves(pos, |mv| {
        emit(mv);
        ControlFlow::Continue(())
    });
}

/// Fills `moves` (cleared first) with the legal moves of `pos` in generation order.
#[inline]
pub fn generate(pos: &Position, moves: &mut MoveList<Move>) {
    fill::<false>(pos, moves);
}

/// Fills `moves` (cleared first) with what [`visit_moves`] visits.
#[inline(always)]
fn fill<const CAPTURES: bool>(pos: &Position, moves: &mut MoveList<Move>) {
    moves.clear();
    moves.append(|list| {
        let _ = visit_moves::<CAPTURES>(pos, |mv| {
            list.push(mv);
            ControlFlow::Continue(())
        });
    });
}

/// Whether `pos` has a legal move; stops at the first one found.
#[inline]
pub fn has_legal_move(pos: &Position) -> bool {
    visit_legal_moves(pos, |_| ControlFlow::Break(())).is_break()
}

/// Calls `visit` with the legal moves of `pos` in generation order until it breaks.
#[inline]
pub(super) fn visit_legal_moves(
    pos: &Position,
    visit: impl FnMut(Move) -> ControlFlow<()>,
) -> ControlFlow<()> {
    visit_moves::<false>(pos, visit)
}

/// Calls `visit` with the legal moves of `pos` in generation order until it breaks; with `CAPTURES`
/// only those onto an enemy piece.
#[inline(always)]
fn visit_moves<const CAPTURES: bool>(
    pos: &Position,
    mut visit: impl FnMut(Move) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if pos.decided_winner().is_some() {
        return ControlFlow::Continue(());
    }
    let legality = Legality::new(pos);
    let paths = legality.paths;
    let occupied = legality.occupied;
    let enemy = pos.occupied_by(legality.us.opponent());
    let targets = if CAPTURES { enemy } else { !legality.own };
    pos.dice(legality.us).try_for_each_square(|from| {
        let top = pos.top_at(from);
        let ring = paths.ring(from, top);
        // A die reaches only its ring: without a target on it, none of its paths is wanted.
        if CAPTURES && (ring & targets).is_empty() {
            return ControlFlow::Continue(());
        }
        let blockers = die_blockers(occupied, ring, enemy, CAPTURES);
        let die = legality.listings.die(from, top);
        if !legality.suspects.is_empty() && legality.suspects.has(from) {
            legality.visit_suspect_moves(from, die, blockers, &mut visit)
        } else if let Some(window) = die.window {
            // Each window's bits by a constant shift.
            let blockers = if window == 0 {
                window_bits(blockers, 0)
            } else {
                window_bits(blockers, 1)
            };
            let free = |path: &ListingPath| path.is_free_in_window(blockers);
            visit_listed(die.paths, free, &mut visit)
        } else {
            visit_listed(die.paths, |path| die.is_free(path, blockers), &mut visit)
        }
    })?;
    legality.visit_king_moves(targets, &mut visit)
}

/// Calls `visit` with the moves of the `paths` that `keep` keeps, in order, until it breaks.
#[inline(always)]
fn visit_listed(
    paths: &[ListingPath],
    keep: impl Fn(&ListingPath) -> bool,
    visit: &mut impl FnMut(Move) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for path in paths {
        if keep(path) {
            visit(path.mv)?;
        }
    }
    ControlFlow::Continue(())
}

/// The number of legal moves, without storing them (perft's bulk count): the dice that need no
/// legality test add up their open paths without branching (see `bulk`).
#[inline]
pub fn count_legal_moves(pos: &Position) -> u64 {
    if pos.decided_winner().is_some() {
        return 0;
    }
    let legality = Legality::new(pos);
    let paths = legality.paths;
    let enemy = pos.occupied_by(legality.us.opponent());
    let free = pos.dice(legality.us) & !legality.suspects;
    let mut count = open_counts(paths, pos, free, enemy) as usize;
    (pos.dice(legality.us) & legality.suspects).for_each_square(|from| {
        let top = pos.top_at(from);
        let blockers = die_blockers(legality.occupied, paths.ring(from, top), enemy, false);
        let die = legality.listings.die(from, top);
        let _ = legality.visit_suspect_moves(from, die, blockers, &mut |_| {
            count += 1;
            ControlFlow::Continue(())
        });
    });
    count += legality.king_move_count() as usize;
    count as u64
}

/// The sum of [`count_legal_moves`] over the positions after each of `moves`, legal in `pos`:
/// perft's last two plies, the moves played on one scratch copy and taken back rather than a
/// 352-byte copy made per move.
pub fn count_children_moves(pos: &Position, moves: &[Move]) -> u64 {
    let mut scratch = *pos;
    moves
        .iter()
        .map(|&mv| {
            let change = scratch.play_uncounted(mv);
            let count = count_legal_moves(&scratch);
            scratch.take_back(change);
            count
        })
        .sum()
}
