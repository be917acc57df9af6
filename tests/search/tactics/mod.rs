//! The tactics suite (`tests/search/tactics/suite.txt`): positions with a forced win in exactly 1,
//! 2 or 3 moves, proven by an independent brute-force solver over the reference generator (`solver`), and
//! the engine's search asked to find each of them with its exact mate score.
//!
//! `cargo test` runs the quick part: the engine searches every position with a mate limit, and the
//! solver proves every win in 1 and 2 and the first few wins in 3 again (so that the data file cannot
//! rot; `the_solver_proves_every_line`, ignored, does all of them). The whole suite under a time
//! budget per position is the benchmark `cargo run --release --example tactics` (results in
//! docs/tactics.md), and `regenerate_suite` (ignored) rebuilds the file.

use crate::duel_reference as reference;

mod generate;
mod solver;
mod suite;

use duel::game::Game;
use duel::games::Duel;
use duel::search::{
    Limits, Score, SearchControl, SearchRequest, Settings, TranspositionTable, run_detailed,
};
use reference::RefPosition;
use solver::{forced_win_in, shortest_win, winning_moves};
use std::collections::HashSet;
use suite::Entry;

/// How many wins in 3 the solver proves again in `cargo test` (from the top of their section): it
/// needs up to a second for each on a loaded machine, where a win in 1 or 2 takes milliseconds.
const QUICK_WINS_IN_3: usize = 4;

/// The entries the solver proves again in `cargo test`: every win in 1 and 2, and the first
/// [`QUICK_WINS_IN_3`] wins in 3.
fn quick_entries() -> Vec<Entry> {
    let entries = suite::load();
    let short = entries.iter().filter(|e| e.mate <= 2);
    let long = entries.iter().filter(|e| e.mate == 3).take(QUICK_WINS_IN_3);
    short.chain(long).cloned().collect()
}

/// The solver on positions checked by hand (they are also in tests/search/search.rs).
#[test]
fn the_solver_agrees_with_hand_checked_positions() {
    // White's king on E7 steps onto E8.
    let goal = RefPosition::from_dfen("bK8/4wK4/9/9/9/9/9/9 w 0 1");
    assert_eq!(shortest_win(&goal, 3), Some(1));
    assert_eq!(winning_moves(&goal, 1), ["E7-E8"]);
    // d3-e3 leaves Black's king on F4 unattacked but without a move: enclosure wins too.
    let enclosure = RefPosition::from_dfen("9/9/7w361/9/5bK3/3wK5/9/9 w 0 1");
    assert_eq!(shortest_win(&enclosure, 3), Some(1));
    assert!(winning_moves(&enclosure, 1).contains(&"d3-e3".to_string()));
    // B1-B2 mates in 2, and not in 1; once it is played, Black has no win of its own.
    let mate_in_2 = RefPosition::from_dfen("9/9/9/4bK4/9/9/wK3w544/1w125w631 w 0 1");
    assert_eq!(shortest_win(&mate_in_2, 3), Some(2));
    assert!(winning_moves(&mate_in_2, 2).contains(&"B1-B2".to_string()));
    assert!(winning_moves(&mate_in_2, 1).is_empty());
    assert!(!forced_win_in(&mate_in_2.play("B1-B2"), 2));
    // Nobody wins by force from the start, and a side with no legal move wins nothing.
    assert_eq!(shortest_win(&RefPosition::startpos(), 2), None);
    let lost = RefPosition::from_dfen("4wK4/9/9/9/9/9/9/bK8 b 0 1");
    assert!(!forced_win_in(&lost, 3));
}

/// The file holds what its header promises: the quotas, no position twice, every position legal in
/// both generators, undecided, and far from the quiet-ply draw the solver ignores.
#[test]
fn the_suite_is_well_formed() {
    let entries = suite::load();
    for (n, &quota) in (1..=3).zip(generate::PER_DEPTH.iter()) {
        let count = entries.iter().filter(|e| e.mate == n).count();
        assert_eq!(count, quota, "wins in {n}");
    }
    let mut boards = HashSet::new();
    for e in &entries {
        let board: String = e.dfen.split(' ').take(2).collect::<Vec<_>>().join(" ");
        assert!(boards.insert(board), "twice: {}", e.dfen);
        let reference = RefPosition::from_dfen(&e.dfen);
        assert_eq!(reference.winner(), None, "{}", e.dfen);
        assert!(
            reference.plies_since_capture() <= generate::MAX_QUIET_PLIES,
            "{}",
            e.dfen
        );
        let engine = Duel::from_text(&e.dfen).unwrap_or_else(|err| panic!("{}: {err}", e.dfen));
        assert_eq!(
            engine.to_text(),
            e.dfen,
            "the engine reads the DFEN back as written"
        );
        for mv in &e.winning {
            let parsed = engine
                .parse_move(mv)
                .unwrap_or_else(|err| panic!("{mv}: {err}"));
            assert_eq!(&engine.format_move(parsed), mv, "{}", e.dfen);
        }
    }
}

/// The solver proves the quick lines again (all of them: the ignored `the_solver_proves_every_line`):
/// the shortest win and the full set of winning moves, so that the file cannot rot.
#[test]
fn the_solver_still_proves_the_quick_lines() {
    prove(&quick_entries());
}

/// Every line of the suite proven again, wins in 3 included (about ten seconds).
#[test]
#[ignore = "slow: the quick part runs in the_solver_still_proves_the_quick_lines"]
fn the_solver_proves_every_line() {
    prove(&suite::load());
}

fn prove(entries: &[Entry]) {
    for e in entries {
        let pos = RefPosition::from_dfen(&e.dfen);
        assert_eq!(shortest_win(&pos, e.mate), Some(e.mate), "{}", e.to_line());
        let recomputed = generate::entry(&pos, e.mate);
        assert_eq!(recomputed.winning, e.winning, "{}", e.dfen);
    }
}

/// What is wrong with the engine's answer to `entry` within `limits`, if anything.
fn engine_answer(entry: &Entry, limits: &Limits<<Duel as Game>::Move>) -> Result<(), String> {
    let root = Duel::from_text(&entry.dfen).map_err(|e| e.to_string())?;
    let summary = run_detailed(
        &SearchRequest {
            root: &root,
            history: &[],
            limits,
            settings: &Settings::default(),
            control: &SearchControl::new(),
            tt: &TranspositionTable::new(4),
        },
        &mut |_| {},
    );
    let best = summary.result.best.map(|mv| root.format_move(mv));
    let expected = Score::Mate(entry.mate as i32);
    match best {
        Some(best) if entry.winning.contains(&best) && summary.score == Some(expected) => Ok(()),
        best => Err(format!(
            "{}: the engine answered {best:?} with {:?} at depth {}",
            entry.to_line(),
            summary.score,
            summary.depth
        )),
    }
}

/// The engine finds every win of the suite (a few milliseconds each): its best move is one of the
/// solver's winning first moves, and its score is exactly the solver's mate. The mate limit ends the
/// search at the proof; the depth limit, two plies beyond the win, only keeps a miss from running on.
#[test]
fn the_engine_finds_every_win() {
    let failures: Vec<String> = suite::load()
        .iter()
        .filter_map(|e| {
            let limits = Limits {
                mate: Some(e.mate),
                depth: Some(2 * e.mate + 1),
                ..Limits::default()
            };
            engine_answer(e, &limits).err()
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Rebuilds `tests/search/tactics/suite.txt` (the file's header gives this command).
#[test]
#[ignore = "regenerates the suite file; takes minutes"]
fn regenerate_suite() {
    let entries = generate::generate(&mut |e| eprintln!("{}", e.to_line()));
    let header = format!(
        "# Duel tactics suite: positions whose side to move has a forced win in exactly 1, 2 or 3 of\n\
         # its own moves (3 moves = 5 plies), {} / {} / {} of them, each with every winning first move.\n\
         # Made by seeded random play from the start (seed {}; odd games prefer captures), looking at\n\
         # plies 10, 17, 24, ... and keeping at most one position per depth from each game, and only\n\
         # positions where at most a quarter of the legal moves win; the shortest win and the winning\n\
         # moves are proven by the brute-force solver of tests/search/tactics/solver.rs, over the reference\n\
         # generator only. Regenerate with:\n\
         #   cargo test --release --test search -- --ignored regenerate_suite\n\
         # Format: <DFEN>; mate <n>; winning moves: <move> ...\n",
        generate::PER_DEPTH[0],
        generate::PER_DEPTH[1],
        generate::PER_DEPTH[2],
        generate::SEED
    );
    let body: String = entries.iter().map(|e| e.to_line() + "\n").collect();
    std::fs::write(suite::path(), header + &body).expect("the suite file can be written");
}
