//! The static evaluation: a weighted sum of features counted per side (material, advancement and
//! the far row, stacks under attack and stacks that can capture, mobility, tempo), so that `duel tune`
//! can fit the weights (`weights`).

mod weights;

use super::lines::lines;
use super::position::Position;
use super::square::Square;
use crate::game::{EvalWeight, FeatureCounts, Game, LinearEval, Side};
pub use weights::CHECKER_VALUE;
use weights::{
    ADVANCEMENT, CAN_BEAR_OFF, CAN_CAPTURE, CHECKERS, FAR_ROW, FEATURES, HANGING, MOBILITY, STACKS,
    TEMPO, UNDER_ATTACK, WEIGHTS,
};

/// Each side's feature counts, White's first.
type Features = FeatureCounts<FEATURES>;

/// The features of both sides.
fn features(pos: &Position) -> Features {
    let mut counts = Features::ZERO;
    // attacked[s]: s's stacks that the other side can capture.
    let mut attacked = [0u32; 2];
    for side in Side::BOTH {
        let theirs = pos.occupied_by(side.opponent());
        let count = counts.of(side);
        for from in Square::in_set(pos.occupied_by(side)) {
            let height = pos.height(from);
            let checkers = i32::from(height);
            let rows_advanced = match side {
                Side::White => from.row(),
                Side::Black => 7 - from.row(),
            };
            count[CHECKERS] += checkers;
            count[ADVANCEMENT] += checkers * rows_advanced;
            count[STACKS] += 1;
            if rows_advanced == 7 {
                count[FAR_ROW] += checkers;
            }
            let l = lines(side, from);
            if height >= l.bear_off_from {
                count[CAN_BEAR_OFF] += checkers;
            }
            let mut captures = false;
            for stop in l.forward.within(height) {
                let to = stop.square;
                if theirs & to.bit() == 0 {
                    count[MOBILITY] += 1;
                } else if pos.height(to) <= stop.distance {
                    attacked[side.opponent().index()] |= to.bit();
                    captures = true;
                }
            }
            for stop in l.other.within(height) {
                if theirs & stop.square.bit() != 0 && pos.height(stop.square) <= stop.distance {
                    attacked[side.opponent().index()] |= stop.square.bit();
                    captures = true;
                }
            }
            if captures {
                count[CAN_CAPTURE] += checkers;
            }
        }
        count[TEMPO] = i32::from(pos.side_to_move() == side);
    }
    for side in Side::BOTH {
        let under_attack: i32 = Square::in_set(attacked[side.index()])
            .map(|sq| i32::from(pos.height(sq)))
            .sum();
        let count = counts.of(side);
        count[UNDER_ATTACK] = under_attack;
        if pos.side_to_move() != side {
            count[HANGING] = under_attack;
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    fn count(pos: &Position, feature: usize) -> (i32, i32) {
        let counts = features(pos);
        (counts.0[0][feature], counts.0[1][feature])
    }

    #[test]
    fn the_start_is_level_but_for_the_move() {
        let start = Position::start();
        assert_eq!(start.linear_evaluate(), WEIGHTS[TEMPO].value);
        assert_eq!(count(&start, CHECKERS), (12, 12));
        assert_eq!(count(&start, ADVANCEMENT), (0, 0));
        assert_eq!(count(&start, TEMPO), (1, 0));
    }

    #[test]
    fn features_count_what_they_say_and_the_score_is_their_sum() {
        // White: 3 on e5 (4 rows advanced), 2 on a1. Black: 1 on f6 (2 rows advanced) and 3 on h8,
        // both on e5's diagonal: e5 can take f6 with k = 1 and h8 with k = 3, and h8 can take e5.
        let white = Position::from_text("7c/8/5a2/4C3/8/8/8/B7 w").unwrap();
        let black = Position::from_text("7c/8/5a2/4C3/8/8/8/B7 b").unwrap();
        assert_eq!(count(&white, CHECKERS), (5, 4));
        assert_eq!(count(&white, ADVANCEMENT), (12, 2));
        assert_eq!(count(&white, CAN_CAPTURE), (3, 3));
        assert_eq!(count(&white, UNDER_ATTACK), (3, 4));
        assert_eq!(
            count(&white, HANGING),
            (0, 4),
            "only Black's, White to move"
        );
        assert_eq!(count(&black, HANGING), (3, 0));
        assert_eq!(
            count(&white, FAR_ROW),
            (0, 0),
            "h8 is Black's home row, not its far row"
        );
        assert_eq!(count(&white, STACKS), (2, 2));
        // a1 (2): b2, c3 and a3 (2 up the file); e5 (3): d6, c7, e7, g7 and b8 (f6 and h8 are
        // captures, not steps).
        assert_eq!(count(&white, MOBILITY).0, 3 + 5);
        let by_hand = |pos: &Position| -> i32 {
            let terms = pos.linear_terms();
            terms.iter().map(|t| t.white - t.black).sum()
        };
        // The score is the terms' sum, from the side to move's point of view.
        assert_eq!(white.linear_evaluate(), by_hand(&white));
        assert_eq!(black.linear_evaluate(), -by_hand(&black));
        let names: Vec<&str> = white.linear_terms().iter().map(|t| t.name).collect();
        let mut unique = names.clone();
        unique.dedup();
        assert_eq!(names, unique, "each term once");
    }

    #[test]
    fn the_far_row_and_bearing_off_are_counted() {
        // White 2 on b8 (its far row: can bear off with k = 1), Black 1 on g3.
        let pos = Position::from_text("1B6/8/8/8/8/6a1/8/8 w").unwrap();
        assert_eq!(count(&pos, FAR_ROW), (2, 0));
        assert_eq!(count(&pos, CAN_BEAR_OFF).0, 2);
    }
}
