//! Every weight of the evaluation, in centipawns, in one place (so a tuner has one table to write).

/// A die on the board.
pub const DIE_VALUE: i32 = 100;
/// Each path a side's dice can roll (to an empty square or an enemy piece).
pub const MOBILITY: i32 = 3;
/// Each square of a king's plain distance from its goal square (subtracted).
pub const KING_RACE: i32 = 6;
/// The king run by plies to the goal (see `king_run`), indexed by plies; beyond the table nothing.
/// At 1 to 3 plies the opponent has at most one move, which cannot stop a king on a safe square next to
/// the goal: as good as won. The rest fall off fast, as every defending move may cover the approach.
pub const KING_RUN: [i32; 8] = [0, 800, 800, 700, 300, 140, 60, 25];
/// The side to move: it is a move ahead of a static count, and in Duel a move is often a king step or
/// the capture of a die that cannot run.
pub const TEMPO: i32 = 12;
