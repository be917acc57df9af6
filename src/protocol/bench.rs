//! `bench [depth]` (the protocol command) and `duel bench [depth]` (the shell command) call
//! [`run_bench`].
//!
//! PLACEHOLDER: `tools::bench::run_bench` belongs to the search and is being written. Until it lands,
//! [`run_bench`] below stands in with the signature the protocol expects: it searches every one of
//! `G::BENCH_POSITIONS` to a fixed depth with one thread and fresh tables, prints one line per position
//! and ends with exactly `<N> nodes <M> nps`. When the real one lands, this file shrinks to
//! `pub use crate::tools::bench::{DEFAULT_DEPTH, run_bench};` (or the callers switch to it).

use crate::game::Game;
use crate::search::{self, Limits, SearchControl, Settings};
use std::io::{self, Write};
use std::time::Instant;

/// The depth `bench` searches to when none is given.
pub const DEFAULT_DEPTH: u32 = 4;

/// Searches every bench position to `depth`, one thread, fresh tables; returns the total node count.
/// PLACEHOLDER for `tools::bench::run_bench` (see the module comment).
pub fn run_bench<G: Game>(depth: u32, out: &mut impl Write) -> io::Result<u64> {
    let started = Instant::now();
    let settings = Settings {
        threads: 1,
        ..Settings::default()
    };
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut total = 0;
    for (index, text) in G::BENCH_POSITIONS.iter().enumerate() {
        let root = G::from_text(text).map_err(|e| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("bench position {} is invalid: {e}", index + 1),
            )
        })?;
        let control = SearchControl::default();
        let mut nodes = 0;
        let result = search::run(&root, &[], &limits, &settings, &control, &mut |report| {
            nodes = report.nodes;
        });
        let best = result
            .best
            .map_or_else(|| "(none)".to_string(), |mv| root.format_move(mv));
        writeln!(
            out,
            "position {}/{}: {nodes} nodes, best move {best}",
            index + 1,
            G::BENCH_POSITIONS.len()
        )?;
        total += nodes;
    }
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    writeln!(out, "{total} nodes {} nps", (total as f64 / seconds) as u64)?;
    out.flush()?;
    Ok(total)
}
