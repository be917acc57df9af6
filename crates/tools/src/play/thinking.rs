//! The engine thinking: one search of the session's [`Engine`], the facade the protocol drives too,
//! its reports forwarded to the session loop as [`Event`]s so that the loop can answer the player's
//! input while the search runs.
//!
//! Every search has an id. A search that the session stops because it no longer matters (`undo`,
//! `new`, a move played while a hint was sought) still sends its answer; the id tells the loop to
//! drop it.
//!
//! The search scores in the game's own scale; people are shown its score on the common scale
//! ([`on_common_scale`], as `info` lines and `duel match`'s PGN comments write it) and the chances it
//! gives ([`chances`]).

use super::Event;
use crossbeam_channel::Sender;
use duel_engine::engine::{Engine, Listener, SearchFault};
use duel_engine::search::{Bound, Limits, Report, Score, chances, on_common_scale};
use duel_rules::game::{GameRecord, Wdl, legal_prefix};
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
            "{what} depth {}  score {}  {}  nodes {}  {:.2} s  pv {pv}",
            report.depth,
            score_text(on_common_scale::<G>(report.score), report.bound),
            chances_text(chances(&self.root, report.score)),
            report.nodes,
            report.elapsed.as_secs_f64()
        );
        self.latest_shown = true;
        self.shown_at = Some(Instant::now());
        Some(text)
    }

    /// How the move came about, after `used` of thinking: for the player (`depth 5, score +0.35
    /// W 41% D 30% L 29%, 0.42 s`) and as the PGN comment `duel match` writes (`+0.35/5 0.420s wdl
    /// 412 301 287`), both scores on the common scale.
    pub fn summary(&self, used: Duration) -> (String, String) {
        let seconds = used.as_secs_f64();
        let comment = MoveComment {
            score: self
                .latest
                .as_ref()
                .map(|report| on_common_scale::<G>(report.score)),
            depth: self.latest.as_ref().map(|report| report.depth),
            time: Some(used),
            wdl: self
                .latest
                .as_ref()
                .map(|report| chances(&self.root, report.score)),
        };
        let told = match (&self.latest, comment.score, comment.wdl) {
            (Some(report), Some(score), Some(wdl)) => format!(
                "depth {}, score {} {}, {seconds:.2} s",
                report.depth,
                pgn::score_text(score),
                chances_text(wdl)
            ),
            _ => format!("{seconds:.2} s"),
        };
        (told, comment.to_string())
    }
}

/// The chances for people, from the thinking side's point of view: `W 41% D 30% L 29%`, each rounded
/// to a whole percent.
fn chances_text(wdl: Wdl) -> String {
    let percent = |per_mille: u32| (per_mille + 5) / 10;
    format!(
        "W {}% D {}% L {}%",
        percent(wdl.win),
        percent(wdl.draw),
        percent(wdl.loss)
    )
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
    use duel_rules::game::{Evaluation, Game};
    use duel_rules::games::Duel;

    #[test]
    fn scores_for_people() {
        assert_eq!(score_text(Score::Centipawns(35), Bound::Exact), "+0.35");
        assert_eq!(score_text(Score::Centipawns(-120), Bound::Exact), "-1.20");
        assert_eq!(score_text(Score::Mate(3), Bound::Exact), "+M3");
        assert_eq!(score_text(Score::Mate(-2), Bound::Lower), ">=-M2");
    }

    #[test]
    fn chances_for_people() {
        let even = Wdl {
            win: 412,
            draw: 301,
            loss: 287,
        };
        assert_eq!(chances_text(even), "W 41% D 30% L 29%");
        assert_eq!(chances_text(Wdl::certain(1.0)), "W 100% D 0% L 0%");
        let rounded = Wdl {
            win: 995,
            draw: 0,
            loss: 5,
        };
        assert_eq!(chances_text(rounded), "W 100% D 0% L 1%");
    }

    #[test]
    fn thinking_shows_the_common_scale_and_the_chances() {
        let root = Duel::start();
        let mut thinking = Thinking {
            id: 1,
            purpose: Purpose::Move,
            root,
            started: Instant::now(),
            latest: None,
            latest_shown: false,
            shown_at: None,
        };
        // About +1.00 on the common scale, a score of another size in the game's own.
        let own = Score::Centipawns(Duel::win_rate_model().from_centipawns(100));
        let common = pgn::score_text(on_common_scale::<Duel>(own));
        assert_ne!(common, pgn::score_text(own));
        let report = Report {
            depth: 3,
            seldepth: 4,
            multipv: 1,
            score: own,
            bound: Bound::Exact,
            nodes: 100,
            elapsed: Duration::from_millis(5),
            hashfull: 0,
            tbhits: None,
            pv: Vec::new(),
        };
        let wdl = chances_text(chances(&root, own));
        let line = thinking.report(report, true).unwrap();
        assert!(
            line.contains(&format!("  score {common}  {wdl}  ")),
            "{line}"
        );
        let (told, comment) = thinking.summary(Duration::from_millis(420));
        assert_eq!(told, format!("depth 3, score {common} {wdl}, 0.42 s"));
        assert_eq!(
            comment,
            format!("{common}/3 0.420s wdl {}", chances(&root, own))
        );
    }
}
