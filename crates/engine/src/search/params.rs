//! Every tunable number of the search, in one place. The margins (`*_MARGIN`) are score distances
//! counted in the game's basic pieces ([`Pieces`]: a die, a checker, a man, a pawn), which each
//! game values once ([`duel_rules::game::Evaluation::EVAL_UNIT`]). They were tuned in Duel, where a die
//! is 100, and serve the other games as that many of their own pieces. A piece does not weigh the
//! same in every game: Duel's scores follow the results at a logistic scale of about 46, Alice's at
//! about 310 (docs/nnue.md), so a margin may well want retuning per game.
//!
//! Names follow `<TECHNIQUE>_<ROLE>`, with the roles: `BASE` (a starting value), `MARGIN` (a score
//! distance), `FACTOR` (a multiplier), `MAX` (a cap), `DEPTH` (the depth from which a technique
//! applies), `OFFSET` (a depth added before comparing), `INTERVAL` (how often, in nodes), `FLOOR` (the
//! least value allowed), `DIVISOR` (a depth is divided by it). These are search parameters, not the limits
//! of one search (see `limits.rs`).

use duel_rules::game::Pieces;
use std::time::Duration;

/// Iterations from this depth on start with a window around the previous score.
pub const ASPIRATION_DEPTH: u32 = 4;
/// Half-width of the first aspiration window around the previous iteration's score.
pub const ASPIRATION_MARGIN: Pieces = Pieces::hundredths(30);
/// After a failed window its half-width grows by this factor, in percent.
pub const ASPIRATION_GROWTH_FACTOR: i32 = 150;

/// History scores stay within ±this; the update pulls them toward the bound ("gravity"), so old
/// evidence fades instead of saturating.
pub const HISTORY_MAX: i32 = 16_384;
/// The history bonus for a cut at depth d is `HISTORY_BONUS_FACTOR · d²`, capped at
/// [`HISTORY_BONUS_MAX`].
pub const HISTORY_BONUS_FACTOR: i32 = 4;
/// The largest single history bonus.
pub const HISTORY_BONUS_MAX: i32 = 2_048;

/// Null-move pruning applies from this remaining depth on.
pub const NMP_DEPTH: i32 = 3;
/// The null move's search is this many plies shallower than a real move's, plus depth /
/// [`NMP_DIVISOR`].
pub const NMP_BASE: i32 = 3;
/// See [`NMP_BASE`]: deeper nodes reduce the null move more.
pub const NMP_DIVISOR: i32 = 4;
/// The side to move needs at least this many legal moves to try a null move: a side with few moves
/// may be in zugzwang, and a game without stalemate (Duel) loses when it runs out of them.
pub const NMP_MOVES_FLOOR: usize = 8;

/// A move that gives check is searched one ply deeper, but only at plies below this multiple of the
/// iteration's depth: a line of checks can then grow at most that long, never without end.
pub const CHECK_EXTENSION_FACTOR: usize = 2;

/// The singular extension (in the games that ask for it: `SearchHooks::SINGULAR_EXTENSION`) is
/// tested from this remaining depth on.
pub const SE_DEPTH: i32 = 8;
/// The table's lower bound of the move tested may be at most this many plies shallower than the node.
pub const SE_TABLE_DEPTH_SLACK: i32 = 3;
/// The other moves are searched against the table's score less this much per remaining ply.
pub const SE_MARGIN: Pieces = Pieces::hundredths(2);

/// Internal iterative reduction: a node without a table move is searched one ply shallower from this
/// remaining depth on.
pub const IIR_DEPTH: i32 = 4;

/// Reverse futility pruning applies up to this remaining depth.
pub const RFP_DEPTH_MAX: i32 = 6;
/// Reverse futility pruning: the static evaluation must beat beta by this much per remaining ply.
pub const RFP_MARGIN: Pieces = Pieces::hundredths(80);

/// Futility pruning applies up to this remaining depth.
pub const FUTILITY_DEPTH_MAX: i32 = 3;
/// Futility pruning: quiet moves are skipped where the static evaluation plus this much per remaining
/// ply stays at or below alpha.
pub const FUTILITY_MARGIN: Pieces = Pieces::hundredths(120);

/// Late move pruning applies up to this remaining depth.
pub const LMP_DEPTH_MAX: i32 = 3;
/// At depth d, quiet moves from index `LMP_BASE + d²` (0 = first) on are skipped.
pub const LMP_BASE: i32 = 4;

/// Late move reductions apply from this remaining depth on.
pub const LMR_DEPTH: i32 = 3;
/// Moves before this index (0 = first) are never reduced; a principal-variation node spares one more.
pub const LMR_MOVES_FLOOR: usize = 3;
/// The reduction is `(LMR_BASE + ln depth · ln index · LMR_FACTOR) / 100` plies.
pub const LMR_BASE: i32 = 50;
/// See [`LMR_BASE`].
pub const LMR_FACTOR: i32 = 40;

/// A new entry for the same position replaces a deeper one unless the old depth exceeds the new by
/// more than this.
pub const TT_REPLACE_OFFSET: i32 = 2;

/// Nodes between two looks at the clock (a power of two: the test is a mask). A clock read costs tens
/// of nanoseconds, 256 nodes some hundred microseconds, or a few milliseconds on a crowded machine:
/// the hard limit is overrun by no more than that.
pub const TIME_CHECK_INTERVAL: u64 = 256;
/// Moves assumed to remain when the clock has no moves-to-go. Fewer than a game's moves: the share
/// shrinks with the clock, and the engine rarely spends all of it (at 1+0.01, 25 left half the clock
/// unused at the end of a game and lost 36 Elo at equal time; 15, 12 and 10 measured:
/// docs/journal/strength.md).
pub const TIME_MOVES_TO_GO_BASE: u32 = 10;
/// Share of the increment the soft limit spends, in percent.
pub const TIME_INCREMENT_FACTOR: u32 = 75;
/// The hard limit is at most this share of the move's share of time, in percent: close to it, so that
/// no move takes much more than its share even when an iteration outgrows its prediction.
pub const TIME_HARD_FACTOR: u32 = 140;
/// The hard limit is at most this share of the time left, in percent.
pub const TIME_HARD_MAX: u32 = 50;
/// No time limit goes below this, whatever the overhead: some search beats none.
pub const TIME_FLOOR: Duration = Duration::from_millis(1);
/// When the position needs more thought (the best move changed in the last iteration, or its score
/// fell by [`TIME_FALL_MARGIN`] or more), a new iteration may start up to this share of the soft
/// limit, in percent (when it is predicted to end before the hard limit).
pub const TIME_UNSTABLE_EXTENSION: u32 = 130;
/// A fall of the best score by this much since the previous iteration extends the soft limit: see
/// [`TIME_UNSTABLE_EXTENSION`].
pub const TIME_FALL_MARGIN: Pieces = Pieces::hundredths(30);
/// The growth of an iteration's time over the previous one's, as predicted, is clamped to this range
/// (in percent): low depths are too quick to time, and one odd iteration must not stop the search.
pub const TIME_GROWTH_RANGE: (u32, u32) = (200, 500);

/// A search without a depth limit (`infinite` included) stops once it has found a mate in n moves and
/// completed this many iterations beyond the plies that prove it (2n − 1 for a win, 2n for a loss):
/// deeper ones mostly confirm it, and under a clock the time is the player's own. Six, not four: in
/// Dipole, pruning hides a shorter mate behind the first one found for up to six plies more (a mate in 6
/// seen at depth 10, the mate in 5 only at depth 16: docs/tactics.md).
pub const MATE_SETTLE_MARGIN: u32 = 6;
