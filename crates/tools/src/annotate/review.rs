//! One game reviewed: every position searched once, in order, with the game's earlier positions as
//! history (for repetitions) and a table emptied at the game's start, so that the review depends on
//! the game and the limits alone (at a node count or a depth). The search of the position before a
//! move gives the mover's expected result and the best line; the search of the position after it,
//! seen from the mover's side, what the move played kept of it.

use duel_engine::search::{
    self, Limits, Score, SearchControl, SearchRequest, Settings, TranspositionTable, chances,
};
use duel_rules::game::{GameRecord, Outcome, Side, Wdl};
use duel_rules::games::HostedGame;
use duel_rules::record::review::{Judgment, loss};
use std::time::Duration;

/// What a search found in one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Searched<M> {
    /// The best move's score, in the game's own scale, for the side to move.
    pub score: Score,
    /// The depth the search completed.
    pub depth: u32,
    /// The chances that score gives the side to move (`chances`).
    pub wdl: Wdl,
    /// The principal variation, the best move first (never empty).
    pub line: Vec<M>,
}

/// One position of the game as the review sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionVerdict<M> {
    /// The side to move.
    pub side: Side,
    /// The side to move's expected result in percent (a win 100, a draw 50).
    pub expected: f64,
    /// The search of the position; `None` where the game was over in it.
    pub searched: Option<Searched<M>>,
}

impl<M> PositionVerdict<M> {
    /// The expected result of `side` in percent.
    pub fn expected_for(&self, side: Side) -> f64 {
        if side == self.side {
            self.expected
        } else {
            100.0 - self.expected
        }
    }
}

/// One move as the review judges it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveReview<M> {
    /// Who made it.
    pub mover: Side,
    /// The move.
    pub played: M,
    /// The mover's expected result in percent before it (the best move's).
    pub before: f64,
    /// The mover's expected result in percent after it.
    pub after: f64,
    /// How bad it was, if bad enough to mark: never for the engine's own best move.
    pub judgment: Option<Judgment>,
}

impl<M> MoveReview<M> {
    /// The points of expected result the move gave away (never below 0).
    pub fn loss(&self) -> f64 {
        loss(self.before, self.after)
    }
}

/// A game reviewed: its positions up to the end of the game (or of its moves), one more than the
/// moves reviewed. Moves played after the game was over are not reviewed.
#[derive(Clone, Debug)]
pub struct GameReview<M> {
    /// The verdict of each position, the start first.
    pub positions: Vec<PositionVerdict<M>>,
    /// The verdict of each move reviewed.
    pub moves: Vec<MoveReview<M>>,
}

impl<M> GameReview<M> {
    /// White's expected result in percent in each position, the start first.
    pub fn white_percents(&self) -> Vec<f64> {
        self.positions
            .iter()
            .map(|p| p.expected_for(Side::White))
            .collect()
    }
}

/// How long each position is searched: every limit given applies, the first reached ends the
/// search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// About this many nodes.
    pub nodes: Option<u64>,
    /// This long.
    pub movetime: Option<Duration>,
    /// This depth.
    pub depth: Option<u32>,
}

impl SearchLimits {
    /// The search's limits for a game whose moves are `M`.
    fn limits<M>(&self) -> Limits<M> {
        Limits {
            nodes: self.nodes,
            movetime: self.movetime,
            depth: self.depth,
            ..Limits::default()
        }
    }
}

/// Reviews `record` with searches limited by `limits` in the table `tt` (emptied first), calling
/// `on_position` after each position is searched.
pub fn review<G: HostedGame>(
    record: &GameRecord<G>,
    limits: &SearchLimits,
    tt: &TranspositionTable,
    on_position: &mut dyn FnMut(),
) -> GameReview<G::Move> {
    tt.clear();
    let mut replayed = GameRecord::new(record.start().clone());
    let mut positions = Vec::new();
    let mut moves = record.moves().iter();
    loop {
        let verdict = verdict(&replayed, limits, tt);
        let over = verdict.searched.is_none();
        positions.push(verdict);
        on_position();
        match moves.next() {
            Some(&mv) if !over => replayed.play(mv),
            _ => break,
        }
    }
    let moves = judge(&positions, record.moves());
    GameReview { positions, moves }
}

/// Each move between two positions judged: its expected results before and after, and a mark
/// for a loss past lichess's thresholds where the move is not the engine's best.
fn judge<M: Copy + PartialEq>(positions: &[PositionVerdict<M>], moves: &[M]) -> Vec<MoveReview<M>> {
    positions
        .windows(2)
        .zip(moves)
        .map(|(pair, &played)| {
            let [before, after] = [&pair[0], &pair[1]];
            let mover = before.side;
            let mut review = MoveReview {
                mover,
                played,
                before: before.expected,
                after: after.expected_for(mover),
                judgment: None,
            };
            let best = before.searched.as_ref().map(|s| s.line[0]);
            // A shallow search's noise can make its own best move look like a loss; that move is
            // not marked.
            if best != Some(played) {
                review.judgment = Judgment::of_loss(review.loss());
            }
            review
        })
        .collect()
}

/// The verdict of the current position of `record`: the game's result where it is over, else the
/// search's.
fn verdict<G: HostedGame>(
    record: &GameRecord<G>,
    limits: &SearchLimits,
    tt: &TranspositionTable,
) -> PositionVerdict<G::Move> {
    let position = record.current();
    let side = position.side_to_move();
    let end = record.termination();
    let searched = match end {
        Some(_) => None,
        None => search_position(record, limits, tt),
    };
    let expected = match (&searched, end) {
        (Some(searched), _) => searched.wdl.expected_percent(),
        (None, Some(end)) => percent(end.outcome(), side),
        (None, None) => percent(position.no_move_outcome(), side),
    };
    PositionVerdict {
        side,
        expected,
        searched,
    }
}

/// The search of the current position of `record`, which has legal moves: its score, depth and
/// principal variation. A search stopped before its first depth was done is done again to depth 1,
/// so that every position gets a score. `None` only for a position without a move.
fn search_position<G: HostedGame>(
    record: &GameRecord<G>,
    limits: &SearchLimits,
    tt: &TranspositionTable,
) -> Option<Searched<G::Move>> {
    let first = run(record, &limits.limits(), tt);
    if first.is_some() {
        return first;
    }
    let depth_one = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    run(record, &depth_one, tt)
}

/// One search of the current position of `record` within `limits`, on one thread, with no time
/// kept back; `None` when it completed no depth or found no move.
fn run<G: HostedGame>(
    record: &GameRecord<G>,
    limits: &Limits<G::Move>,
    tt: &TranspositionTable,
) -> Option<Searched<G::Move>> {
    let settings = Settings {
        move_overhead: Duration::ZERO,
        ..Settings::DEFAULT
    };
    let request = SearchRequest {
        root: record.current(),
        history: record.earlier_keys(),
        limits,
        settings: &settings,
        control: &SearchControl::new(),
        tt,
    };
    let mut line = Vec::new();
    let summary = search::run_detailed(&request, &mut |report| {
        if report.multipv == 1 {
            line.clone_from(&report.pv);
        }
    });
    let best = summary.result.best?;
    // The last depth's line, unless a later, unfinished depth changed the move.
    if line.first() != Some(&best) {
        line = vec![best];
    }
    let score = summary.score?;
    Some(Searched {
        score,
        depth: summary.depth,
        wdl: chances(record.current(), score),
        line,
    })
}

/// The result `outcome` as `side`'s expected result in percent.
fn percent(outcome: Outcome, side: Side) -> f64 {
    outcome.score_for(side) * 100.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_rules::game::{Game, MoveList};
    use duel_rules::games::{Dame, Duel};

    fn limits(nodes: u64) -> SearchLimits {
        SearchLimits {
            nodes: Some(nodes),
            movetime: None,
            depth: None,
        }
    }

    /// The first `plies` moves of the engine's own play from the start.
    fn engine_game<G: HostedGame>(plies: usize) -> GameRecord<G> {
        let tt = TranspositionTable::new(1);
        let mut record = GameRecord::new(G::start());
        for _ in 0..plies {
            let searched = search_position(&record, &limits(500), &tt).unwrap();
            record.play(searched.line[0]);
        }
        record
    }

    #[test]
    fn every_position_is_searched_once_and_the_review_repeats() {
        let record = engine_game::<Dame>(6);
        let tt = TranspositionTable::new(1);
        let mut searched = 0;
        let review = review(&record, &limits(500), &tt, &mut || searched += 1);
        assert_eq!(searched, 7);
        assert_eq!(review.positions.len(), 7);
        assert_eq!(review.moves.len(), 6);
        for (pair, mv) in review.positions.windows(2).zip(&review.moves) {
            assert_eq!(mv.before, pair[0].expected);
            assert_eq!(mv.after, 100.0 - pair[1].expected);
        }
        let again = super::review(&record, &limits(500), &tt, &mut || {});
        assert_eq!(again.positions, review.positions);
    }

    #[test]
    fn the_engine_s_own_moves_are_never_marked() {
        let record = engine_game::<Duel>(8);
        let tt = TranspositionTable::new(1);
        let review = review(&record, &limits(500), &tt, &mut || {});
        assert!(review.moves.iter().all(|m| m.judgment.is_none()));
    }

    #[test]
    fn a_game_that_ended_is_not_searched_past_its_end() {
        // Random moves until the game is over.
        let mut rng = duel_rules::game::Rng::new(11);
        let mut moves = MoveList::new();
        let mut record = GameRecord::new(Duel::start());
        while record.termination().is_none() {
            record.current().generate_moves(&mut moves);
            record.play(*rng.pick(&moves).unwrap());
        }
        let end = record.termination().unwrap().outcome();
        let tt = TranspositionTable::new(1);
        let review = review(&record, &limits(50), &tt, &mut || {});
        let last = review.positions.last().unwrap();
        assert!(last.searched.is_none());
        assert_eq!(last.expected, percent(end, last.side));
        assert_eq!(review.moves.len(), record.moves().len());
    }
}
