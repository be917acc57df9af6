//! Who hears what a search says: the engine's callbacks, one listener per search.

use super::fault::SearchFault;
use crate::search::Report;
use duel_rules::game::Game;

/// Hears one search: its progress reports, its faults, and exactly one final answer, always last.
///
/// The calls come from the search's worker thread, except when no thread could be started: then the
/// fault and the answer come from the thread that called [`Engine::go`](super::Engine::go), before
/// it returns.
pub trait Listener<G: Game>: Send + Sync + 'static {
    /// A progress report of the search (one per completed depth and principal variation).
    fn report(&self, report: &Report<G::Move>);
    /// Something went wrong; an answer still follows.
    fn fault(&self, fault: &SearchFault);
    /// The final answer: a legal move of the root (or of `searchmoves`), `None` only when there is
    /// none, and the expected reply when it is legal after it.
    fn finished(&self, best: Option<G::Move>, ponder: Option<G::Move>);
}
