//! The search's score margins, which a game sets in the units of its own evaluation.

/// The margins the search measures in evaluation units (centipawns for Duel), so the ones a game whose
/// evaluation has another scale sets for itself ([`crate::game::Game::SEARCH_PARAMS`]). Every other
/// tunable of the search counts plies, moves or nodes and lives with the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchParams {
    /// Half-width of the first aspiration window around the previous iteration's score.
    pub aspiration_margin: i32,
    /// Reverse futility pruning: the static evaluation must beat beta by this much per remaining ply.
    pub rfp_margin: i32,
    /// Futility pruning: quiet moves are skipped where the static evaluation plus this much per
    /// remaining ply stays at or below alpha.
    pub futility_margin: i32,
}

impl SearchParams {
    /// The margins tuned for Duel's centipawns, which Dipole shares.
    pub const DEFAULT: SearchParams = SearchParams {
        aspiration_margin: 30,
        rfp_margin: 80,
        futility_margin: 120,
    };
}

impl Default for SearchParams {
    fn default() -> Self {
        Self::DEFAULT
    }
}
