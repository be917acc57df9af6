//! A game's review in numbers, as lichess reviews a game: how bad a move was by the points of
//! expected result it gave away ([`judgment`]: the thresholds of an inaccuracy, a mistake and a
//! blunder, and their PGN marks), and each side's accuracy ([`accuracy`]: lichess's formula, for a
//! move and for a game).
//!
//! Every number here is the mover's (or White's) expected result in percent, 0..100: a win 100, a
//! draw 50, as [`Wdl::expected_percent`](crate::game::Wdl::expected_percent) gives it. Where those
//! numbers come from (a search, an engine's comments) is the caller's: `duel annotate` searches each
//! position, a browser review could read them from the page's engine.

pub mod accuracy;
pub mod judgment;

pub use accuracy::{game_accuracy, move_accuracy};
pub use judgment::{BLUNDER_LOSS, INACCURACY_LOSS, Judgment, MISTAKE_LOSS, loss};
