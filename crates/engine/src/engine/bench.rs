//! Bench: a fixed-depth search of every one of a game's bench positions, the engine's speed and
//! determinism signature. One thread and a fresh table per position make the node count depend on
//! the code alone, so an unchanged count marks a change that does not alter the search.

use crate::search::Instant;
use crate::search::{self, Limits, SearchControl, SearchRequest, Settings, TranspositionTable};
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
/// (`<index>/<count> <nodes> nodes <text>`) and last `<N> nodes <M> nps`. Of `settings` it takes
/// what makes the search itself (the evaluation: `Use NNUE`, `EvalFile`; the tuning build's search
/// parameters), so that the count names that search, and nothing else (threads, lines, strength,
/// contempt and databases are the defaults). A bench position that does not parse is an error
/// (`InvalidData`).
pub fn run_bench<G: Searchable>(
    depth: u32,
    settings: &Settings,
    out: &mut impl Write,
) -> io::Result<BenchResult> {
    let settings = Settings {
        use_net: settings.use_net,
        net: settings.net.clone(),
        profile: settings.profile,
        ..Settings::DEFAULT
    };
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
        let request = SearchRequest {
            root: &pos,
            history: &[],
            limits: &limits,
            settings: &settings,
            control: &SearchControl::new(),
            tt: &tt,
        };
        let summary = search::run_detailed(&request, &mut |_| {});
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
        let a =
            run_bench::<Duel>(3, &Settings::DEFAULT, &mut first).expect("bench positions parse");
        let b =
            run_bench::<Duel>(3, &Settings::DEFAULT, &mut second).expect("bench positions parse");
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

    #[test]
    fn the_evaluation_setting_names_its_own_search_and_the_others_do_not_count() {
        let count = |settings: &Settings| {
            run_bench::<Duel>(3, settings, &mut Vec::new())
                .expect("bench positions parse")
                .nodes
        };
        let default = count(&Settings::DEFAULT);
        let hand_written = Settings {
            use_net: false,
            ..Settings::DEFAULT
        };
        assert_ne!(count(&hand_written), default);
        let others = Settings {
            threads: 4,
            multipv: 3,
            contempt: duel_rules::game::Pieces::hundredths(50),
            ..Settings::DEFAULT
        };
        assert_eq!(count(&others), default);
    }
}
