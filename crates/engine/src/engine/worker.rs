//! The worker: one search on its own thread, which passes the search's reports to a [`Listener`] and
//! then exactly one final answer.
//!
//! The caller keeps reading its input meanwhile; it steers the worker only through the search's
//! [`SearchControl`] flags and the worker thread's park token:
//! - stopping sets the stop flag and unparks; [`Worker::stop`] then joins, so the answer has been
//!   given before the caller goes on.
//! - `go infinite` and `go ponder` hold the answer even when the search ends by itself (the GUI has
//!   not asked for a move yet): the worker parks until `stop` or, when pondering, `ponderhit`.
//! - A panic in the search is caught. The worker then plays the first move of the last reported
//!   principal variation, or else the first legal move, and says why through [`Listener::fault`].
//!   The same fallback covers a search that returns an illegal move, or none while moves exist.
//!
//! The transposition table is moved into the worker and handed back by [`Worker::stop`], so the caller
//! cannot touch it while a search runs and no lock is held while searching.

use super::fault::SearchFault;
use super::listener::Listener;
use super::panic::panic_text;
use crate::search::{Report, SearchControl, SearchResult, TranspositionTable};
use duel_rules::game::{Game, MoveList, Searchable, is_legal};
use std::io;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::thread::{self, JoinHandle};

/// The search to run: it gets the table, the control flags and the report callback. The engine's is
/// `search::run` on its position; tests put in searches that fail on purpose.
pub type SearchFn<G> = Box<
    dyn FnOnce(
            &mut TranspositionTable,
            &SearchControl,
            &mut dyn FnMut(&Report<<G as Game>::Move>),
        ) -> SearchResult<<G as Game>::Move>
        + Send,
>;

/// What the worker needs besides the search itself: the root to check the answer in and to fall back
/// on, and when the answer is to be given.
pub struct Job<G: Searchable> {
    /// The position searched.
    pub root: G,
    /// The root moves the search is restricted to (`searchmoves`); empty for all.
    pub searchmoves: Vec<G::Move>,
    /// `go infinite`: hold the answer until stopped.
    pub infinite: bool,
    /// `go ponder`: hold the answer until stopped or `ponderhit`.
    pub ponder: bool,
}

/// The legal moves a search may choose from in `root`: all of them, or those of `searchmoves`.
pub fn candidates<G: Searchable>(root: &G, searchmoves: &[G::Move]) -> MoveList<G::Move> {
    let mut moves = MoveList::new();
    root.generate_moves(&mut moves);
    if !searchmoves.is_empty() {
        moves.retain(|mv| searchmoves.contains(&mv));
    }
    moves
}

/// Room for a deep recursive search on the worker thread; only what is touched is ever committed.
const STACK_BYTES: usize = 64 << 20;

/// A running (or finished, but not yet joined) search.
pub struct Worker {
    control: Arc<SearchControl>,
    thread: JoinHandle<Option<TranspositionTable>>,
}

impl Worker {
    /// Starts `search` on a new thread, with `table` lent to it, telling `listener` what it finds.
    pub fn start<G: Searchable>(
        job: Job<G>,
        table: TranspositionTable,
        search: SearchFn<G>,
        listener: Arc<dyn Listener<G>>,
    ) -> io::Result<Worker> {
        // A fresh control per search: a `stop` meant for an earlier search can never leak into this
        // one, and one sent right after this `go` cannot be lost by a reset.
        let control = Arc::new(SearchControl::default());
        if job.ponder {
            control.start_pondering();
        }
        let flags = Arc::clone(&control);
        let thread = thread::Builder::new()
            .name("search".into())
            .stack_size(STACK_BYTES)
            .spawn(move || {
                let worked = catch_unwind(AssertUnwindSafe(|| {
                    work(job, table, search, &flags, &*listener)
                }));
                worked.unwrap_or_else(|payload| {
                    // `work` gives its answer as its very last step, so a panic here came before it.
                    listener.fault(&SearchFault::Internal(panic_text(&*payload)));
                    listener.finished(None, None);
                    None
                })
            })?;
        Ok(Worker { control, thread })
    }

    /// Ends the search: its answer has been given when this returns. Gives back the table, or `None`
    /// when it was lost to an internal error.
    pub fn stop(self) -> Option<TranspositionTable> {
        self.control.stop();
        self.thread.thread().unpark();
        self.thread.join().ok().flatten()
    }

    /// Turns a pondering search into a normal one. False when the search is not pondering.
    pub fn ponderhit(&self) -> bool {
        // Records the instant: the time limits count from the ponderhit.
        let was_pondering = self.control.ponderhit();
        self.thread.thread().unpark();
        was_pondering
    }

    /// Whether the thread has ended (its answer given).
    pub fn is_finished(&self) -> bool {
        self.thread.is_finished()
    }
}

/// The worker thread's body: search, choose a legal move, hold it if asked, give it.
fn work<G: Searchable>(
    job: Job<G>,
    mut table: TranspositionTable,
    search: SearchFn<G>,
    control: &SearchControl,
    listener: &dyn Listener<G>,
) -> Option<TranspositionTable> {
    let mut reported_best = None;
    let searched = {
        let mut on_report = |report: &Report<G::Move>| {
            if report.multipv <= 1 {
                reported_best = report.pv.first().copied();
            }
            listener.report(report);
        };
        catch_unwind(AssertUnwindSafe(|| {
            search(&mut table, control, &mut on_report)
        }))
    };
    let (best, ponder) = checked_answer(&job, searched, reported_best, listener, &mut table);
    // The GUI has not asked for a move yet: wait for `stop` (or `ponderhit`). Parking cannot miss the
    // wake-up: an unpark that comes before the park leaves a token that makes the park return.
    while !control.stopped() && (job.infinite || control.is_pondering()) {
        thread::park();
    }
    listener.finished(best, ponder);
    Some(table)
}

/// The answer to give for `searched`, the outcome of a search of `job.root`: its move when it is
/// allowed, else the last reported one or the first allowed (the listener hears why); the ponder move
/// only when it is legal after the best. A panicked search's table is cleared.
pub fn checked_answer<G: Searchable>(
    job: &Job<G>,
    searched: thread::Result<SearchResult<G::Move>>,
    reported_best: Option<G::Move>,
    listener: &dyn Listener<G>,
    table: &mut TranspositionTable,
) -> (Option<G::Move>, Option<G::Move>) {
    let allowed = candidates(&job.root, &job.searchmoves);
    let fallback = reported_best
        .filter(|mv| allowed.contains(mv))
        .or_else(|| allowed.first().copied());
    let (best, ponder) = match searched {
        Ok(SearchResult {
            best: Some(best),
            ponder,
        }) if allowed.contains(&best) => (Some(best), ponder),
        Ok(SearchResult { best: None, .. }) if allowed.is_empty() => (None, None),
        Ok(SearchResult { best, .. }) => {
            listener.fault(&match best {
                Some(_) => SearchFault::MoveNotAllowed,
                None => SearchFault::NoMove,
            });
            (fallback, None)
        }
        Err(payload) => {
            listener.fault(&SearchFault::SearchFailed(panic_text(&*payload)));
            // Whatever the search was writing may be half done.
            table.clear();
            (fallback, None)
        }
    };
    let ponder = best
        .zip(ponder)
        .and_then(|(best, ponder)| is_legal(&job.root.make_move(best), ponder).then_some(ponder));
    (best, ponder)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::recorder::{Heard, Recorder};
    use crate::search::{Bound, Score};
    use duel_rules::games::Duel;
    use std::time::{Duration, Instant};

    type Move = <Duel as Game>::Move;

    fn job(infinite: bool, ponder: bool) -> Job<Duel> {
        Job {
            root: Duel::start(),
            searchmoves: Vec::new(),
            infinite,
            ponder,
        }
    }

    /// Starts `search` on a worker with a small table, telling `recorder`.
    fn start(job: Job<Duel>, search: SearchFn<Duel>, recorder: &Recorder<Duel>) -> Worker {
        let listener = Arc::new(recorder.clone());
        Worker::start(job, TranspositionTable::new(1), search, listener).expect("a thread starts")
    }

    fn report(pv: Vec<Move>) -> Report<Move> {
        Report {
            depth: 1,
            seldepth: 1,
            multipv: 1,
            score: Score::Centipawns(0),
            bound: Bound::Exact,
            nodes: 1,
            elapsed: Duration::ZERO,
            hashfull: 0,
            tbhits: None,
            pv,
        }
    }

    fn mv(text: &str) -> Move {
        Duel::start().parse_move(text).unwrap()
    }

    fn wait_until_finished(worker: &Worker) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while !worker.is_finished() {
            assert!(Instant::now() < deadline, "the worker did not finish");
            thread::sleep(Duration::from_millis(1));
        }
    }

    fn is_legal_at_start(mv: Move) -> bool {
        candidates(&Duel::start(), &[]).contains(&mv)
    }

    #[test]
    fn a_panicking_search_still_plays_the_last_reported_move() {
        let recorder = Recorder::<Duel>::default();
        let search: SearchFn<Duel> = Box::new(|_, _, on_report| {
            on_report(&report(vec![mv("H1-H2")]));
            panic!("boom");
        });
        let worker = start(job(false, false), search, &recorder);
        let table = worker.stop();
        assert!(table.is_some());
        let heard = recorder.heard();
        assert_eq!(
            heard.last().unwrap(),
            &Heard::Finished(Some(mv("H1-H2")), None)
        );
        assert!(
            heard.iter().any(
                |h| matches!(h, Heard::Fault(text) if text.starts_with("the search failed (boom)"))
            ),
            "{heard:?}"
        );
    }

    #[test]
    fn a_panic_before_any_report_plays_the_first_legal_move() {
        let recorder = Recorder::<Duel>::default();
        let search: SearchFn<Duel> = Box::new(|_, _, _| panic!("at once"));
        let worker = start(job(false, false), search, &recorder);
        worker.stop();
        let heard = recorder.heard();
        assert!(
            matches!(heard.last(), Some(&Heard::Finished(Some(best), None)) if is_legal_at_start(best)),
            "{heard:?}"
        );
    }

    #[test]
    fn an_illegal_answer_is_replaced() {
        let recorder = Recorder::<Duel>::default();
        let search: SearchFn<Duel> = Box::new(|_, _, _| SearchResult {
            best: Some(Move::default()),
            ponder: None,
        });
        let worker = start(job(false, false), search, &recorder);
        worker.stop();
        let heard = recorder.heard();
        assert!(
            matches!(&heard[0], Heard::Fault(text) if text.starts_with("the search chose a move")),
            "{heard:?}"
        );
        assert!(
            matches!(heard[1], Heard::Finished(Some(best), None) if is_legal_at_start(best)),
            "{heard:?}"
        );
    }

    #[test]
    fn infinite_holds_bestmove_until_stop() {
        let recorder = Recorder::<Duel>::default();
        let search: SearchFn<Duel> = Box::new(|_, _, _| SearchResult {
            best: Some(mv("H1-H2")),
            ponder: None,
        });
        let worker = start(job(true, false), search, &recorder);
        thread::sleep(Duration::from_millis(30));
        assert!(!worker.is_finished());
        assert!(recorder.heard().is_empty());
        worker.stop();
        assert_eq!(recorder.heard(), [Heard::Finished(Some(mv("H1-H2")), None)]);
    }

    #[test]
    fn ponderhit_releases_a_finished_ponder_search_with_its_ponder_move() {
        let recorder = Recorder::<Duel>::default();
        let best = mv("D1-e6");
        let reply = Duel::start().make_move(best).parse_move("D8-D2").unwrap();
        let search: SearchFn<Duel> = Box::new(move |_, _, _| SearchResult {
            best: Some(best),
            ponder: Some(reply),
        });
        let worker = start(job(false, true), search, &recorder);
        thread::sleep(Duration::from_millis(30));
        assert!(recorder.heard().is_empty());
        assert!(worker.ponderhit());
        wait_until_finished(&worker);
        assert!(!worker.ponderhit());
        assert_eq!(recorder.heard(), [Heard::Finished(Some(best), Some(reply))]);
    }
}
