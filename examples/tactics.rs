//! The tactics benchmark: the engine's search on every position of a game's tactics suite
//! (`tests/search/tactics/suite.txt` for Duel, `tests/search/tactics/dipole/suite.txt` for Dipole)
//! with a time budget per position, as `go movetime` gives it (one thread, a fresh 16 MB table each).
//!
//! ```sh
//! cargo run --release --example tactics -- [--variant duel|dipole] [movetime-ms]   # default duel, 1000
//! ```
//!
//! A win counts as found when the search, at the end of its budget, plays one of the solver's winning
//! first moves with exactly the solver's mate score. Its time is that of the first report from which
//! on every report agrees (score `Mate(n)`, first PV move winning): when the engine knew. Results go
//! in docs/tactics.md.

#[path = "../tests/search/tactics/suite.rs"]
mod suite;

use duel_engine::search::{
    Limits, Score, SearchControl, SearchRequest, Settings, TranspositionTable, run_detailed,
};
use duel_rules::game::Searchable;
use duel_rules::games::{Dipole, Duel};
use std::time::Duration;

/// The report from which on the engine kept the win: its time, depth and node count.
#[derive(Clone, Copy)]
struct Found {
    elapsed: Duration,
    depth: u32,
    nodes: u64,
}

/// One position's outcome.
struct Outcome {
    mate: u32,
    /// When the engine settled on the win, if it did and kept it to the end.
    found_at: Option<Found>,
}

fn median(times: &mut [Duration]) -> Option<Duration> {
    times.sort();
    (!times.is_empty()).then(|| times[times.len() / 2])
}

fn main() {
    let mut variant = "duel".to_string();
    let mut movetime: u64 = 1000;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--variant" {
            variant = args.next().expect("--variant names a game: duel or dipole");
        } else {
            movetime = arg.parse().expect("the argument is a time in milliseconds");
        }
    }
    match variant.as_str() {
        "duel" => run::<Duel>(&variant, movetime),
        "dipole" => run::<Dipole>(&variant, movetime),
        other => {
            eprintln!("no tactics suite for the variant {other:?}: duel or dipole");
            std::process::exit(2);
        }
    }
}

/// Searches every position of `variant`'s suite for `movetime` ms and prints what was found.
fn run<G: Searchable>(variant: &str, movetime: u64) {
    let entries = suite::load(variant);
    let mut outcomes = Vec::new();
    println!(
        "{variant}: movetime {movetime} ms, {} positions",
        entries.len()
    );
    for entry in &entries {
        let root = G::from_text(&entry.position).expect("the suite's position is valid");
        let expected = Score::Mate(entry.mate as i32);
        let winning = |mv| entry.winning.contains(&root.format_move(mv));
        let limits = Limits {
            movetime: Some(Duration::from_millis(movetime)),
            ..Limits::default()
        };
        let mut found_at = None;
        let summary = run_detailed(
            &SearchRequest {
                root: &root,
                history: &[],
                limits: &limits,
                settings: &Settings::default(),
                control: &SearchControl::new(),
                tt: &TranspositionTable::new(TranspositionTable::DEFAULT_MB),
            },
            &mut |report| {
                let right =
                    report.score == expected && report.pv.first().is_some_and(|&m| winning(m));
                found_at = match (right, found_at) {
                    (false, _) => None,
                    (true, None) => Some(Found {
                        elapsed: report.elapsed,
                        depth: report.depth,
                        nodes: report.nodes,
                    }),
                    (true, kept) => kept,
                };
            },
        );
        let best = summary.result.best;
        let solved = best.is_some_and(winning) && summary.score == Some(expected);
        let found_at = if solved { found_at } else { None };
        match found_at {
            Some(at) => println!(
                "mate {}  found {:>7.1} ms at depth {:>2} after {:>7} nodes  {}",
                entry.mate,
                at.elapsed.as_secs_f64() * 1000.0,
                at.depth,
                at.nodes,
                entry.position
            ),
            None => println!(
                "mate {}  MISSED: played {} with {:?} at depth {} ({} nodes)  {}",
                entry.mate,
                best.map_or("(none)".into(), |mv| root.format_move(mv)),
                summary.score,
                summary.depth,
                summary.nodes,
                entry.to_line()
            ),
        }
        outcomes.push(Outcome {
            mate: entry.mate,
            found_at,
        });
    }
    println!();
    println!("| win in | positions | found | median time to find | slowest |");
    println!("|---|---|---|---|---|");
    let mut mates: Vec<u32> = entries.iter().map(|e| e.mate).collect();
    mates.dedup();
    for n in mates {
        let of_n: Vec<&Outcome> = outcomes.iter().filter(|o| o.mate == n).collect();
        let mut times: Vec<Duration> = of_n
            .iter()
            .filter_map(|o| o.found_at.map(|f| f.elapsed))
            .collect();
        let slowest = times.iter().max().copied();
        let ms = |d: Option<Duration>| {
            d.map_or("-".into(), |d| {
                format!("{:.1} ms", d.as_secs_f64() * 1000.0)
            })
        };
        println!(
            "| {n} | {} | {} | {} | {} |",
            of_n.len(),
            times.len(),
            ms(median(&mut times)),
            ms(slowest)
        );
    }
}
