//! What the search may ask of a game beyond its rules and its evaluation: the strength of its levels
//! in this game, and hooks to search it faster. Every hook has a default that asks the rules, so a
//! game overrides only those it can answer cheaper.

use super::{Evaluation, LevelLadder, MoveList, SearchProfile};

/// The search's view of a game: its levels' ladder, which each game measures, and the optional
/// hooks. The hooks' defaults are correct for every game; overriding one only makes the search
/// faster (or, for [`SearchHooks::make_null_move`] and [`SearchHooks::is_tactical`], lets it use a
/// technique it otherwise leaves out).
pub trait SearchHooks: Evaluation {
    /// The Elo of the engine's levels in this game, its random mover = 0, measured by a round robin
    /// (docs/levels.md): what `UCI_Elo` means here.
    const LEVELS: LevelLadder;

    /// The search's margins, reductions, extensions and switches in this game: search techniques,
    /// not rules, but each pays only as far as measured in the game (docs/strength.md), so each
    /// game may set its own. By default the numbers tuned in Duel.
    const SEARCH: SearchProfile = SearchProfile::DEFAULT;

    /// Whether the side to move has a legal move. Games override the default to stop at the first
    /// one.
    fn has_legal_move(&self) -> bool {
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        !moves.is_empty()
    }

    /// The position with the turn passed to the opponent and nothing else changed (its key
    /// updated), for null-move pruning; `None` for a game that does not offer it. Only the search
    /// calls it, never in check, and the result need not be a position the rules allow.
    fn make_null_move(&self) -> Option<Self> {
        None
    }

    /// Whether the move `mv`, which led from this position to `child`, leaves the opponent in
    /// check: `child.in_check()`, which a game may answer faster from the move, for positions whose
    /// side not to move is not in check (every position reached by legal moves).
    fn gives_check(&self, mv: Self::Move, child: &Self) -> bool {
        let _ = mv;
        child.in_check()
    }

    /// What [`SearchHooks::gives_check`] would say of the move `mv`, told without making it, for a
    /// move after which the game is not decided; `None` where the game cannot tell cheaply (the
    /// default) or where the move may decide the game: the search then makes the move and asks the
    /// child. The search asks it of a move that it skips if quiet, to spare making a move it does
    /// not search.
    fn gives_check_unmade(&self, mv: Self::Move) -> Option<bool> {
        let _ = mv;
        None
    }

    /// Whether `mv` captures.
    fn is_capture(&self, mv: Self::Move) -> bool {
        self.capture_value(mv) > 0
    }

    /// Whether `mv` is tactical: it changes the material at once (a capture, a promotion), so the
    /// quiescence search plays it, and pruning, reductions and the quiet-move history leave it
    /// alone. The default: the captures.
    ///
    /// A game may also count moves that win at once, where it can tell them cheaply. The search
    /// spares those from pruning anyway (it sees the decided position after the move), but only a
    /// tactical one is searched by quiescence (Duel's king stepping onto its goal is not).
    fn is_tactical(&self, mv: Self::Move) -> bool {
        self.is_capture(mv)
    }

    /// Fills `moves` (cleared first) with legal moves among which are all the tactical ones
    /// ([`SearchHooks::is_tactical`]), in the order [`super::Game::generate_moves`] gives them:
    /// what the quiescence search looks at out of check. It searches the tactical moves and skips
    /// any other.
    ///
    /// The default gives every legal move: without a faster way to find the tactical ones a game
    /// generates them all anyway, and leaving the other moves in costs nothing. A game with a
    /// cheaper way (Alice: captures and promotions alone; Duel: captures alone) generates just the
    /// tactical moves.
    fn generate_tactical_moves(&self, moves: &mut MoveList<Self::Move>) {
        self.generate_moves(moves);
    }

    /// The legal move of this position whose [`super::Game::move_code`] is `code`: `Some(mv)`
    /// whenever a legal `mv` has that code.
    ///
    /// For a code no legal move has, `None` — or, in a game whose codes hold the whole move (Duel,
    /// Dipole), possibly the move the bits spell, legal or not: such a game decodes without
    /// generating moves, which keeps the search's table probes cheap. So callers match the result
    /// against the moves they generated before playing it (the search only uses it to order those).
    /// The default generates the moves and looks the code up.
    fn decode_move(&self, code: u16) -> Option<Self::Move> {
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        moves.iter().copied().find(|&mv| self.move_code(mv) == code)
    }
}
