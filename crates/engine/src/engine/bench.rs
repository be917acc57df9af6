//! Bench: a fixed-depth search of every one of a game's bench positions, the engine's speed and
//! determinism signature. One thread and a fresh table per position make the node count depend on
//! the code alone, so an unchanged count marks a change that does not alter the search.

use crate::search::Instant;
use crate::search::{self, Limits, TranspositionTable};
use duel_rules::game::Searchable;
use std::io::{self, Write};
use std::time::Duration;

/// The depth searched when none is given: a few seconds for Duel in a release build.
pub const DEFAULT_DEPTH: u32 = 7;

/// The deepest bench the tools and the protocol accept: a deeper one would not end in any useful
/// time, and it cannot be stopped.
pub const MAX_DEPTH: u32 = 64;

/// The totals of a bench run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchResult {
    /// Nodes searched over all positions.
    pub nodes: u64,
    /// Time spent searching (table clearing excluded).
    pub elapsed: Duration,
}

impl BenchResult {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)) as u64
    }
}

/// Searches each of `G::BENCH_POSITIONS` to `depth` with one thread and a cleared table of the
/// default size ([`TranspositionTable::DEFAULT_MB`]), writing one line per position
/// (`<index>/<count> <nodes> nodes <text>`) and last `<N> nodes <M> nps`. A bench position that does
/// not parse is an error (`InvalidData`).
pub fn run_bench<G: Searchable>(depth: u32, out: &mut impl Write) -> io::Result<BenchResult> {
    let tt = TranspositionTable::new(TranspositionTable::DEFAULT_MB);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let count = G::BENCH_POSITIONS.len();
    let mut total = BenchResult {
        nodes: 0,
        elapsed: Duration::ZERO,
    };
    for (index, text) in G::BENCH_POSITIONS.iter().enumerate() {
        let pos = G::from_text(text).map_err(|e| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("bench position {} ({text}): {e}", index + 1),
            )
        })?;
        tt.clear();
        let started = Instant::now();
        let summary = search::run_unattended(&pos, &[], &limits, true, &tt);
        total.elapsed += started.elapsed();
        total.nodes += summary.nodes;
        writeln!(out, "{}/{count} {} nodes {text}", index + 1, summary.nodes)?;
    }
    writeln!(out, "{} nodes {} nps", total.nodes, total.nps())?;
    out.flush()?;
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_rules::games::Duel;

    #[test]
    fn node_count_is_deterministic() {
        let mut first = Vec::new();
        let mut second = Vec::new();
        let a = run_bench::<Duel>(3, &mut first).expect("bench positions parse");
        let b = run_bench::<Duel>(3, &mut second).expect("bench positions parse");
        assert!(a.nodes > 0);
        assert_eq!(a.nodes, b.nodes);
        let last = String::from_utf8(first).expect("bench writes text");
        let last = last.lines().last().expect("bench writes lines");
        let words: Vec<&str> = last.split(' ').collect();
        assert_eq!(words.len(), 4, "{last}");
        assert_eq!(words[0], a.nodes.to_string());
        assert_eq!((words[1], words[3]), ("nodes", "nps"));
        assert!(words[2].parse::<u64>().is_ok(), "{last}");
    }
}
