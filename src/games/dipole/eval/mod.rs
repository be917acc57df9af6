//! A simple static evaluation: material, advancement, stacks under attack and stacks that can
//! capture. (A starting point for the strength work; the terms are what `eval` shows.)

use super::lines::lines;
use super::position::Position;
use super::square::Square;
use crate::game::{EvalTerm, Side};

/// Centipawn value of a checker on the board: running out of checkers is what loses.
pub const CHECKER_VALUE: i32 = 100;
/// Centipawns per checker per row it has advanced (subtracted). Every non-capturing move goes forward
/// and a checker at the far edge can only bear off, so rows already travelled are tempo spent.
const ADVANCEMENT_COST: i32 = 2;
/// Centipawns per checker in a stack the opponent can capture now (subtracted).
const UNDER_ATTACK_WEIGHT: i32 = 30;
/// Centipawns per checker in a stack that can capture an enemy stack now.
const CAN_CAPTURE_WEIGHT: i32 = 8;

/// The evaluation split into its terms, per side.
#[derive(Clone, Copy, Debug, Default)]
struct Breakdown {
    material: [i32; 2],
    advancement: [i32; 2],
    under_attack: [i32; 2],
    can_capture: [i32; 2],
}

fn breakdown(pos: &Position) -> Breakdown {
    let mut terms = Breakdown::default();
    // attacked[s]: s's stacks that the other side can capture.
    let mut attacked = [0u32; 2];
    for side in Side::BOTH {
        let s = side.index();
        let theirs = pos.occupied_by(side.opponent());
        for from in Square::in_set(pos.occupied_by(side)) {
            let height = pos.height(from);
            let checkers = i32::from(height);
            let rows_advanced = match side {
                Side::White => from.row(),
                Side::Black => 7 - from.row(),
            };
            terms.material[s] += CHECKER_VALUE * checkers;
            terms.advancement[s] -= ADVANCEMENT_COST * checkers * rows_advanced;
            let l = lines(side, from);
            let mut captures = false;
            for stop in l.forward.within(height).chain(l.other.within(height)) {
                if theirs & stop.square.bit() != 0 && pos.height(stop.square) <= stop.distance {
                    attacked[side.opponent().index()] |= stop.square.bit();
                    captures = true;
                }
            }
            if captures {
                terms.can_capture[s] += CAN_CAPTURE_WEIGHT * checkers;
            }
        }
    }
    for side in Side::BOTH {
        for sq in Square::in_set(attacked[side.index()]) {
            terms.under_attack[side.index()] -= UNDER_ATTACK_WEIGHT * i32::from(pos.height(sq));
        }
    }
    terms
}

/// The evaluation in centipawns from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    let t = breakdown(pos);
    let total = |s: usize| t.material[s] + t.advancement[s] + t.under_attack[s] + t.can_capture[s];
    match pos.side_to_move() {
        Side::White => total(0) - total(1),
        Side::Black => total(1) - total(0),
    }
}

/// The named terms of [`evaluate`].
pub fn terms(pos: &Position) -> Vec<EvalTerm> {
    let t = breakdown(pos);
    [
        ("material", t.material),
        ("advancement", t.advancement),
        ("under attack", t.under_attack),
        ("can capture", t.can_capture),
    ]
    .into_iter()
    .map(|(name, [white, black])| EvalTerm { name, white, black })
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    fn term(pos: &Position, name: &str) -> (i32, i32) {
        let t = terms(pos).into_iter().find(|t| t.name == name).unwrap();
        (t.white, t.black)
    }

    #[test]
    fn the_start_is_level() {
        let start = Position::start();
        assert_eq!(evaluate(&start), 0);
        assert_eq!(term(&start, "material"), (1200, 1200));
        assert_eq!(term(&start, "advancement"), (0, 0));
    }

    #[test]
    fn terms_add_up_and_flip_with_the_side() {
        // White: 3 on e5 (4 rows advanced), 2 on a1. Black: 1 on f6 (2 rows advanced) and 3 on h8,
        // both on e5's diagonal: e5 can take f6 with k = 1 and h8 with k = 3, and h8 can take e5.
        let white = Position::from_text("7c/8/5a2/4C3/8/8/8/B7 w").unwrap();
        let black = Position::from_text("7c/8/5a2/4C3/8/8/8/B7 b").unwrap();
        assert_eq!(term(&white, "material"), (500, 400));
        assert_eq!(term(&white, "advancement"), (-24, -4));
        assert_eq!(term(&white, "can capture"), (24, 24));
        assert_eq!(term(&white, "under attack"), (-90, -120));
        let sum = |side: usize| -> i32 {
            terms(&white)
                .iter()
                .map(|t| if side == 0 { t.white } else { t.black })
                .sum()
        };
        assert_eq!(evaluate(&white), sum(0) - sum(1));
        assert_eq!(evaluate(&black), -evaluate(&white));
    }
}
