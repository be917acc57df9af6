//! `Game::generate_distinct_moves`, the moves the search plays: a subset of the legal moves, in their
//! order, that reaches every position a legal move reaches, each exactly once. In Duel it leaves out
//! the second of two L-paths that end with the die in the same orientation (twins); perft still
//! counts both (`duel_perft.rs`).

mod common;

use duel::game::{Game, MoveList};
use duel::games::{Dipole, Duel};
use std::collections::HashSet;

/// Checks the contract on `pos`; returns how many legal moves were left out.
fn check<G: Game>(pos: &G) -> usize {
    let (mut legal, mut distinct) = (MoveList::new(), MoveList::new());
    pos.generate_moves(&mut legal);
    pos.generate_distinct_moves(&mut distinct);
    let mut rest = legal.iter();
    assert!(
        distinct.iter().all(|mv| rest.any(|m| m == mv)),
        "{}: distinct moves are legal moves in generation order",
        pos.to_text()
    );
    let child = |mv: &G::Move| pos.make_move(*mv).to_text();
    let kept: HashSet<String> = distinct.iter().map(child).collect();
    assert_eq!(
        kept.len(),
        distinct.len(),
        "{}: no two kept moves reach the same position",
        pos.to_text()
    );
    for mv in legal.iter().filter(|mv| !distinct.contains(mv)) {
        assert!(
            kept.contains(&child(mv)),
            "{}: {} was left out but reaches a position no kept move reaches",
            pos.to_text(),
            pos.format_move(*mv)
        );
    }
    legal.len() - distinct.len()
}

#[test]
fn duel_leaves_out_only_twins_and_every_position_stays_reachable() {
    let positions = common::random_positions(&Duel::start(), 11, 60, 120);
    let skipped: usize = positions.iter().map(check).sum();
    assert!(skipped > 100, "the sample holds twins ({skipped} skipped)");
}

#[test]
fn duel_keeps_the_vertical_first_twin_and_both_where_they_differ() {
    // A die showing 4 on E4 reaches C2 by two paths of two legs of 2: the same orientation.
    let pos = Duel::from_text("bK8/9/9/9/4w414/9/9/8wK w").expect("legal");
    let mut distinct = MoveList::new();
    pos.generate_distinct_moves(&mut distinct);
    let texts: Vec<String> = distinct.iter().map(|&mv| pos.format_move(mv)).collect();
    assert!(texts.contains(&"E4-c2".to_string()), "{texts:?}");
    assert!(!texts.contains(&"e4-C2".to_string()), "{texts:?}");
    // Legs of 3 and 1 turn the die differently: both paths stay.
    assert!(texts.contains(&"E4-d1".to_string()), "{texts:?}");
    assert!(texts.contains(&"e4-D1".to_string()), "{texts:?}");
}

#[test]
fn a_blocked_first_twin_keeps_the_second() {
    // The vertical-first path E4-c2 passes E3, where a white die stands: e4-C2 must stay.
    let pos = Duel::from_text("bK8/9/9/9/4w414/4w144/9/8wK w").expect("legal");
    let mut distinct = MoveList::new();
    pos.generate_distinct_moves(&mut distinct);
    let texts: Vec<String> = distinct.iter().map(|&mv| pos.format_move(mv)).collect();
    assert!(texts.contains(&"e4-C2".to_string()), "{texts:?}");
    assert!(!texts.contains(&"E4-c2".to_string()), "{texts:?}");
    check(&pos);
}

#[test]
fn dipole_keeps_every_move() {
    let positions = common::random_positions(&Dipole::start(), 12, 20, 80);
    assert_eq!(positions.iter().map(check).sum::<usize>(), 0);
}
