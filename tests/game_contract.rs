//! The contracts of the `Game` trait's seam, checked for every hosted game over positions of seeded
//! random play: what the search and the tools rely on whatever the game.

mod common;

use common::random_positions;
use duel::game::{Game, MoveList};
use duel::games::{Dipole, Duel};
use std::collections::HashMap;

/// Positions of random play from the start of `G`.
fn positions<G: Game>() -> Vec<G> {
    random_positions(&G::start(), 11, 40, 120)
}

fn legal_moves<G: Game>(pos: &G) -> MoveList<G::Move> {
    let mut moves = MoveList::new();
    pos.generate_moves(&mut moves);
    moves
}

/// Every legal move has its own code, and the code decodes back to the move.
fn move_codes_round_trip<G: Game>() {
    for pos in positions::<G>() {
        let mut seen = HashMap::new();
        for &mv in legal_moves(&pos).iter() {
            let code = pos.move_code(mv);
            assert_eq!(pos.decode_move(code), Some(mv), "{}", pos.to_text());
            if let Some(other) = seen.insert(code, mv) {
                panic!(
                    "{other:?} and {mv:?} share code {code} in {}",
                    pos.to_text()
                );
            }
        }
    }
}

#[test]
fn duel_move_codes_round_trip() {
    move_codes_round_trip::<Duel>();
}

#[test]
fn dipole_move_codes_round_trip() {
    move_codes_round_trip::<Dipole>();
}

/// No position of random play comes near the game's stated bound on legal moves (the list would
/// panic past it), and the list's capacity is that bound.
fn move_lists_hold_every_position<G: Game>(bound: usize) {
    assert_eq!(MoveList::<G::Move>::capacity(), bound);
    let most = positions::<G>()
        .iter()
        .map(|pos| legal_moves(pos).len())
        .max()
        .unwrap_or(0);
    assert!(most > 0 && most <= bound, "{most} moves, bound {bound}");
}

#[test]
fn duel_move_lists_hold_every_position() {
    move_lists_hold_every_position::<Duel>(356);
}

#[test]
fn dipole_move_lists_hold_every_position() {
    move_lists_hold_every_position::<Dipole>(84);
}

/// The tactical-move generator gives legal moves in generation order, among them every tactical one;
/// every capture is tactical.
fn tactical_moves_are_the_tactical_legal_moves<G: Game>() {
    let mut tactical = MoveList::new();
    let mut seen = 0;
    for pos in positions::<G>() {
        let all = legal_moves(&pos);
        pos.generate_tactical_moves(&mut tactical);
        let mut rest = all.iter();
        for mv in tactical.iter() {
            assert!(
                rest.any(|m| m == mv),
                "{mv:?} out of order or not legal in {}",
                pos.to_text()
            );
        }
        let keep = |moves: &[G::Move]| -> Vec<G::Move> {
            moves
                .iter()
                .copied()
                .filter(|&mv| pos.is_tactical(mv))
                .collect()
        };
        assert_eq!(keep(&tactical), keep(&all), "{}", pos.to_text());
        for &mv in all.iter() {
            assert!(
                !pos.is_capture(mv) || pos.is_tactical(mv),
                "{}",
                pos.to_text()
            );
        }
        seen += keep(&all).len();
    }
    assert!(seen > 0, "random play meets tactical moves");
}

#[test]
fn duel_tactical_moves_are_the_tactical_legal_moves() {
    tactical_moves_are_the_tactical_legal_moves::<Duel>();
}

#[test]
fn dipole_tactical_moves_are_the_tactical_legal_moves() {
    tactical_moves_are_the_tactical_legal_moves::<Dipole>();
}
