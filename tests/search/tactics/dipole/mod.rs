//! Dipole's tactics suite (`tests/search/tactics/dipole/suite.txt`): positions whose side to move
//! has a forced win in exactly 2, 3, 4 or 5 of its own moves (the game decided within 3 to 10 plies),
//! proven by the generic solver over `tests/dipole_reference`, and the engine asked to find each win
//! with its exact mate score. How the file was made and the timed run: docs/tactics.md.

use super::generate::{self, Candidate, Plan};
use super::solver::{Solvable, forced_win_in, shortest_win, winning_moves};
use super::suite::{self, Entry};
use super::{check_well_formed, engine_misses, prove};
use crate::dipole_reference::RefPosition;
use duel_rules::games::Dipole;

/// How the suite was made (see `generate`): wins in 2 to 5 moves.
const PLAN: Plan = Plan {
    seed: 20_261_126,
    mates: &[2, 3, 4, 5],
    per_mate: 10,
    first_ply: 6,
    stride: 5,
    max_plies: 160,
    max_winning_share: 4,
    max_games: 5_000,
};

/// The wins the solver proves again in `cargo test`: longer ones take it seconds each.
const QUICK_MATE_MAX: u32 = 3;

impl Solvable for RefPosition {
    /// Bearing off one's own last checker loses, and may be the only move.
    const SELF_DEFEAT: bool = true;

    fn successors(&self) -> Vec<(String, Self)> {
        RefPosition::successors(self)
    }

    fn mover(&self) -> char {
        self.side_to_move()
    }

    fn winner(&self) -> Option<char> {
        RefPosition::winner(self).map(|side| if side == "white" { 'w' } else { 'b' })
    }

    fn key(&self) -> String {
        self.to_text()
    }

    /// Captures first: the fewer checkers the side to move (the opponent of the mover) has left,
    /// the earlier.
    fn urgency(&self) -> i32 {
        self.checkers(self.side_to_move() == 'w')
    }
}

impl Candidate for RefPosition {
    fn start() -> Self {
        RefPosition::from_text(duel_rules::games::dipole::START_TEXT)
    }

    fn text(&self) -> String {
        self.to_text()
    }

    fn marked_moves(&self) -> Vec<String> {
        self.legal_moves()
    }

    /// Dipole has no draw rule the solver could miss.
    fn admissible(&self) -> bool {
        true
    }
}

#[test]
fn the_solver_agrees_with_hand_checked_positions() {
    // a1 (2) takes Black's last checker on c3.
    let capture = RefPosition::from_text("8/8/8/8/8/2a5/8/B7 w");
    assert_eq!(shortest_win(&capture, 3), Some(1));
    assert!(winning_moves(&capture, 1).contains(&"a1xc3".to_string()));
    // Black steps on; White's last checker, on its far row with nothing to take, must bear off and
    // lose: a win in 1 that ends on the loser's move.
    let bear_off = RefPosition::from_text("1A6/8/8/8/8/6a1/8/8 b");
    assert_eq!(shortest_win(&bear_off, 3), Some(1));
    assert_eq!(winning_moves(&bear_off, 1), ["g3-f2", "g3-h2"]);
    assert!(!forced_win_in(&bear_off.play("g3-f2"), 3), "White is lost");
    // White's c3 can neither step forward (both squares hold taller stacks) nor take: it passes,
    // and Black takes it.
    let stuck = RefPosition::from_text("8/8/8/8/1c1c4/2A5/8/8 w");
    assert_eq!(stuck.legal_moves(), ["pass"]);
    assert!(!forced_win_in(&stuck, 3));
    assert_eq!(shortest_win(&stuck.play("pass"), 1), Some(1));
    // Nobody wins by force from the start.
    assert_eq!(shortest_win(&RefPosition::start(), 2), None);
}

/// The file holds what its header promises (see `check_well_formed`).
#[test]
fn the_suite_is_well_formed() {
    check_well_formed::<Dipole, RefPosition>(&suite::load("dipole"), &PLAN, RefPosition::from_text);
}

/// The wins in 2 and 3 proven again: shortest win and every winning move, so the file cannot rot.
#[test]
fn the_solver_still_proves_the_quick_lines() {
    let quick: Vec<Entry> = suite::load("dipole")
        .into_iter()
        .filter(|e| e.mate <= QUICK_MATE_MAX)
        .collect();
    prove(&quick, RefPosition::from_text);
}

/// Every line of the suite proven again.
#[test]
#[ignore = "slow: the quick part runs in the_solver_still_proves_the_quick_lines"]
fn the_solver_proves_every_line() {
    prove(&suite::load("dipole"), RefPosition::from_text);
}

/// The engine finds every win of the suite with the mate limit: one of the solver's moves, exactly
/// the solver's mate.
#[test]
fn the_engine_finds_every_win() {
    let failures = engine_misses::<Dipole>(&suite::load("dipole"), 8);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Rebuilds `tests/search/tactics/dipole/suite.txt` (the file's header gives this command).
#[test]
#[ignore = "regenerates the suite file; takes minutes"]
fn regenerate_dipole_suite() {
    let entries = generate::generate::<RefPosition>(&PLAN, &mut |e| eprintln!("{}", e.to_line()));
    let header = format!(
        "# Dipole tactics suite: positions whose side to move has a forced win in exactly 2, 3, 4 or 5\n\
         # of its own moves (decided within 3 to 10 plies: the last move may be the loser bearing off\n\
         # its own last checker), {} of each, each with every winning first move.\n\
         # Made by seeded random play from the start (seed {}; odd games prefer captures), looking at\n\
         # plies {}, {}, ... and keeping at most one position per length from each game, and only\n\
         # positions where at most a quarter of the legal moves win; the shortest win and the winning\n\
         # moves are proven by the solver of tests/search/tactics/solver.rs over tests/dipole_reference\n\
         # only. Regenerate with:\n\
         #   cargo test --release --test search -- --ignored regenerate_dipole_suite\n\
         # Format: <position>; mate <n>; winning moves: <move> ...\n",
        PLAN.per_mate,
        PLAN.seed,
        PLAN.first_ply,
        PLAN.first_ply + PLAN.stride,
    );
    let body: String = entries.iter().map(|e| e.to_line() + "\n").collect();
    std::fs::write(suite::path("dipole"), header + &body).expect("the suite file can be written");
}
