//! Tactics: an independent brute-force solver for short forced wins (`solver`), over the reference
//! generator only, checked here on hand-made positions.

#[path = "../reference/mod.rs"]
mod reference;

mod solver;

use reference::RefPosition;
use solver::{forced_win_in, shortest_win, winning_moves};

/// The solver on positions checked by hand (they are also in tests/search.rs).
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

