//! Move ordering: the transposition-table move first, then tactical moves (captures by the value of
//! the victim, MVV; promotions), then the two killer moves of the ply, then quiet moves by their
//! history score.
//!
//! Moves are scored once per node and picked one at a time (a selection sort that stops at the first
//! cutoff), so a node that cuts after its first move pays for one scan, not a full sort.

use super::params::HISTORY_MAX;
use duel_rules::game::{SearchProfile, Searchable, Side};

/// Ordering score of the transposition-table move.
const TT_MOVE_SCORE: i32 = i32::MAX;
/// Tactical moves score this plus the victim's value: above every quiet move.
const CAPTURE_SCORE_BASE: i32 = 1 << 28;
/// Ordering scores of the first and second killer: above every history score.
const KILLER_SCORES: [i32; 2] = [1 << 20, (1 << 20) - 1];
/// Moves ordered at or above this are the table move, tactical moves or killers; below it, plain
/// quiet moves by history.
pub(super) const QUIET_ORDER_LIMIT: i32 = KILLER_SCORES[1];
/// Ordering score of a move the quiescence search skips.
pub(super) const SKIP_SCORE: i32 = i32::MIN;

/// Butterfly history: how often each quiet move, by side and move code, caused a cutoff lately.
pub(super) struct History {
    /// Indexed by `side · 2¹⁶ + move code`; every 16-bit code has a slot, so no game's encoding can
    /// overflow it.
    table: Box<[i16]>,
}

impl History {
    /// All scores zero.
    pub fn new() -> Self {
        History {
            table: vec![0; 2 << 16].into_boxed_slice(),
        }
    }

    #[inline]
    fn index(side: Side, code: u16) -> usize {
        side.index() << 16 | code as usize
    }

    /// The history score of a quiet move.
    #[inline]
    pub fn get(&self, side: Side, code: u16) -> i32 {
        self.table[Self::index(side, code)] as i32
    }

    /// The bonus of a cutoff at `depth` under `profile`: `history_bonus_factor · depth²`, capped at
    /// `history_bonus_max` (whose range keeps it within ±[`HISTORY_MAX`]).
    #[inline]
    pub fn bonus(profile: &SearchProfile, depth: i32) -> i32 {
        (profile.history_bonus_factor * depth * depth).min(profile.history_bonus_max)
    }

    /// Rewards a quiet move that caused a cutoff (`good`) by `bonus` ([`History::bonus`]), or
    /// punishes one tried before it. The update shrinks as the score nears ±[`HISTORY_MAX`], so
    /// scores stay in range and recent cutoffs outweigh old ones.
    #[inline]
    pub fn update(&mut self, side: Side, code: u16, bonus: i32, good: bool) {
        let bonus = if good { bonus } else { -bonus };
        let slot = &mut self.table[Self::index(side, code)];
        let old = *slot as i32;
        // |old| ≤ HISTORY_MAX and |bonus| ≤ HISTORY_MAX keep the result within ±HISTORY_MAX.
        *slot = (old + bonus - old * bonus.abs() / HISTORY_MAX) as i16;
    }
}

/// Records `mv` as the newest killer of its ply, keeping the two most recent distinct killers.
#[inline]
pub(super) fn push_killer<M: Copy + Eq>(killers: &mut [M; 2], mv: M) {
    if killers[0] != mv {
        killers[1] = killers[0];
        killers[0] = mv;
    }
}

/// Scores every move of a full-width node into `scores` (same indices).
#[inline]
pub(super) fn score_moves<G: Searchable>(
    pos: &G,
    moves: &[G::Move],
    scores: &mut [i32],
    tt_move: Option<G::Move>,
    killers: &[G::Move; 2],
    history: &History,
) {
    let side = pos.side_to_move();
    for (&mv, score) in moves.iter().zip(scores.iter_mut()) {
        *score = if Some(mv) == tt_move {
            TT_MOVE_SCORE
        } else {
            let victim = pos.capture_value(mv);
            if victim > 0 || pos.is_tactical(mv) {
                CAPTURE_SCORE_BASE.saturating_add(victim)
            } else if mv == killers[0] {
                KILLER_SCORES[0]
            } else if mv == killers[1] {
                KILLER_SCORES[1]
            } else {
                history.get(side, pos.move_code(mv))
            }
        };
    }
}

/// Scores the moves of a quiescence node: tactical moves (captures by victim) with the
/// transposition-table move first, everything else [`SKIP_SCORE`] unless `all_moves` (check evasions),
/// when quiet moves score 0.
#[inline]
pub(super) fn score_tactical_moves<G: Searchable>(
    pos: &G,
    moves: &[G::Move],
    scores: &mut [i32],
    tt_move: Option<G::Move>,
    all_moves: bool,
) {
    for (&mv, score) in moves.iter().zip(scores.iter_mut()) {
        let victim = pos.capture_value(mv);
        let tactical = victim > 0 || pos.is_tactical(mv);
        *score = if !tactical && !all_moves {
            SKIP_SCORE
        } else if Some(mv) == tt_move {
            TT_MOVE_SCORE
        } else if tactical {
            CAPTURE_SCORE_BASE.saturating_add(victim)
        } else {
            0
        };
    }
}

/// Moves the best-scored move of `moves[index..]` to `index` (with its score) and returns it.
#[inline]
pub(super) fn pick_next<M: Copy>(moves: &mut [M], scores: &mut [i32], index: usize) -> (M, i32) {
    // The first of equal scores wins, as the search's tree depends on it. The maximum is found
    // first, in a loop without branches that the compiler vectorizes, and then its first place: one
    // unpredictable branch per move cost more.
    let rest = &scores[index + 1..moves.len()];
    let top = rest.iter().copied().max().unwrap_or(i32::MIN);
    let best = if top > scores[index] {
        // `top` is a score of `rest`, so it is found.
        index + 1 + rest.iter().position(|&score| score == top).unwrap_or(0)
    } else {
        index
    };
    moves.swap(index, best);
    scores.swap(index, best);
    (moves[index], scores[index])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picking_yields_moves_by_descending_score() {
        let mut moves = [10u16, 20, 30, 40, 50];
        let mut scores = [3, 9, -1, 9, 5];
        let picked: Vec<_> = (0..moves.len())
            .map(|i| pick_next(&mut moves, &mut scores, i))
            .collect();
        assert_eq!(
            picked,
            vec![(20, 9), (40, 9), (50, 5), (10, 3), (30, -1)],
            "every move exactly once, best first"
        );
    }

    #[test]
    fn killers_keep_the_two_latest_distinct_moves() {
        let mut killers = [0u16; 2];
        push_killer(&mut killers, 7);
        push_killer(&mut killers, 7);
        assert_eq!(killers, [7, 0]);
        push_killer(&mut killers, 8);
        assert_eq!(killers, [8, 7]);
    }

    #[test]
    fn history_stays_within_bounds() {
        let mut history = History::new();
        for _ in 0..1000 {
            let bonus = History::bonus(&SearchProfile::DEFAULT, 20);
            history.update(Side::White, 1234, bonus, true);
            history.update(Side::Black, 1234, bonus, false);
        }
        assert!(history.get(Side::White, 1234) <= HISTORY_MAX);
        assert!(history.get(Side::White, 1234) > HISTORY_MAX / 2);
        assert!(history.get(Side::Black, 1234) >= -HISTORY_MAX);
        assert_eq!(history.get(Side::White, 4321), 0);
    }
}
