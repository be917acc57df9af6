//! Engine options that shape a search: threads, principal variations, the move overhead, the playing
//! strength and the evaluation.

use super::nnue::Network;
use super::skill::Strength;
use std::sync::Arc;
use std::time::Duration;

/// Settings that come from engine options.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// Whether to evaluate with a net where the game has one (`Use NNUE`); otherwise, and in games
    /// without a net, with the game's hand-written evaluation.
    pub use_net: bool,
    /// The net loaded by `EvalFile`; `None`: the game's embedded net.
    pub net: Option<Arc<Network>>,
}

impl Settings {
    /// The defaults, which the engine options declare: one thread, one line, 10 ms of overhead, full
    /// strength, the game's embedded net.
    pub const DEFAULT: Settings = Settings {
        threads: 1,
        multipv: 1,
        move_overhead: Duration::from_millis(10),
        strength: Strength::FULL,
        use_net: true,
        net: None,
    };
}

impl Default for Settings {
    fn default() -> Self {
        Settings::DEFAULT
    }
}
