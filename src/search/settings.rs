//! Engine options that shape a search: threads, principal variations, the move overhead and the
//! playing strength.

use super::skill::Strength;
use std::time::Duration;

/// Settings that come from engine options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Search threads (Lazy SMP: every thread searches the whole tree, sharing the transposition
    /// table; the first one reports and decides).
    pub threads: usize,
    /// Principal variations to report.
    pub multipv: usize,
    /// Time kept back per move for communication.
    pub move_overhead: Duration,
    /// The playing strength (`Skill Level`, `UCI_LimitStrength`, `UCI_Elo`).
    pub strength: Strength,
}

impl Settings {
    /// The defaults, which the engine options declare: one thread, one line, 10 ms of overhead, full
    /// strength.
    pub const DEFAULT: Settings = Settings {
        threads: 1,
        multipv: 1,
        move_overhead: Duration::from_millis(10),
        strength: Strength::FULL,
    };
}

impl Default for Settings {
    fn default() -> Self {
        Settings::DEFAULT
    }
}
