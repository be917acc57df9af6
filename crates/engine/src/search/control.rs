//! The flags through which the protocol steers a running search.

use super::clock::Instant;
use parking_lot::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// Flags the protocol uses to steer a running search. The search polls them; setting one never blocks.
#[derive(Debug, Default)]
pub struct SearchControl {
    /// Set to end the search as soon as possible.
    stop: AtomicBool,
    /// While set, time limits are not enforced (`go ponder`); cleared by [`SearchControl::ponderhit`],
    /// which also records when it happened.
    pondering: AtomicBool,
    /// When the last `ponderhit` arrived: the time limits count from there.
    ponderhit_at: Mutex<Option<Instant>>,
}

impl SearchControl {
    /// Flags for a search that is neither stopped nor pondering.
    pub fn new() -> Self {
        SearchControl::default()
    }

    /// Asks the search to end as soon as possible: it looks at its next node.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Release);
    }

    /// Suspends the time limits until [`SearchControl::ponderhit`] (`go ponder`); set before the
    /// search starts.
    pub fn start_pondering(&self) {
        self.pondering.store(true, Ordering::Release);
    }

    /// The opponent played the expected move: records the instant, then ends pondering, so that the
    /// running search counts its time limits from now instead of from `go`. Returns whether the search
    /// was pondering.
    pub fn ponderhit(&self) -> bool {
        *self.ponderhit_at.lock() = Some(Instant::now());
        // Release: a search that sees the flag cleared also sees the instant recorded above.
        self.pondering.swap(false, Ordering::AcqRel)
    }

    /// When [`SearchControl::ponderhit`] was last called, if ever.
    pub fn ponderhit_instant(&self) -> Option<Instant> {
        *self.ponderhit_at.lock()
    }

    /// Whether the search must stop now.
    #[inline]
    pub fn stopped(&self) -> bool {
        // Relaxed: polled at every node, and nothing is read on the strength of it. The worker that
        // parks until a stop is woken by `unpark`, which orders the store before its wake-up.
        self.stop.load(Ordering::Relaxed)
    }

    /// Whether the search is pondering (time limits suspended).
    #[inline]
    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Acquire)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ponderhit_records_the_instant_and_ends_pondering() {
        let control = SearchControl::new();
        control.start_pondering();
        assert!(control.is_pondering());
        assert_eq!(control.ponderhit_instant(), None);
        let before = Instant::now();
        assert!(control.ponderhit());
        assert!(!control.is_pondering());
        assert!(!control.ponderhit(), "no longer pondering");
        assert!(control.ponderhit_instant().is_some_and(|t| t >= before));
    }
}
