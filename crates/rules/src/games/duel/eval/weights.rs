//! Every weight of the evaluation, in centipawns, in one table (so a tuner has one table to write:
//! `duel tune` prints a replacement for [`WEIGHTS`]).
//!
//! The evaluation is linear: each weight multiplies one feature that `features` counts per side, and a
//! term shown by `eval` is the sum of the weights that share its name. The feature indices below fix
//! the order of the table.

use crate::game::EvalWeight;

/// Dice on the board.
pub const DICE: usize = 0;
/// Open rolling paths of a side's dice (to an empty square or an enemy piece).
pub const MOBILITY: usize = 1;
/// A king's plain distance from its goal square, counted negative (farther is worse).
pub const KING_RACE: usize = 2;
/// The king run by plies to the goal (see `king_run`): `KING_RUN + plies - 1` is 1 for a run of 1 to
/// [`KING_RUN_PLIES`] plies; longer runs count nothing.
pub const KING_RUN: usize = 3;
/// The longest king run the evaluation counts, in plies.
pub const KING_RUN_PLIES: usize = 7;
/// 1 for the side to move.
pub const TEMPO: usize = KING_RUN + KING_RUN_PLIES;
/// Dice by the value they show: `TOPS + top - 2` counts the dice showing `top` from 2 to 6 (a die
/// showing 1 is the reference: its worth is `DIE_VALUE` alone). A die rolls as far as it shows.
pub const TOPS: usize = TEMPO + 1;
/// Squares a side's king could step to (its orthogonal neighbours) that the enemy attacks.
pub const KING_RING_ATTACKED: usize = TOPS + 5;
/// Squares a side's king could step to safely: free of its own pieces and not attacked.
pub const KING_ESCAPES: usize = KING_RING_ATTACKED + 1;
/// How many features (and weights) there are.
pub const FEATURES: usize = KING_ESCAPES + 1;

/// The weights, by feature index: fitted by `duel tune` to self-play games (the recipe is in
/// `docs/journal/strength-eval.md`), except the unit `DIE_VALUE` and the king runs of 1 to 3 plies,
/// which the games leave undetermined (those runs are wins the search sees) and keep their set
/// values: at 1 to 3 plies the opponent has at most one move, which cannot stop a king on a safe
/// square next to the goal. The tempo: the side to move is a move ahead of a static count, and in
/// Duel a move is often a king step or the capture of a die that cannot run.
pub const WEIGHTS: [EvalWeight; FEATURES] = [
    EvalWeight::new("material", "DIE_VALUE", 100),
    EvalWeight::new("mobility", "MOBILITY", 3),
    EvalWeight::new("king race", "KING_RACE", 11),
    EvalWeight::new("king run", "KING_RUN_1", 800),
    EvalWeight::new("king run", "KING_RUN_2", 800),
    EvalWeight::new("king run", "KING_RUN_3", 700),
    EvalWeight::new("king run", "KING_RUN_4", 63),
    EvalWeight::new("king run", "KING_RUN_5", 39),
    EvalWeight::new("king run", "KING_RUN_6", 54),
    EvalWeight::new("king run", "KING_RUN_7", 1),
    EvalWeight::new("tempo", "TEMPO", 15),
    EvalWeight::new("die tops", "TOP_2", 10),
    EvalWeight::new("die tops", "TOP_3", 21),
    EvalWeight::new("die tops", "TOP_4", 13),
    EvalWeight::new("die tops", "TOP_5", 22),
    EvalWeight::new("die tops", "TOP_6", 19),
    EvalWeight::new("king safety", "KING_RING_ATTACKED", -19),
    EvalWeight::new("king safety", "KING_ESCAPES", -15),
];

/// A die's value, also the unit of capture ordering.
pub const DIE_VALUE: i32 = WEIGHTS[DICE].value;
