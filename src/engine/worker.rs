//! The search worker: one search on its own thread, which passes the search's reports to a
//! [`Listener`] and then exactly one final answer.
//!
//! The protocol's listener ([`super::printer::Printer`]) prints `info` lines and `bestmove`; `duel
//! play` forwards the same calls to its session loop. Both run their searches through this one thread
//! body, with the same fallbacks.
//!
//! The caller keeps reading its input meanwhile; it steers the worker only through the search's
//! [`SearchControl`] flags and the worker thread's park token:
//! - stopping sets the stop flag and unparks; [`Worker::stop`] then joins, so the answer has been
//!   given before the caller goes on.
//! - `go infinite` and `go ponder` hold the answer even when the search ends by itself (the GUI has
//!   not asked for a move yet): the worker parks until `stop` or, when pondering, `ponderhit`.
//! - A panic in the search is caught. The worker then plays the first move of the last reported
//!   principal variation, or else the first legal move, and says why through [`Listener::error`]. The
//!   same fallback covers a search that returns an illegal move, or none while moves exist.
//!
//! The transposition table is moved into the worker and handed back by [`Worker::stop`], so the caller
//! cannot touch it while a search runs and no lock is held while searching.

use super::go::candidates;
use super::panic_text;
use super::table::Table;
use crate::game::{Game, is_legal};
use crate::search::{self, Limits, Report, SearchControl, SearchRequest, SearchResult, Settings};
use std::io;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::thread::{self, JoinHandle};

/// The search to run: it gets the table, the control flags and the report callback.
pub type SearchFn<G> = Box<
    dyn FnOnce(
            &mut Table,
            &SearchControl,
            &mut dyn FnMut(&Report<<G as Game>::Move>),
        ) -> SearchResult<<G as Game>::Move>
        + Send,
>;

/// The engine's search of `root` as a [`SearchFn`]: the one call into `search::run` that the protocol
/// and `duel play` share.
pub fn engine_search<G: Game>(
    root: G,
    history: Vec<u64>,
    limits: Limits<G::Move>,
    settings: Settings,
) -> SearchFn<G> {
    Box::new(move |table, control, report| {
        search::run(
            &SearchRequest {
                root: &root,
                history: &history,
                limits: &limits,
                settings: &settings,
                control,
                tt: table,
            },
            report,
        )
    })
}

/// Who hears what the worker's search says. Every call comes from the worker thread.
pub trait Listener<G: Game>: Send + Sync + 'static {
    /// A progress report of the search.
    fn report(&self, report: &Report<G::Move>);
    /// Something went wrong; a legal move is still given (the message says which).
    fn error(&self, message: &str);
    /// The final answer, always the last call: a legal move of the root (or of `searchmoves`),
    /// `None` only when there is none, and the expected reply when it is legal after it.
    fn finished(&self, best: Option<G::Move>, ponder: Option<G::Move>);
}

/// What the worker needs besides the search itself: the root to check the answer in and to fall back
/// on, and when the answer is to be given.
pub struct Job<G: Game> {
    /// The position searched.
    pub root: G,
    /// The root moves the search is restricted to (`searchmoves`); empty for all.
    pub searchmoves: Vec<G::Move>,
    /// `go infinite`: hold the answer until stopped.
    pub infinite: bool,
    /// `go ponder`: hold the answer until stopped or `ponderhit`.
    pub ponder: bool,
}

/// Room for a deep recursive search on the worker thread; only what is touched is ever committed.
const STACK_BYTES: usize = 64 << 20;

/// A running (or finished, but not yet joined) search.
pub struct Worker {
    control: Arc<SearchControl>,
    thread: JoinHandle<Option<Table>>,
}

impl Worker {
    /// Starts `search` on a new thread, with `table` lent to it, telling `listener` what it finds.
    pub fn start<G: Game>(
        job: Job<G>,
        table: Table,
        search: SearchFn<G>,
        listener: Arc<dyn Listener<G>>,
    ) -> io::Result<Worker> {
        // A fresh control per search: a `stop` meant for an earlier search can never leak into this
        // one, and one sent right after this `go` cannot be lost by a reset.
        let control = Arc::new(SearchControl::default());
        control.pondering.store(job.ponder, Ordering::SeqCst);
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
                    listener.error(&format!(
                        "internal error in the search thread: {}",
                        panic_text(&*payload)
                    ));
                    listener.finished(None, None);
                    None
                })
            })?;
        Ok(Worker { control, thread })
    }

    /// Ends the search: its answer has been given when this returns. Gives back the table, or `None`
    /// when it was lost to an internal error.
    pub fn stop(self) -> Option<Table> {
        self.control.stop.store(true, Ordering::SeqCst);
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
fn work<G: Game>(
    job: Job<G>,
    mut table: Table,
    search: SearchFn<G>,
    control: &SearchControl,
    listener: &dyn Listener<G>,
) -> Option<Table> {
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
            listener.error(match best {
                Some(_) => {
                    "the search chose a move that is not allowed here; playing a legal move instead"
                }
                None => {
                    "the search found no move although there are legal moves; playing one of them"
                }
            });
            (fallback, None)
        }
        Err(payload) => {
            listener.error(&format!(
                "the search failed ({}); playing a legal move instead",
                panic_text(&*payload)
            ));
            // Whatever the search was writing may be half done.
            table.clear();
            (fallback, None)
        }
    };
    let ponder = best
        .zip(ponder)
        .and_then(|(best, ponder)| is_legal(&job.root.make_move(best), ponder).then_some(ponder));
    // The GUI has not asked for a move yet: wait for `stop` (or `ponderhit`). Parking cannot miss the
    // wake-up: an unpark that comes before the park leaves a token that makes the park return.
    while !control.stop.load(Ordering::SeqCst)
        && (job.infinite || control.pondering.load(Ordering::SeqCst))
    {
        thread::park();
    }
    listener.finished(best, ponder);
    Some(table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Duel;
    use crate::protocol::dialect::Dialect;
    use crate::protocol::output::{Capture, Output};
    use crate::protocol::printer::Printer;
    use crate::search::{Bound, Score};
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

    /// The protocol's listener, printing into `capture`.
    fn printer(capture: &Capture) -> Arc<dyn Listener<Duel>> {
        Arc::new(Printer {
            out: Output::new(capture.clone()),
            root: Duel::start(),
            dialect: Dialect::Uci,
            show_multipv: false,
        })
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

    #[test]
    fn a_panicking_search_still_plays_the_last_reported_move() {
        let capture = Capture::default();
        let search: SearchFn<Duel> = Box::new(|_, _, on_report| {
            on_report(&report(vec![mv("H1-H2")]));
            panic!("boom");
        });
        let worker = Worker::start(job(false, false), Table::new(1), search, printer(&capture));
        let table = worker.unwrap().stop();
        assert!(table.is_some());
        let lines = capture.lines();
        assert_eq!(lines.last().unwrap(), "bestmove H1-H2");
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string error: the search failed (boom)"))
        );
    }

    #[test]
    fn a_panic_before_any_report_plays_the_first_legal_move() {
        let capture = Capture::default();
        let search: SearchFn<Duel> = Box::new(|_, _, _| panic!("at once"));
        let worker = Worker::start(job(false, false), Table::new(1), search, printer(&capture));
        worker.unwrap().stop();
        let best = capture.lines().last().unwrap().clone();
        let text = best.strip_prefix("bestmove ").unwrap();
        assert!(Duel::start().parse_move(text).is_ok(), "{best}");
    }

    #[test]
    fn an_illegal_answer_is_replaced() {
        let capture = Capture::default();
        let search: SearchFn<Duel> = Box::new(|_, _, _| SearchResult {
            best: Some(Move::default()),
            ponder: None,
        });
        let worker = Worker::start(job(false, false), Table::new(1), search, printer(&capture));
        worker.unwrap().stop();
        let lines = capture.lines();
        assert!(lines[0].starts_with("info string error: the search chose a move"));
        assert!(
            Duel::start()
                .parse_move(lines[1].strip_prefix("bestmove ").unwrap())
                .is_ok()
        );
    }

    #[test]
    fn infinite_holds_bestmove_until_stop() {
        let capture = Capture::default();
        let search: SearchFn<Duel> = Box::new(|_, _, _| SearchResult {
            best: Some(mv("H1-H2")),
            ponder: None,
        });
        let worker = Worker::start(job(true, false), Table::new(1), search, printer(&capture));
        let worker = worker.unwrap();
        thread::sleep(Duration::from_millis(30));
        assert!(!worker.is_finished());
        assert!(capture.lines().is_empty());
        worker.stop();
        assert_eq!(capture.lines(), ["bestmove H1-H2"]);
    }

    #[test]
    fn ponderhit_releases_a_finished_ponder_search_with_its_ponder_move() {
        let capture = Capture::default();
        let search: SearchFn<Duel> = Box::new(|_, _, _| {
            let best = mv("D1-e6");
            let reply = Duel::start().make_move(best).parse_move("D8-D2").unwrap();
            SearchResult {
                best: Some(best),
                ponder: Some(reply),
            }
        });
        let worker = Worker::start(job(false, true), Table::new(1), search, printer(&capture));
        let worker = worker.unwrap();
        thread::sleep(Duration::from_millis(30));
        assert!(capture.lines().is_empty());
        assert!(worker.ponderhit());
        wait_until_finished(&worker);
        assert!(!worker.ponderhit());
        assert_eq!(capture.lines(), ["bestmove D1-e6 ponder D8-D2"]);
    }
}
