//! The search: iterative deepening over a generic [`Game`], stopped through [`SearchControl`].
//!
//! CONTRACT (stub): the types and the signature of [`run`] are what the protocol builds on; the body
//! is a placeholder to be replaced by the real search.

mod control;
mod limits;
mod report;
mod score;
mod settings;

pub use control::SearchControl;
pub use limits::{Clock, Limits};
pub use report::{Report, SearchResult};
pub use score::{Bound, Score};
pub use settings::Settings;

use crate::game::{Game, MoveList};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Searches `root` (whose earlier positions have the keys `history`, oldest first) within `limits`,
/// calling `report` at every completed depth, and returns the best move.
pub fn run<G: Game>(
    root: &G,
    history: &[u64],
    limits: &Limits<G::Move>,
    settings: &Settings,
    control: &SearchControl,
    report: &mut dyn FnMut(&Report<G::Move>),
) -> SearchResult<G::Move> {
    let _ = (history, settings);
    let started = Instant::now();
    let mut moves = MoveList::new();
    root.generate_moves(&mut moves);
    if !limits.searchmoves.is_empty() {
        moves.retain(|m| limits.searchmoves.contains(&m));
    }
    let Some(&first) = moves.first() else {
        return SearchResult {
            best: None,
            ponder: None,
        };
    };
    // Placeholder: "searches" one ply per millisecond until a limit or stop.
    let deadline = limits
        .movetime
        .map(|t| started + t.saturating_sub(settings.move_overhead));
    let mut depth = 0;
    loop {
        if control.stop.load(Ordering::Relaxed) {
            break;
        }
        let pondering = control.pondering.load(Ordering::Relaxed);
        if !limits.infinite && !pondering {
            if limits.depth.is_some_and(|d| depth >= d)
                || deadline.is_some_and(|d| Instant::now() >= d)
            {
                break;
            }
            if limits.depth.is_none() && deadline.is_none() && depth >= 3 {
                break;
            }
        }
        depth += 1;
        report(&Report {
            depth,
            seldepth: depth,
            multipv: 1,
            score: Score::Centipawns(-root.make_move(first).evaluate()),
            bound: Bound::Exact,
            nodes: depth as u64,
            elapsed: started.elapsed(),
            hashfull: 0,
            pv: vec![first],
        });
        std::thread::sleep(Duration::from_millis(1));
    }
    SearchResult {
        best: Some(first),
        ponder: None,
    }
}
