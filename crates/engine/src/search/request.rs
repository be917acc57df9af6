//! One search to run: the position and its history, the limits and settings, and the control flags
//! and table it works with.

use super::control::SearchControl;
use super::limits::Limits;
use super::settings::Settings;
use super::tt::TranspositionTable;
use duel_rules::game::Game;

/// Everything [`crate::search::run`] needs besides the report callback. All borrowed: the caller
/// keeps the table and the flags between searches, and may run the same request again.
pub struct SearchRequest<'a, G: Game> {
    /// The position searched.
    pub root: &'a G,
    /// Keys of the positions before `root`, oldest first (for repetitions).
    pub history: &'a [u64],
    /// When to stop.
    pub limits: &'a Limits<G::Move>,
    /// Threads, principal variations and move overhead.
    pub settings: &'a Settings,
    /// The flags through which the caller stops the search or ends pondering.
    pub control: &'a SearchControl,
    /// The transposition table, kept by the caller between searches.
    pub tt: &'a TranspositionTable,
}
