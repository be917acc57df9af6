//! The full-width search below the root: negamax alpha-beta with principal variation search, the
//! transposition table, and exact scores for decided, drawn and moveless positions.

use super::frame::Frame;
use super::ordering::{
    History, QUIET_ORDER_LIMIT, SKIP_SCORE, pick_next, push_killer, score_moves,
};
use super::pruning::{QuietPruning, is_quiet};
use super::score::{Bound, INFINITE, MAX_PLY, clamp_eval, is_decisive, mate_in, mated_in};
use super::singular::Singular;
use super::thread::SearchThread;
use super::tt::TtEntry;
use duel_rules::game::{Evaluation, GameMove, SearchProfile, Searchable};

impl<G: Searchable> SearchThread<'_, G> {
    /// What every node of both searches checks first: an abort, a decided game, a draw (see
    /// `draw_score`) and the ply limit. `Some(score)` settles the node without a search.
    pub(super) fn settled_before_search(
        &mut self,
        pos: &G,
        frame: &mut Frame<G::Move>,
        ply: usize,
    ) -> Option<i32> {
        frame.clear_pv();
        if self.enter_node() {
            return Some(0);
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(score) = self.decided_score(pos, ply) {
            return Some(score);
        }
        if let Some(score) = self.draw_score(pos, frame, ply) {
            return Some(score);
        }
        if ply >= MAX_PLY {
            return Some(self.static_eval(pos, ply));
        }
        None
    }

    /// The score of `pos`, `ply` plies from the root, searched `depth` plies deep within the window
    /// (alpha, beta); the principal variation lands in `stack[0]`. Returns 0 once aborted: callers
    /// check `aborted` before using any score.
    #[allow(
        clippy::too_many_lines,
        reason = "the node's steps in the order every engine's negamax reads them (probe, prune, \
                  move loop, store); split, each would carry the window and the bounds around"
    )]
    pub fn negamax(
        &mut self,
        pos: &G,
        stack: &mut [Frame<G::Move>],
        mut depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if depth <= 0 {
            return self.quiescence(pos, stack, alpha, beta, ply);
        }
        let Some((frame, _)) = stack.split_first_mut() else {
            return self.static_eval(pos, ply);
        };
        if let Some(score) = self.settled_before_search(pos, frame, ply) {
            return score;
        }

        let pv_node = beta - alpha > 1;
        // Mate distance pruning: no score here is better than a win on the next ply or worse than a
        // loss right here, so once a shorter mate is known above, this node cannot matter. Without
        // it, proving that no other root move mates sooner than the one found searches a full tree.
        let alpha = alpha.max(mated_in(ply));
        let beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        let key = pos.hash();
        // In the singular test's search of this node without one move (see `singular.rs`), the
        // result is not the node's value: it neither reads nor writes the node's table entry or
        // database value, and takes none of the shortcuts that stand on the node's own value
        // (reverse futility, the null move, internal iterative reduction).
        let excluded = frame.excluded;
        let entry = self.shared.tt.probe(key, ply);
        if let Some(entry) = entry
            && excluded.is_none()
            && !pv_node
            && entry.depth >= depth
            && entry.bound.settles(entry.score, alpha, beta)
        {
            return entry.score;
        }
        // A node the endgame databases hold is settled: stored as deep as the table allows, so
        // that no search of it replaces the tables' value.
        if excluded.is_none()
            && let Some(score) = self.database_score(pos, ply)
        {
            let entry = TtEntry {
                mv: None,
                score,
                eval: None,
                depth: MAX_PLY as i32,
                bound: Bound::Exact,
            };
            self.shared.tt.store(key, ply, entry);
            return score;
        }
        let tt_move = entry
            .and_then(|e| e.mv)
            .and_then(|code| pos.decode_move(code));
        // Internal iterative reduction: a deep node the table knows no move for is searched one ply
        // shallower; its move ordering is poor, and if the node matters a later iteration comes back
        // with the move this one stores.
        if tt_move.is_none() && depth >= self.profile().iir_depth && excluded.is_none() {
            depth -= 1;
        }

        let in_check = frame.known_check.unwrap_or_else(|| pos.in_check());
        // The parent's answer must be the position's own: checked in every search the unit tests run.
        #[cfg(test)]
        assert_eq!(in_check, pos.in_check(), "known check");
        // The static evaluation, read only where the pruning below may use it: out of check (where
        // it means little) and outside principal-variation nodes (whose scores must be exact).
        let eval = (!pv_node && !in_check).then(|| self.static_eval(pos, ply));
        if let Some(eval) = eval
            && excluded.is_none()
            && let Some(score) = reverse_futility_cut::<G>(self.profile(), depth, eval, beta)
        {
            // The cut needs only to know that there is a move, not the moves: a side without any
            // has lost, cut or not. A table entry proves there are moves (see `quiescence`).
            return if entry.is_some() || pos.has_legal_move() {
                score
            } else {
                self.no_move_score(pos, ply)
            };
        }
        // Outside a test search, ask whether the table's move is the only good one (it may also
        // show that the node fails high).
        let singular = if excluded.is_none() {
            match self.singular(pos, stack, entry.zip(tt_move), depth, beta, ply) {
                Singular::Extend => true,
                Singular::Cut(score) => return score,
                Singular::No => false,
            }
        } else {
            false
        };
        if self.aborted {
            return 0;
        }
        let (frame, below) = stack.split_first_mut().expect("split above");
        pos.generate_moves(&mut frame.moves);
        if frame.moves.is_empty() {
            return self.no_move_score(pos, ply);
        }
        if let Some(eval) = eval
            && excluded.is_none()
        {
            // Passing only pays where the position already looks good enough without a move.
            if eval >= beta
                && let Some(score) = self.null_move_cut(pos, frame, below, depth, beta, ply)
            {
                return score;
            }
        }
        score_moves(
            pos,
            &frame.moves,
            &mut frame.scores,
            tt_move,
            &frame.killers,
            &self.history,
        );

        let pruning = QuietPruning::new::<G>(self.profile(), depth, eval, alpha);
        let original_alpha = alpha;
        let mut alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        for index in 0..frame.moves.len() {
            let (mv, order) = pick_next(&mut frame.moves, &mut frame.scores, index);
            if Some(mv) == excluded {
                // Marked as skipped, so that a cutoff does not blame it.
                frame.scores[index] = SKIP_SCORE;
                continue;
            }
            // A move skipped if quiet is not made at all where the game tells without making it that
            // it is quiet (the same test as below, on the child).
            if let Some(bound) = pruning.skip(index, true, best)
                && !pos.is_tactical(mv)
                && pos.gives_check_unmade(mv) == Some(false)
            {
                best = best.max(bound);
                frame.scores[index] = SKIP_SCORE;
                continue;
            }
            let child = pos.make_move(mv);
            // As early as can be, so that the loads overlap the check test too; a move pruned below
            // only wastes the hint.
            self.prefetch(child.hash());
            let gives_check = pos.gives_check(mv, &child);
            let quiet = is_quiet(pos, mv, &child, gives_check);
            if let Some(bound) = pruning.skip(index, quiet, best) {
                best = best.max(bound);
                // Marked, so that a later cutoff does not blame a move that was never tried.
                frame.scores[index] = SKIP_SCORE;
                continue;
            }
            self.keys.push(child.hash());
            self.played(pos, mv, &child, ply);
            set_known_check(below, Some(gives_check));
            let singular_move = singular && Some(mv) == tt_move;
            let extension = extension(
                self.profile(),
                gives_check || singular_move,
                ply,
                self.root_depth,
            );
            let new_depth = depth - 1 + extension;
            let mut score;
            if index == 0 {
                score = -self.negamax(&child, below, new_depth, -beta, -alpha, ply + 1);
            } else {
                let reduction = self.reduction(depth, index, order, pv_node, in_check, gives_check);
                score = -self.negamax(
                    &child,
                    below,
                    new_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                );
                // A reduced move that beats alpha may be better than it looked: search it in full.
                if reduction > 0 && score > alpha && !self.aborted {
                    score = -self.negamax(&child, below, new_depth, -alpha - 1, -alpha, ply + 1);
                }
                // In a null-window node every score above alpha is a cutoff: no re-search there.
                if score > alpha && score < beta {
                    score = -self.negamax(&child, below, new_depth, -beta, -alpha, ply + 1);
                }
            }
            set_known_check(below, None);
            self.keys.pop();
            if self.aborted {
                return 0;
            }
            if score <= best {
                continue;
            }
            best = score;
            if score <= alpha {
                continue;
            }
            alpha = score;
            best_move = Some(mv);
            if pv_node {
                frame.set_pv(mv, below.first());
            }
            if score >= beta {
                if !pos.is_tactical(mv) {
                    self.reward_quiet(pos, frame, index, depth);
                }
                break;
            }
        }

        // No move at all left by the exclusion scores -INFINITE: below any window.
        if excluded.is_some() {
            return best;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let entry = TtEntry {
            mv: best_move.map(|mv| pos.move_code(mv)),
            score: best,
            eval: None,
            depth,
            bound,
        };
        self.shared.tt.store(key, ply, entry);
        best
    }

    /// Null-move pruning: if passing the turn still leaves a reduced search at or above `beta`, a real
    /// move would too, and the node fails high without searching any. Never in check (passing would
    /// leave the king en prise: the caller only calls out of check), not right after a pass, not for a
    /// side with few moves (zugzwang: in a game without stalemate, a side short of moves may be lost
    /// only because it must move); the caller also asks that the static evaluation reaches `beta`.
    /// `frame.moves` holds the legal moves.
    fn null_move_cut(
        &mut self,
        pos: &G,
        frame: &Frame<G::Move>,
        below: &mut [Frame<G::Move>],
        depth: i32,
        beta: i32,
        ply: usize,
    ) -> Option<i32> {
        let profile = self.profile();
        if depth < profile.nmp_depth
            || frame.after_null
            || frame.moves.len() < profile.nmp_moves_floor
            || is_decisive(beta)
        {
            return None;
        }
        let child = pos.make_null_move()?;
        let (child_frame, _) = below.split_first_mut()?;
        let reduction = profile.nmp_base + depth / profile.nmp_divisor;
        self.keys.push(child.hash());
        if let Some(net) = &mut self.net {
            net.passed(pos, &child, ply);
        }
        child_frame.after_null = true;
        let score = -self.negamax(
            &child,
            below,
            depth - 1 - reduction,
            -beta,
            -beta + 1,
            ply + 1,
        );
        below[0].after_null = false;
        self.keys.pop();
        // A mate found after a pass is not a mate the side can force by moving: report beta.
        (!self.aborted && score >= beta).then(|| if is_decisive(score) { beta } else { score })
    }

    /// How many plies shallower the move at `index` (ordering score `order`, giving check when
    /// `gives_check`) is searched first. Only late quiet moves at some depth are reduced: not the table
    /// move, tactical moves or killers (their ordering score says so), not moves in or into check,
    /// and one fewer ply in a principal-variation node. The reduced search still leaves at least one
    /// ply.
    fn reduction(
        &self,
        depth: i32,
        index: usize,
        order: i32,
        pv_node: bool,
        in_check: bool,
        gives_check: bool,
    ) -> i32 {
        let profile = self.profile();
        if depth < profile.lmr_depth
            || index < profile.lmr_moves_floor + pv_node as usize
            || order >= QUIET_ORDER_LIMIT
            || in_check
            || gives_check
        {
            return 0;
        }
        let reduction = self.shared.reductions.get(depth, index) - pv_node as i32;
        reduction.clamp(0, depth - 2)
    }

    /// After the quiet move `frame.moves[cut]` caused a cutoff: it becomes a killer and gains history,
    /// and the quiet moves searched before it, which did not cut, lose history (skipped moves, marked
    /// [`SKIP_SCORE`], were not searched).
    fn reward_quiet(&mut self, pos: &G, frame: &mut Frame<G::Move>, cut: usize, depth: i32) {
        let side = pos.side_to_move();
        let mv = frame.moves[cut];
        push_killer(&mut frame.killers, mv);
        let bonus = History::bonus(self.profile(), depth);
        self.history.update(side, pos.move_code(mv), bonus, true);
        for (&tried, &order) in frame.moves[..cut].iter().zip(&frame.scores[..cut]) {
            if order != SKIP_SCORE && !pos.is_tactical(tried) {
                self.history
                    .update(side, pos.move_code(tried), bonus, false);
            }
        }
    }

    /// The score of a position the rules have already decided (Duel: a king on its goal square).
    #[inline]
    pub fn decided_score(&self, pos: &G, ply: usize) -> Option<i32> {
        pos.decided_winner().map(|winner| {
            if winner == pos.side_to_move() {
                mate_in(ply)
            } else {
                mated_in(ply)
            }
        })
    }

    /// The static evaluation of `pos`, `ply` plies from the root, kept out of the mate band: the
    /// net's where the search has one, else the game's own; computed once per position and thread.
    #[inline]
    pub fn static_eval(&mut self, pos: &G, ply: usize) -> i32 {
        let net = &mut self.net;
        self.eval_cache.get_or_insert(pos.hash(), || {
            clamp_eval(match net {
                Some(net) => {
                    let eval = net.evaluate(pos, ply);
                    // The stack's sums, followed move by move, must be a fresh sum's: checked in
                    // every search the unit tests run with a net.
                    #[cfg(test)]
                    assert_eq!(eval, net.evaluate_afresh(pos), "{}", pos.to_text());
                    eval
                }
                None => pos.evaluate(),
            })
        })
    }

    /// Tells the net's accumulators, where the search has a net, that it made the move `mv` from
    /// `pos` at `ply` to `child`, which it is about to search.
    #[inline]
    pub(super) fn played(&mut self, pos: &G, mv: G::Move, child: &G, ply: usize) {
        if let Some(net) = &mut self.net {
            net.played(pos, mv, child, ply);
        }
    }
}

/// Extensions: a move made at `ply` that gives check, or the singular table move (see
/// `singular.rs`), is searched one ply deeper (`deeper`): the reply to a check is forced and the
/// attack may be the start of a win the horizon would hide, and a singular move is the one line the
/// node's value stands on. One ply, not two, for a move that is both. Only below
/// the profile's `check_extension_factor` times the iteration's depth `root_depth`, so that a line
/// of extended moves stays bounded. The root's own moves are never extended (it does not call this).
#[inline]
fn extension(profile: &SearchProfile, deeper: bool, ply: usize, root_depth: i32) -> i32 {
    (deeper && ply < profile.check_extension_factor * root_depth.max(0) as usize) as i32
}

/// Reverse futility pruning (static null-move pruning): near the horizon, a static evaluation that
/// beats `beta` by more than the profile's `rfp_margin` per remaining ply is trusted to hold, and the
/// node fails high on it without a search. Called out of check and outside principal-variation
/// nodes; the caller trusts it only where the side to move has a legal move.
#[inline]
fn reverse_futility_cut<G: Evaluation>(
    profile: &SearchProfile,
    depth: i32,
    eval: i32,
    beta: i32,
) -> Option<i32> {
    let margin = profile.rfp_margin.of::<G>() * depth;
    (depth <= profile.rfp_depth_max && !is_decisive(beta) && eval - margin >= beta).then_some(eval)
}

/// Tells the child searched in `below` whether it is in check (see `Frame::known_check`).
#[inline]
pub(super) fn set_known_check<M: GameMove>(below: &mut [Frame<M>], known: Option<bool>) {
    if let Some(child_frame) = below.first_mut() {
        child_frame.known_check = known;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_extended_only_while_the_line_is_short() {
        let profile = &SearchProfile::DEFAULT;
        let limit = profile.check_extension_factor * 4;
        assert_eq!(extension(profile, true, 1, 4), 1);
        assert_eq!(extension(profile, true, limit - 1, 4), 1);
        assert_eq!(
            extension(profile, true, limit, 4),
            0,
            "the line is already long"
        );
        assert_eq!(
            extension(profile, false, 1, 4),
            0,
            "only checks and singular moves"
        );
        assert_eq!(extension(profile, true, 1, 0), 0);
    }
}
