//! The games reviewed side by side: each of `--concurrency` threads takes the next game not yet
//! taken and reviews it in a table of its own; the caller's thread hears of every position searched
//! and gets the games back in the file's order, whatever order they finish in.

use super::game::{Annotated, Checked, Reviewer};
use super::input::GameText;
use duel_engine::engine::panic_text;
use duel_engine::search::TranspositionTable;
use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// The table of each thread, in MiB: a game's searches at the default node count fill little of it.
const TABLE_MIB: usize = 16;

/// One game to review.
#[derive(Clone, Copy, Debug)]
pub struct Job<'a> {
    /// Its text.
    pub game: &'a GameText,
    /// What its check found: its game and its moves.
    pub checked: Checked,
}

/// What a thread tells the caller's.
enum Message {
    /// A position was searched.
    Position,
    /// Job `index` is done.
    Done(usize, Result<Annotated, String>),
}

/// What the caller hears while the jobs are reviewed.
pub trait Collector {
    /// A position was searched.
    fn position(&mut self);
    /// The next job in order is done: reviewed, or why not.
    fn game(&mut self, job: Job<'_>, result: Result<Annotated, String>);
}

/// Reviews `jobs` with `reviewer` on `threads` threads, telling `collector` as it goes; it hears of
/// the games in the order of `jobs`.
pub fn review_all(
    jobs: &[Job<'_>],
    reviewer: &Reviewer<'_>,
    threads: usize,
    collector: &mut dyn Collector,
) {
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, jobs.len().max(1)) {
            let sender = sender.clone();
            let next = &next;
            scope.spawn(move || work(jobs, reviewer, next, &sender));
        }
        drop(sender);
        let mut finished = BTreeMap::new();
        let mut due = 0;
        for message in receiver {
            match message {
                Message::Position => collector.position(),
                Message::Done(index, result) => {
                    finished.insert(index, result);
                }
            }
            while let Some(result) = finished.remove(&due) {
                collector.game(jobs[due], result);
                due += 1;
            }
        }
    });
}

/// One thread's work: the next job not yet taken, until none is left. A review that panics (a
/// fault of the engine, not of the game) is that game's error, not the end of the run.
fn work(
    jobs: &[Job<'_>],
    reviewer: &Reviewer<'_>,
    next: &AtomicUsize,
    sender: &mpsc::Sender<Message>,
) {
    let tt = TranspositionTable::new(TABLE_MIB);
    loop {
        let index = next.fetch_add(1, Ordering::Relaxed);
        let Some(job) = jobs.get(index) else {
            return;
        };
        let mut on_position = || {
            let _ = sender.send(Message::Position);
        };
        let result = catch_unwind(AssertUnwindSafe(|| {
            reviewer.annotate(job.game, job.checked.variant, &tt, &mut on_position)
        }))
        .unwrap_or_else(|panic| Err(format!("the review failed: {}", panic_text(&*panic))));
        if sender.send(Message::Done(index, result)).is_err() {
            return;
        }
    }
}
