//! The flags through which the protocol steers a running search.

use std::sync::atomic::AtomicBool;

/// Flags the protocol uses to steer a running search.
#[derive(Debug, Default)]
pub struct SearchControl {
    /// Set to end the search as soon as possible.
    pub stop: AtomicBool,
    /// While set, time limits are not enforced (`go ponder`); cleared on `ponderhit`.
    pub pondering: AtomicBool,
}
