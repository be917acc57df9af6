//! The search: iterative deepening over a generic [`Searchable`] game, stopped through
//! [`SearchControl`].
//!
//! Negamax alpha-beta with principal variation search, aspiration windows, mate distance pruning,
//! check extensions, singular extensions (in the games that ask for them), reverse futility
//! pruning, null-move pruning (for games that offer a null move), internal iterative reduction, late
//! move reductions, futility and late move pruning, and a quiescence search over tactical moves (all
//! moves when in check); a lock-free [`TranspositionTable`] that outlives each search; move ordering
//! by table move, victim value, killers and history; MultiPV and Lazy SMP threads; and a time
//! manager with soft and hard limits. Nothing here knows the rules of any game: everything comes
//! through the [`Searchable`] traits (the rules, the evaluation, the search's hooks and the net's
//! inputs).
//!
//! Where things are: `deepening` (iterations, root moves, reports, stop decisions), `negamax` and
//! `quiescence` (the tree below the root), `singular` (the singular extension's test), `reduction`
//! (late move reductions), `pruning` (futility and late move pruning), `draws` (repetition and
//! quiet-ply draws), `endgame` (the endgame databases' probes), `eval_cache` (static evaluations by
//! hash), `prefetch`, `ordering` (move picker, killers, history), `tt`, `time` (soft and hard
//! limits), `thread` (per-thread state, stop checks, Lazy SMP), `frame` (per-ply scratch space),
//! `score` (the internal scale and mates), `params` (the fixed numbers), `profile` (the game's
//! tunable profile with the tuning build's values), `root_moves`, `skill` (levels below full
//! strength), and the contract types in `request`, `limits`, `settings`, `control` and
//! `report`.

mod clock;
mod common_scale;
mod control;
mod deepening;
mod draws;
mod endgame;
mod eval_cache;
mod frame;
mod limits;
mod negamax;
pub mod nnue;
mod ordering;
mod params;
mod prefetch;
mod profile;
mod pruning;
mod quiescence;
mod reduction;
mod report;
mod request;
mod root_moves;
mod score;
mod settings;
mod singular;
mod skill;
pub mod tablebase;
mod thread;
mod time;
mod tt;

pub use clock::Instant;
pub use common_scale::{chances, chances_by, on_common_scale, on_common_scale_by};
pub use control::SearchControl;
pub use limits::{Clock, Limits};
pub use profile::ProfileOverrides;
pub use report::{Report, SearchResult, SearchSummary};
pub use request::SearchRequest;
pub use score::{Bound, Score};
pub use settings::Settings;
pub use skill::{MAX_LEVEL, Strength};
pub use tt::TranspositionTable;

use duel_rules::game::Searchable;
use thread::Shared;

/// Searches `request.root` within its limits, calling `report` at every completed depth, and returns
/// the best move.
///
/// The result holds a legal move whenever the root has one, even if the search is stopped before
/// finishing depth 1. `run` returns as soon as the search ends, also under `go infinite` or `go ponder`
/// when it runs out of depth: holding the answer until `stop` or `ponderhit` is the caller's business.
pub fn run<G: Searchable>(
    request: &SearchRequest<'_, G>,
    report: &mut dyn FnMut(&Report<G::Move>),
) -> SearchResult<G::Move> {
    run_detailed(request, report).result
}

/// [`run`], also returning the final score, the completed depth and the node count (for bench, tests
/// and tools that play games).
pub fn run_detailed<G: Searchable>(
    request: &SearchRequest<'_, G>,
    report: &mut dyn FnMut(&Report<G::Move>),
) -> SearchSummary<G::Move> {
    // A search resumed in slices goes on with the generation its first slice began: its own entries
    // stay current, not aged as an earlier search's.
    if request.limits.first_depth.is_none() {
        request.tt.new_search();
    }
    let shared = Shared::new(request);
    if shared.root_moves.is_empty() {
        return SearchSummary {
            result: SearchResult {
                best: None,
                ponder: None,
            },
            score: None,
            depth: 0,
            nodes: 0,
        };
    }
    shared.search(report)
}

/// A search that no one stops or watches, on one thread, with the evaluation `use_net` chooses (the
/// game's embedded net, or its hand-written evaluation): with `tt` emptied first its result depends
/// on `root`, `history` and `limits` alone (what bench and the book's scoring need). `limits` must
/// end the search by themselves (a depth or a node count).
pub fn run_unattended<G: Searchable>(
    root: &G,
    history: &[u64],
    limits: &Limits<G::Move>,
    use_net: bool,
    tt: &TranspositionTable,
) -> SearchSummary<G::Move> {
    run_detailed(
        &SearchRequest {
            root,
            history,
            limits,
            settings: &Settings {
                use_net,
                ..Settings::DEFAULT
            },
            control: &SearchControl::new(),
            tt,
        },
        &mut |_| {},
    )
}
