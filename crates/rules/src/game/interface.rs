//! The `Game` trait: a game's rules. What else the search asks of a game is in traits of their own:
//! its evaluation (`Evaluation`), hooks that make the search faster (`SearchHooks`) and the inputs
//! of a neural evaluation (`NetFeatures`); how a game is shown (`Presentation`) and tuned
//! (`Tuning`) too.

use super::{DrawRules, GameMove, MoveList, Outcome, Side};
use std::error::Error;
use std::fmt::Debug;

/// A position of a two-player game, together with its rules.
///
/// Positions are small values: moves are made by copying (`make_move` returns the new position), which
/// keeps the search free of undo bookkeeping. Implementations must keep `hash` updated incrementally and
/// equal to a from-scratch computation.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// A move of this game, with the game's bound on the number of legal moves.
    type Move: GameMove;
    /// Why a position text was rejected.
    type PositionError: Error + Send + Sync + 'static;
    /// Why a move text was rejected in a given position.
    type MoveError: Error + Send + Sync + 'static;

    /// The name used for `UCI_Variant`, `--variant` and PGN's Variant tag.
    const NAME: &'static str;
    /// The tournament draw rules of this game.
    const DRAW_RULES: DrawRules;
    /// How a game is won outright by `decided_winner`, in words, e.g. for Duel "its king reached the
    /// enemy king's start square".
    const GOAL: &'static str;
    /// Fixed positions (in the game's position text) that `bench` searches.
    const BENCH_POSITIONS: &'static [&'static str];
    /// Words that are not moves but marks belonging to the move before them, which the notation lets
    /// stand after a space (Duel: `+` and `++`); see [`crate::game::join_marks`]. None by default.
    const MOVE_MARKS: &'static [&'static str] = &[];

    /// The start position.
    fn start() -> Self;
    /// Parses the game's position text (DFEN for Duel).
    fn from_text(text: &str) -> Result<Self, Self::PositionError>;
    /// Formats the position in the game's position text, counters included.
    fn to_text(&self) -> String;

    /// The side to move.
    fn side_to_move(&self) -> Side;
    /// Fills `moves` with every legal move (cleared first). Empty when the game is already decided.
    fn generate_moves(&self, moves: &mut MoveList<Self::Move>);
    /// The position after `mv`, which must be legal here.
    fn make_move(&self, mv: Self::Move) -> Self;
    /// The Zobrist key of the position (pieces, their states and the side to move).
    fn hash(&self) -> u64;

    /// The winner the position itself shows, before any move is generated (Duel: a king on its goal
    /// square).
    fn decided_winner(&self) -> Option<Side>;
    /// What it means for the side to move to have no legal move (Duel: it loses).
    fn no_move_outcome(&self) -> Outcome;
    /// Consecutive plies without an irreversible move, for [`DrawRules::quiet_plies`].
    fn quiet_plies(&self) -> u32;
    /// Whether the side to move is under attack in the game's sense (Duel: its king is attacked).
    fn in_check(&self) -> bool;

    /// Parses a move in the game's notation; it must be legal in this position.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveError>;
    /// The canonical text of a legal move, marks included.
    fn format_move(&self, mv: Self::Move) -> String;
    /// The 16-bit code of `mv`, a legal move of this position, under which the transposition table
    /// stores it, the history table scores it and datagen files record it;
    /// [`super::SearchHooks::decode_move`] inverts it.
    ///
    /// The contract: the code depends only on the position and the move, and distinct legal moves of
    /// one position have distinct codes. A move need not fit in 16 bits: the position may take part
    /// (a Dame capture sequence can be its start and end squares plus an index among the sequences
    /// sharing them). The history table scores a code across positions, so codes should name what
    /// stays alike from one position to the next (start and end squares, say).
    fn move_code(&self, mv: Self::Move) -> u16;
}
