//! The tactics suites: positions with a forced win of a known length, proven by an independent
//! brute-force solver over a game's reference generator (`solver`, generic), and the engine's search
//! asked to find each of them with its exact mate score. This file holds Duel's suite
//! (`tests/search/tactics/suite.txt`: wins in exactly 1, 2 or 3 moves); `dipole` holds Dipole's.
//!
//! `cargo test` runs the quick part: the engine searches every position with a mate limit, and the
//! solver proves every win in 1 and 2 and the first few wins in 3 again (so that the data file cannot
//! rot; `the_solver_proves_every_line`, ignored, does all of them). The whole suite under a time
//! budget per position is the benchmark `cargo run --release --example tactics` (results in
//! docs/tactics.md), and `regenerate_suite` (ignored) rebuilds the file.

use crate::duel_reference as reference;

mod dame_shots;
mod dipole;
mod generate;
mod solver;
mod suite;

use duel_engine::search::{
    Limits, Score, SearchControl, SearchRequest, Settings, TranspositionTable, run_detailed,
};
use duel_rules::game::{Game, Searchable};
use duel_rules::games::Duel;
use generate::{Candidate, Plan, board_of};
use reference::RefPosition;
use solver::{Solvable, forced_win_in, shortest_win, winning_moves};
use std::collections::HashSet;
use suite::Entry;

/// How Duel's suite was made (see `generate`).
const PLAN: Plan = Plan {
    seed: 20_261_121,
    mates: &[1, 2, 3],
    per_mate: 20,
    first_ply: 10,
    stride: 7,
    max_plies: 80,
    max_winning_share: 4,
    max_games: 2_000,
};

/// The most quiet plies a suite position may have: far enough from the 100-ply draw that no win of
/// 5 plies can run into it (the solver ignores draw rules).
const MAX_QUIET_PLIES: u32 = 90;

impl Solvable for RefPosition {
    /// No Duel move loses at once for the side that makes it.
    const SELF_DEFEAT: bool = false;

    fn successors(&self) -> Vec<(String, Self)> {
        RefPosition::successors(self)
    }

    fn mover(&self) -> char {
        self.side_to_move()
    }

    fn winner(&self) -> Option<char> {
        RefPosition::winner(self)
    }

    fn key(&self) -> String {
        self.to_dfen()
    }

    /// Checks first.
    fn urgency(&self) -> i32 {
        i32::from(!self.in_check())
    }
}

impl Candidate for RefPosition {
    fn start() -> Self {
        RefPosition::startpos()
    }

    fn text(&self) -> String {
        self.to_dfen()
    }

    fn marked_moves(&self) -> Vec<String> {
        self.legal_moves()
    }

    fn admissible(&self) -> bool {
        self.plies_since_capture() <= MAX_QUIET_PLIES
    }
}

/// How many wins in 3 the solver proves again in `cargo test` (from the top of their section): it
/// needs up to a second for each on a loaded machine, where a win in 1 or 2 takes milliseconds.
const QUICK_WINS_IN_3: usize = 4;

/// The entries the solver proves again in `cargo test`: every win in 1 and 2, and the first
/// [`QUICK_WINS_IN_3`] wins in 3.
fn quick_entries() -> Vec<Entry> {
    let entries = suite::load("duel");
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
    check_well_formed::<Duel, RefPosition>(&suite::load("duel"), &PLAN, RefPosition::from_dfen);
}

/// What every suite file must hold, read by the engine as `G` and by the reference generator as `P`:
/// `plan`'s quotas, no board twice, every position undecided and admissible for the reference and
/// written back unchanged by the engine, every listed move parsed and formatted identically by the
/// engine.
fn check_well_formed<G: Game, P: Candidate>(
    entries: &[Entry],
    plan: &Plan,
    read: impl Fn(&str) -> P,
) {
    for &n in plan.mates {
        let count = entries.iter().filter(|e| e.mate == n).count();
        assert_eq!(count, plan.per_mate, "wins in {n}");
    }
    assert_eq!(
        entries.len(),
        plan.per_mate * plan.mates.len(),
        "no other lengths"
    );
    let mut boards = HashSet::new();
    for e in entries {
        assert!(
            boards.insert(board_of(&e.position)),
            "twice: {}",
            e.position
        );
        let reference = read(&e.position);
        assert_eq!(reference.winner(), None, "{}", e.position);
        assert!(reference.admissible(), "{}", e.position);
        let engine =
            G::from_text(&e.position).unwrap_or_else(|err| panic!("{}: {err}", e.position));
        assert_eq!(
            engine.to_text(),
            e.position,
            "the engine reads the position back as written"
        );
        for mv in &e.winning {
            let parsed = engine
                .parse_move(mv)
                .unwrap_or_else(|err| panic!("{mv}: {err}"));
            assert_eq!(&engine.format_move(parsed), mv, "{}", e.position);
        }
    }
}

/// The solver proves the quick lines again (all of them: the ignored `the_solver_proves_every_line`):
/// the shortest win and the full set of winning moves, so that the file cannot rot.
#[test]
fn the_solver_still_proves_the_quick_lines() {
    prove(&quick_entries(), RefPosition::from_dfen);
}

/// Every line of the suite proven again, wins in 3 included (about ten seconds).
#[test]
#[ignore = "slow: the quick part runs in the_solver_still_proves_the_quick_lines"]
fn the_solver_proves_every_line() {
    prove(&suite::load("duel"), RefPosition::from_dfen);
}

/// Proves every entry again from `P`'s position: the shortest win and the full list of winning moves.
fn prove<P: Candidate>(entries: &[Entry], read: impl Fn(&str) -> P) {
    for e in entries {
        let pos = read(&e.position);
        assert_eq!(shortest_win(&pos, e.mate), Some(e.mate), "{}", e.to_line());
        let recomputed = generate::entry(&pos, e.mate);
        assert_eq!(recomputed.winning, e.winning, "{}", e.position);
    }
}

/// What is wrong with the engine's answer to `entry` within `limits`, if anything.
fn engine_answer<G: Searchable>(entry: &Entry, limits: &Limits<G::Move>) -> Result<(), String> {
    let root = G::from_text(&entry.position).map_err(|e| e.to_string())?;
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

/// The entries of which the engine misses the win (a line each saying how), searched with the mate
/// limit, which ends the search at the proof, and a depth limit `extra` plies beyond the win, which
/// only keeps a miss from running on.
fn engine_misses<G: Searchable>(entries: &[Entry], extra: u32) -> Vec<String> {
    entries
        .iter()
        .filter_map(|e| {
            let limits = Limits {
                mate: Some(e.mate),
                depth: Some(2 * e.mate - 1 + extra),
                ..Limits::default()
            };
            engine_answer::<G>(e, &limits).err()
        })
        .collect()
}

/// The engine finds every win of the suite (a few milliseconds each): its best move is one of the
/// solver's winning first moves, and its score is exactly the solver's mate.
#[test]
fn the_engine_finds_every_win() {
    let failures = engine_misses::<Duel>(&suite::load("duel"), 4);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Rebuilds `tests/search/tactics/suite.txt` (the file's header gives this command).
#[test]
#[ignore = "regenerates the suite file; takes minutes"]
fn regenerate_suite() {
    let entries = generate::generate::<RefPosition>(&PLAN, &mut |e| eprintln!("{}", e.to_line()));
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
        PLAN.per_mate, PLAN.per_mate, PLAN.per_mate, PLAN.seed
    );
    let body: String = entries.iter().map(|e| e.to_line() + "\n").collect();
    std::fs::write(suite::path("duel"), header + &body).expect("the suite file can be written");
}
