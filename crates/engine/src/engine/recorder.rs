//! A listener for tests: it writes down everything it hears.

use super::fault::SearchFault;
use super::listener::Listener;
use crate::search::Report;
use duel_rules::game::Game;
use parking_lot::Mutex;
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

/// What a listener heard.
#[derive(Debug, PartialEq)]
pub enum Heard<M> {
    /// A report, by its principal variation.
    Report(Vec<M>),
    /// A fault, as its message.
    Fault(String),
    /// The answer.
    Finished(Option<M>, Option<M>),
}

/// Everything heard so far, in order; clones share it.
pub struct Recorder<G: Game>(Arc<Mutex<Vec<Heard<G::Move>>>>);

impl<G: Game> Clone for Recorder<G> {
    fn clone(&self) -> Self {
        Recorder(Arc::clone(&self.0))
    }
}

impl<G: Game> Default for Recorder<G> {
    fn default() -> Self {
        Recorder(Arc::default())
    }
}

impl<G: Game> Recorder<G> {
    /// Takes what was heard since the last call.
    pub fn heard(&self) -> Vec<Heard<G::Move>> {
        std::mem::take(&mut *self.0.lock())
    }

    /// Waits (at most ten seconds) until the answer has come; then takes what was heard.
    pub fn wait_finished(&self) -> Vec<Heard<G::Move>> {
        let deadline = Instant::now() + Duration::from_secs(10);
        while !matches!(self.0.lock().last(), Some(Heard::Finished(..))) {
            assert!(Instant::now() < deadline, "no answer came");
            thread::sleep(Duration::from_millis(1));
        }
        self.heard()
    }
}

impl<G: Game> Listener<G> for Recorder<G> {
    fn report(&self, report: &Report<G::Move>) {
        self.0.lock().push(Heard::Report(report.pv.clone()));
    }

    fn fault(&self, fault: &SearchFault) {
        self.0.lock().push(Heard::Fault(fault.to_string()));
    }

    fn finished(&self, best: Option<G::Move>, ponder: Option<G::Move>) {
        self.0.lock().push(Heard::Finished(best, ponder));
    }
}
