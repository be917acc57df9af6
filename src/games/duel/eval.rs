//! A simple static evaluation: material, mobility and the kings' race to their goal squares.
//! (The strength work replaces it; the terms are what `eval` shows.)

use super::paths::PATHS;
use super::position::{Position, goal_square};
use crate::game::{EvalTerm, Side};

/// Centipawn value of a die.
pub const DIE_VALUE: i32 = 100;
/// Centipawns per square a side's dice can roll to.
const MOBILITY_WEIGHT: i32 = 3;
/// Centipawns per square of a king's distance from its goal square (subtracted).
const KING_RACE_WEIGHT: i32 = 6;

/// The evaluation split into its terms, per side.
#[derive(Clone, Copy, Debug, Default)]
struct Breakdown {
    material: [i32; 2],
    mobility: [i32; 2],
    king_race: [i32; 2],
}

fn breakdown(pos: &Position) -> Breakdown {
    let mut terms = Breakdown::default();
    let occupied = pos.occupied();
    for side in Side::BOTH {
        let s = side.index();
        let own = pos.occupied_by(side);
        let mut reach = 0;
        for die in pos.dice(side) {
            terms.material[s] += DIE_VALUE;
            reach += PATHS
                .from(die, pos.top_at(die))
                .iter()
                .filter(|p| !p.blocked_by(occupied) && !own.has(p.mv.to()))
                .count() as i32;
        }
        terms.mobility[s] = MOBILITY_WEIGHT * reach;
        terms.king_race[s] = -KING_RACE_WEIGHT * pos.king(side).distance(goal_square(side));
    }
    terms
}

/// The evaluation in centipawns from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    let t = breakdown(pos);
    let white = t.material[0] + t.mobility[0] + t.king_race[0];
    let black = t.material[1] + t.mobility[1] + t.king_race[1];
    match pos.side_to_move() {
        Side::White => white - black,
        Side::Black => black - white,
    }
}

/// The named terms of [`evaluate`].
pub fn terms(pos: &Position) -> Vec<EvalTerm> {
    let t = breakdown(pos);
    [
        ("material", t.material),
        ("mobility", t.mobility),
        ("king race", t.king_race),
    ]
    .into_iter()
    .map(|(name, [white, black])| EvalTerm { name, white, black })
    .collect()
}
