//! The `Game` trait: a game's rules, everything the search may know about it. How a game is shown
//! (`Presentation`) and tuned (`Tuning`) are traits of their own, with defaults.

use super::{DrawRules, GameMove, MoveList, NetInputs, Outcome, Side};
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
    /// The inputs of this game's neural evaluation and the net it ships with, for games that have
    /// one ([`NetInputs::of`] over the game's [`super::NetFeatures`]); the search then evaluates with
    /// the net unless told to use [`Game::evaluate`].
    const NET: Option<NetInputs<Self>> = None;

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
    /// Whether the side to move has a legal move. Games override the default to stop at the first one.
    fn has_legal_move(&self) -> bool {
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        !moves.is_empty()
    }
    /// The position after `mv`, which must be legal here.
    fn make_move(&self, mv: Self::Move) -> Self;
    /// The position with the turn passed to the opponent and nothing else changed (its key updated),
    /// for null-move pruning; `None` for a game that does not offer it. Only the search calls it, never
    /// in check, and the result need not be a position the rules allow.
    fn make_null_move(&self) -> Option<Self> {
        None
    }
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
    /// Whether the move `mv`, which led from this position to `child`, leaves the opponent in check:
    /// `child.in_check()`, which a game may answer faster from the move, for positions whose side
    /// not to move is not in check (every position reached by legal moves).
    fn gives_check(&self, mv: Self::Move, child: &Self) -> bool {
        let _ = mv;
        child.in_check()
    }
    /// What [`Game::gives_check`] would say of the move `mv`, told without making it, for a move
    /// after which the game is not decided; `None` where the game cannot tell cheaply (the default)
    /// or where the move may decide the game: the search then makes the move and asks the child. The
    /// search asks it of a move that it skips if quiet, to spare making a move it does not search.
    fn gives_check_unmade(&self, mv: Self::Move) -> Option<bool> {
        let _ = mv;
        None
    }
    /// The value of what `mv` captures, or 0 when it captures nothing.
    fn capture_value(&self, mv: Self::Move) -> i32;
    /// Whether `mv` captures.
    fn is_capture(&self, mv: Self::Move) -> bool {
        self.capture_value(mv) > 0
    }
    /// Whether `mv` is tactical: it changes the material at once (a capture, a promotion), so the
    /// quiescence search plays it, and pruning, reductions and the quiet-move history leave it alone.
    /// The default: the captures.
    ///
    /// A game may also count moves that win at once, where it can tell them cheaply. The search
    /// spares those from pruning anyway (it sees the decided position after the move), but only a
    /// tactical one is searched by quiescence (Duel's king stepping onto its goal is not).
    fn is_tactical(&self, mv: Self::Move) -> bool {
        self.is_capture(mv)
    }
    /// Fills `moves` (cleared first) with legal moves among which are all the tactical ones
    /// ([`Game::is_tactical`]), in the order [`Game::generate_moves`] gives them: what the quiescence
    /// search looks at out of check. It searches the tactical moves and skips any other.
    ///
    /// The default gives every legal move: without a faster way to find the tactical ones a game
    /// generates them all anyway, and leaving the other moves in costs nothing. A game with a cheaper
    /// way (Alice: captures and promotions alone; Duel: captures alone) generates just the tactical
    /// moves.
    fn generate_tactical_moves(&self, moves: &mut MoveList<Self::Move>) {
        self.generate_moves(moves);
    }

    /// Parses a move in the game's notation; it must be legal in this position.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveError>;
    /// The canonical text of a legal move, marks included.
    fn format_move(&self, mv: Self::Move) -> String;
    /// The 16-bit code of `mv`, a legal move of this position, under which the transposition table
    /// stores it and the history table scores it; [`Game::decode_move`] inverts it.
    ///
    /// The contract: the code depends only on the position and the move, and distinct legal moves of
    /// one position have distinct codes. A move need not fit in 16 bits: the position may take part
    /// (a Dame capture sequence can be its start and end squares plus an index among the sequences
    /// sharing them). The history table scores a code across positions, so codes should name what
    /// stays alike from one position to the next (start and end squares, say).
    fn move_code(&self, mv: Self::Move) -> u16;
    /// The legal move of this position whose [`Game::move_code`] is `code`: `Some(mv)` whenever a
    /// legal `mv` has that code.
    ///
    /// For a code no legal move has, `None` — or, in a game whose codes hold the whole move (Duel,
    /// Dipole), possibly the move the bits spell, legal or not: such a game decodes without generating
    /// moves, which keeps the search's table probes cheap. So callers match the result against the
    /// moves they generated before playing it (the search only uses it to order those). The default
    /// generates the moves and looks the code up.
    fn decode_move(&self, code: u16) -> Option<Self::Move> {
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        moves.iter().copied().find(|&mv| self.move_code(mv) == code)
    }

    /// The static evaluation from the side to move's point of view, in the game's own unit
    /// (centipawns for Duel), which the search's margins (`search::params`) are measured in.
    fn evaluate(&self) -> i32;
}
