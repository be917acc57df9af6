//! The engine thinking: one search of the session's [`Engine`], the facade the protocol drives too,
//! its reports forwarded to the session loop as [`Event`]s so that the loop can answer the player's
//! input while the search runs.
//!
//! Every search has an id. A search that the session stops because it no longer matters (`undo`,
//! `new`, a move played while a hint was sought) still sends its answer; the id tells the loop to
//! drop it.

use super::Event;
use crossbeam_channel::Sender;
use duel_engine::engine::{Engine, Listener, SearchFault};
use duel_engine::search::{Bound, Limits, Report, Score};
use duel_rules::game::{GameRecord, legal_prefix};
use duel_rules::games::HostedGame;
use duel_rules::record::pgn::{self, MoveComment};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a search says, as the session loop receives it.
#[derive(Debug)]
pub enum SearchEvent<M> {
    /// Progress.
    Report(Report<M>),
    /// A problem; a legal move still follows.
    Error(String),
    /// The answer (legal; `None` only when there is no legal move).
    Finished(Option<M>),
}

/// Why the engine thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// To play its move.
    Move,
    /// To suggest a move to the player (`hint`).
    Hint,
}

/// How often progress is shown: on a terminal the line is rewritten, through a pipe each report is
/// a line of its own, so fewer of them.
const LIVE_INTERVAL: Duration = Duration::from_millis(50);
const LINE_INTERVAL: Duration = Duration::from_millis(250);

/// The search's listener: sends everything to the session loop, tagged with the search's id.
struct Forwarder<M> {
    id: u64,
    events: Sender<Event<M>>,
}

impl<M> Forwarder<M> {
    fn send(&self, event: SearchEvent<M>) {
        // A closed channel means the session has ended; nobody is left to tell.
        let _ = self.events.send(Event::Search { id: self.id, event });
    }
}

impl<G: HostedGame> Listener<G> for Forwarder<G::Move> {
    fn report(&self, report: &Report<G::Move>) {
        self.send(SearchEvent::Report(report.clone()));
    }

    fn fault(&self, fault: &SearchFault) {
        self.send(SearchEvent::Error(fault.to_string()));
    }

    fn finished(&self, best: Option<G::Move>, _ponder: Option<G::Move>) {
        self.send(SearchEvent::Finished(best));
    }
}

/// A running search and what it has reported.
pub struct Thinking<G: HostedGame> {
    /// Tells this search's events from those of earlier ones.
    pub id: u64,
    /// Why it runs.
    pub purpose: Purpose,
    /// The position searched.
    pub root: G,
    /// When it started.
    pub started: Instant,
    latest: Option<Report<G::Move>>,
    latest_shown: bool,
    shown_at: Option<Instant>,
}

impl<G: HostedGame> Thinking<G> {
    /// Starts `engine` searching the current position of `record` within `limits`; its events go to
    /// `events`. The answer comes as an event even if no search thread can be started.
    pub fn start(
        id: u64,
        purpose: Purpose,
        engine: &mut Engine<G>,
        record: &GameRecord<G>,
        limits: Limits<G::Move>,
        events: Sender<Event<G::Move>>,
    ) -> Thinking<G> {
        engine.set_position(record.clone());
        engine.go(limits, Arc::new(Forwarder { id, events }));
        Thinking {
            id,
            purpose,
            root: record.current().clone(),
            started: Instant::now(),
            latest: None,
            latest_shown: false,
            shown_at: None,
        }
    }

    /// Takes in a report; returns the progress line to show, when one is due.
    pub fn report(&mut self, report: Report<G::Move>, live: bool) -> Option<String> {
        self.latest = Some(report);
        self.latest_shown = false;
        let interval = if live { LIVE_INTERVAL } else { LINE_INTERVAL };
        if self.shown_at.is_some_and(|at| at.elapsed() < interval) {
            return None;
        }
        self.progress()
    }

    /// The progress line of the latest report, if it has not been shown yet.
    pub fn unshown(&mut self) -> Option<String> {
        if self.latest_shown {
            None
        } else {
            self.progress()
        }
    }

    fn progress(&mut self) -> Option<String> {
        let report = self.latest.as_ref()?;
        let who = self.root.side_to_move().name();
        let what = match self.purpose {
            Purpose::Move => format!("{who} thinking:"),
            Purpose::Hint => format!("hint for {who}:"),
        };
        let pv = legal_prefix(&self.root, &report.pv).join(" ");
        let text = format!(
            "{what} depth {}  score {}  nodes {}  {:.2} s  pv {pv}",
            report.depth,
            score_text(report.score, report.bound),
            report.nodes,
            report.elapsed.as_secs_f64()
        );
        self.latest_shown = true;
        self.shown_at = Some(Instant::now());
        Some(text)
    }

    /// How the move came about, after `used` of thinking: for the player (`depth 5, score +0.35,
    /// 0.42 s`) and as the PGN comment `duel match` writes (`+0.35/5 0.420s`).
    pub fn summary(&self, used: Duration) -> (String, String) {
        let seconds = used.as_secs_f64();
        let comment = MoveComment {
            score: self.latest.as_ref().map(|report| report.score),
            depth: self.latest.as_ref().map(|report| report.depth),
            time: Some(used),
        };
        let told = match &self.latest {
            Some(report) => format!(
                "depth {}, score {}, {seconds:.2} s",
                report.depth,
                pgn::score_text(report.score)
            ),
            None => format!("{seconds:.2} s"),
        };
        (told, comment.to_string())
    }
}

/// A score for people, from the thinking side's point of view, as PGN comments write it (`+0.35`,
/// `-M2`); a bound is marked `>=` or `<=`.
fn score_text(score: Score, bound: Bound) -> String {
    let value = pgn::score_text(score);
    match bound {
        Bound::Exact => value,
        Bound::Lower => format!(">={value}"),
        Bound::Upper => format!("<={value}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_for_people() {
        assert_eq!(score_text(Score::Centipawns(35), Bound::Exact), "+0.35");
        assert_eq!(score_text(Score::Centipawns(-120), Bound::Exact), "-1.20");
        assert_eq!(score_text(Score::Mate(3), Bound::Exact), "+M3");
        assert_eq!(score_text(Score::Mate(-2), Bound::Lower), ">=-M2");
    }
}
