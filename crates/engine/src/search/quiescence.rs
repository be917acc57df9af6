//! The quiescence search: at the horizon, only tactical moves (captures, promotions: see
//! `SearchHooks::is_tactical`) are searched, and the side to move may also "stand pat" on the
//! static evaluation, so that the evaluation is read in a quiet position. In check there is no
//! standing pat: every move is searched, and having none is scored by the rules.

use super::frame::Frame;
use super::negamax::set_known_check;
use super::ordering::{SKIP_SCORE, pick_next, score_tactical_moves};
use super::score::{Bound, INFINITE};
use super::thread::SearchThread;
use super::tt::TtEntry;
use duel_rules::game::Searchable;

impl<G: Searchable> SearchThread<'_, G> {
    /// The quiescence score of `pos`, `ply` plies from the root, within (alpha, beta).
    #[allow(
        clippy::too_many_lines,
        reason = "one node of the quiescence search, read top to bottom as in every engine (stand \
                  pat, probe, capture loop, store)"
    )]
    pub fn quiescence(
        &mut self,
        pos: &G,
        stack: &mut [Frame<G::Move>],
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let Some((frame, below)) = stack.split_first_mut() else {
            return self.static_eval(pos, ply);
        };
        if let Some(score) = self.settled_before_search(pos, frame, ply) {
            return score;
        }

        // The check test comes before the probe: it gives the prefetch of this slot time to land.
        let in_check = frame.known_check.unwrap_or_else(|| pos.in_check());
        // The parent's answer must be the position's own: checked in every search the unit tests run.
        #[cfg(test)]
        assert_eq!(in_check, pos.in_check(), "known check");
        let pv_node = beta - alpha > 1;
        let key = pos.hash();
        let entry = self.shared.tt.probe(key, ply);
        if let Some(entry) = entry
            && !pv_node
            && entry.bound.settles(entry.score, alpha, beta)
        {
            return entry.score;
        }
        let tt_move = entry
            .and_then(|e| e.mv)
            .and_then(|code| pos.decode_move(code));

        let alpha_at_entry = alpha;
        let mut best = -INFINITE;
        let mut eval = None;
        if !in_check {
            let stand_pat = entry
                .and_then(|e| e.eval)
                .unwrap_or_else(|| self.static_eval(pos, ply));
            eval = Some(stand_pat);
            if stand_pat >= beta {
                // Standing pat needs a move to stand on: a side without any loses (Duel has no
                // stalemate). A table entry for the position proves it has moves (entries are only
                // written after moves were found), which spares most of these generations.
                if entry.is_none() && !pos.has_legal_move() {
                    return self.no_move_score(pos, ply);
                }
                let entry = TtEntry {
                    mv: None,
                    score: stand_pat,
                    eval,
                    depth: 0,
                    bound: Bound::Lower,
                };
                self.shared.tt.store(key, ply, entry);
                return stand_pat;
            }
            best = stand_pat;
            alpha = alpha.max(stand_pat);
        }

        if in_check {
            pos.generate_moves(&mut frame.moves);
        } else {
            pos.generate_tactical_moves(&mut frame.moves);
        }
        // Out of check the list may hold only the tactical moves: an empty one need not mean that
        // there is no move at all.
        if frame.moves.is_empty() && (in_check || !pos.has_legal_move()) {
            return self.no_move_score(pos, ply);
        }
        score_tactical_moves(pos, &frame.moves, &mut frame.scores, tt_move, in_check);
        let mut best_move = None;
        for index in 0..frame.moves.len() {
            let (mv, order) = pick_next(&mut frame.moves, &mut frame.scores, index);
            if order == SKIP_SCORE {
                break;
            }
            let child = pos.make_move(mv);
            self.prefetch(child.hash());
            self.keys.push(child.hash());
            self.played(pos, mv, &child, ply);
            // The move tells the check faster than the child would find it (see
            // `SearchHooks::gives_check`).
            set_known_check(below, Some(pos.gives_check(mv, &child)));
            let score = -self.quiescence(&child, below, -beta, -alpha, ply + 1);
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
                break;
            }
        }

        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_at_entry {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let entry = TtEntry {
            mv: best_move.map(|mv| pos.move_code(mv)),
            score: best,
            eval,
            depth: 0,
            bound,
        };
        self.shared.tt.store(key, ply, entry);
        best
    }
}
