//! Every weight of the evaluation, in centipawns, in one table (so a tuner has one table to write:
//! `duel tune` prints a replacement for [`WEIGHTS`]).
//!
//! The evaluation is linear: each weight multiplies one feature that `features` counts per side, and a
//! term shown by `eval` is the sum of the weights that share its name. The feature indices below fix
//! the order of the table.

use crate::game::EvalWeight;

/// Men on the board.
pub const MEN: usize = 0;
/// Kings on the board.
pub const KINGS: usize = 1;
/// Rows the men have advanced from their own home row, summed (0 to 6 per man).
pub const ADVANCEMENT: usize = 2;
/// Men still on their own home row, guarding the crowning squares.
pub const BACK_RANK: usize = 3;
/// Plain moves the side could make (capturing aside): room to manoeuvre.
pub const MOBILITY: usize = 4;
/// 1 for the side to move.
pub const TEMPO: usize = 5;
/// Men with no enemy piece anywhere ahead of them within reach (see `cones`): likely to be crowned.
pub const RUNAWAY: usize = 6;
/// How many features (and weights) there are.
pub const FEATURES: usize = RUNAWAY + 1;

/// The weights, by feature index: fitted by `duel tune --score-weight 1 --fix MAN_VALUE,KING_VALUE`
/// to the search scores of 3,000 self-play games of the hand-set table
/// (docs/journal/strength-eval.md); the man and the king (a flying king crosses the board in one
/// move and captures from afar, so it is worth well over two men) keep their hand-set values.
pub const WEIGHTS: [EvalWeight; FEATURES] = [
    EvalWeight::new("material", "MAN_VALUE", 100),
    EvalWeight::new("material", "KING_VALUE", 250),
    EvalWeight::new("advancement", "ADVANCEMENT", 4),
    EvalWeight::new("back rank", "BACK_RANK", 28),
    EvalWeight::new("mobility", "MOBILITY", 1),
    EvalWeight::new("tempo", "TEMPO", 1),
    EvalWeight::new("runaway", "RUNAWAY", 43),
];

/// A man's value, the unit of capture ordering.
pub const MAN_VALUE: i32 = WEIGHTS[MEN].value;
/// A king's value.
pub const KING_VALUE: i32 = WEIGHTS[KINGS].value;
