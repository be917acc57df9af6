//! The static evaluation: a weighted sum of features counted per side (material with kings worth
//! more, advancement, the back-rank guard, mobility, tempo, runaway men), so that `duel tune` can fit
//! the weights.

mod cones;
mod weights;

use super::direction::Direction;
use super::movegen;
use super::position::Position;
use super::square::{Square, row_set};
use crate::game::{EvalWeight, FeatureCounts, Game, LinearEval, Side};
use weights::{ADVANCEMENT, BACK_RANK, FEATURES, KINGS, MEN, MOBILITY, RUNAWAY, TEMPO, WEIGHTS};
pub use weights::{KING_VALUE, MAN_VALUE};

/// Each side's feature counts, White's first.
type Features = FeatureCounts<FEATURES>;

/// The features of both sides.
fn features(pos: &Position) -> Features {
    let mut counts = Features::ZERO;
    let empty = !pos.occupied();
    for side in Side::BOTH {
        let count = counts.of(side);
        let men = pos.men(side);
        let home_row = match side {
            Side::White => 0,
            Side::Black => 7,
        };
        count[MEN] = men.count_ones() as i32;
        count[KINGS] = pos.kings(side).count_ones() as i32;
        count[BACK_RANK] = (men & row_set(home_row)).count_ones() as i32;
        let enemies = pos.pieces(side.opponent());
        for man in Square::in_set(men) {
            count[ADVANCEMENT] += (man.row() - home_row).abs();
            count[RUNAWAY] += i32::from(cones::cone(side, man) & enemies == 0);
        }
        count[MOBILITY] = Direction::with_forward(side, |forward| {
            forward
                .into_iter()
                .map(|dir| (dir.shift(men) & empty).count_ones() as i32)
                .sum()
        });
        for king in Square::in_set(pos.kings(side)) {
            count[MOBILITY] += movegen::king_reach(king, empty).count_ones() as i32;
        }
        count[TEMPO] = i32::from(pos.side_to_move() == side);
    }
    counts
}

impl LinearEval for Position {
    type Counts = Features;
    const WEIGHTS: &'static [EvalWeight; FEATURES] = &WEIGHTS;

    fn features(&self) -> Features {
        features(self)
    }
}

/// The value of what `captured` (a set of the opponent's squares) takes in `pos`.
pub fn captured_value(pos: &Position, captured: u32) -> i32 {
    let them = pos.side_to_move().opponent();
    let kings = (captured & pos.kings(them)).count_ones() as i32;
    let men = (captured & pos.men(them)).count_ones() as i32;
    MAN_VALUE * men + KING_VALUE * kings
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Counts, Game};

    fn term(pos: &Position, name: &str) -> [i32; 2] {
        pos.linear_terms()
            .into_iter()
            .find(|t| t.name == name)
            .map(|t| [t.white, t.black])
            .expect("term exists")
    }

    #[test]
    fn the_start_is_balanced() {
        let start = Position::start();
        for t in start
            .linear_terms()
            .into_iter()
            .filter(|t| t.name != "tempo")
        {
            assert_eq!(t.white, t.black, "{}", t.name);
        }
        assert_eq!(term(&start, "material"), [1200, 1200]);
        // Four men on each home row.
        let back_rank = 4 * WEIGHTS[BACK_RANK].value;
        assert_eq!(term(&start, "back rank"), [back_rank, back_rank]);
        // Only the front men can step: a3 to b4, c3 to b4 or d4, and so on, 7 moves each.
        let mobility = 7 * WEIGHTS[MOBILITY].value;
        assert_eq!(term(&start, "mobility"), [mobility, mobility]);
        assert_eq!(start.linear_evaluate(), WEIGHTS[TEMPO].value);
    }

    #[test]
    fn each_feature_counts_what_it_says() {
        // White: a king on a1, men on e1 (home row), c3 and f6 (nothing ahead of it: a runaway).
        // Black: men on b8 (home row) and h4, a king on h2. Black to move.
        let pos = Position::from_text("1m6/8/5M2/8/7m/2M5/7k/K3M3 b").unwrap();
        let features = features(&pos).difference();
        assert_eq!(features[MEN], 3 - 2);
        assert_eq!(features[KINGS], 1 - 1);
        assert_eq!(
            features[ADVANCEMENT],
            (2 + 5) - 4,
            "e1 and b8 have not moved"
        );
        assert_eq!(features[BACK_RANK], 1 - 1);
        assert_eq!(features[TEMPO], -1);
        // c3 has b8 ahead, e1 has h4 and h4 has e1 within reach; b8 has c3.
        assert_eq!(features[RUNAWAY], 1, "f6 only");
        // White: a1 to b2 (c3 blocks), two steps each for c3, e1 and f6: 7. Black: b8 to a7 and c7,
        // h4 to g3, the king on h2 to g1 and along g3..c7 (b8 blocks): 9.
        assert_eq!(features[MOBILITY], 7 - 9);
    }
}
