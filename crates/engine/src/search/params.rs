//! The search's fixed numbers: the history's bound, the table's replacement, the time manager's and
//! the mate's settling. The tunable margins, reductions, extensions and switches are each game's
//! ([`duel_rules::game::SearchProfile`], read through `Shared::profile`); these are not per game.
//! The margins (`*_MARGIN`) are score distances counted in the game's basic pieces ([`Pieces`]).
//!
//! Names follow `<TECHNIQUE>_<ROLE>`, with the roles: `BASE` (a starting value), `MARGIN` (a score
//! distance), `FACTOR` (a multiplier), `MAX` (a cap), `OFFSET` (a depth added before comparing),
//! `INTERVAL` (how often, in nodes), `FLOOR` (the least value allowed). These are search parameters,
//! not the limits of one search (see `limits.rs`).

use duel_rules::game::Pieces;
use std::time::Duration;

/// History scores stay within ±this; the update pulls them toward the bound ("gravity"), so old
/// evidence fades instead of saturating.
pub const HISTORY_MAX: i32 = 16_384;

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
