//! Every weight of the evaluation, in centipawns, in one table (so a tuner has one table to write:
//! `duel tune --variant dipole` prints a replacement for [`WEIGHTS`]).
//!
//! The evaluation is linear: each weight multiplies one feature that `features` counts per side, and a
//! term shown by `eval` is the sum of the weights that share its name. The feature indices below fix
//! the order of the table.

use crate::game::EvalWeight;

/// Checkers on the board: running out of them is what loses.
pub const CHECKERS: usize = 0;
/// Rows the checkers have advanced from their own home row, summed per checker (0 to 7 each). Every
/// plain move goes forward and a checker on the far row can only take or bear off, so the rows a
/// side still has ahead are the moves it can wait with.
pub const ADVANCEMENT: usize = 1;
/// Checkers on their far row, which can only capture or bear off.
pub const FAR_ROW: usize = 2;
/// Checkers in stacks the opponent can capture now.
pub const UNDER_ATTACK: usize = 3;
/// Checkers in stacks the opponent can capture now, counted only while the opponent is to move: a
/// threat it carries out at once, where the side to move could still answer one against itself.
pub const HANGING: usize = 4;
/// Checkers in stacks that can capture an enemy stack now.
pub const CAN_CAPTURE: usize = 5;
/// Stacks on the board.
pub const STACKS: usize = 6;
/// Squares the stacks can step or merge onto (captures aside): room to wait and manoeuvre.
pub const MOBILITY: usize = 7;
/// Checkers in stacks tall enough to bear off now (near the far row or an edge).
pub const CAN_BEAR_OFF: usize = 8;
/// 1 for the side to move.
pub const TEMPO: usize = 9;
/// How many features (and weights) there are.
pub const FEATURES: usize = TEMPO + 1;

/// The weights, by feature index (a term's weights stand together, so that `eval` shows each term
/// once): fitted by `duel tune --variant dipole --keep-decided --fix CHECKER_VALUE` to 4,000
/// self-play games of the hand-set first evaluation (docs/journal/strength-eval.md), the checker
/// keeping its hand-set value as the unit. Having to move is a burden (every move spends rows or
/// checkers), and room to move is worth more than the checkers' count.
pub const WEIGHTS: [EvalWeight; FEATURES] = [
    EvalWeight::new("material", "CHECKER_VALUE", 100),
    EvalWeight::new("advancement", "ADVANCEMENT", -7),
    EvalWeight::new("advancement", "FAR_ROW", -23),
    EvalWeight::new("under attack", "UNDER_ATTACK", -28),
    EvalWeight::new("under attack", "HANGING", -6),
    EvalWeight::new("can capture", "CAN_CAPTURE", 7),
    EvalWeight::new("stacks", "STACKS", 0),
    EvalWeight::new("mobility", "MOBILITY", 34),
    EvalWeight::new("mobility", "CAN_BEAR_OFF", 21),
    EvalWeight::new("tempo", "TEMPO", -23),
];

/// Centipawn value of a checker on the board (what a capture is worth to move ordering).
pub const CHECKER_VALUE: i32 = WEIGHTS[CHECKERS].value;
