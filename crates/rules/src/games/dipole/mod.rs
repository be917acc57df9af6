//! Dipole, Mark Steere's stacking game (rules: `shared/rules/dipole.md`). Only this module knows its
//! rules.
//!
//! Stacks of 1..12 checkers stand on the 32 dark squares. A move takes k checkers off the top of a stack
//! and moves them exactly k squares along a line: forward onto an empty square or an own stack, in any
//! direction onto an enemy stack no taller than k (capturing it), or forward off the board (bearing
//! off). A side with no move passes; a side with no checkers has lost.
//!
//! Files: `square` (the dark squares), `lines` (precomputed landing squares and bearing-off
//! distances), `stack`, `position` (board, copy-make, Zobrist key), `movegen`, `moves` (16-bit
//! encoding), `notation`, `fen` (the position text), `zobrist`, `eval`, `diagram`, `web_board` (the
//! board as data for graphical front ends), `piece_squares` (stacks on squares as a side sees them,
//! numbered once for `net_features` and `learning`'s observation planes).

mod diagram;
mod eval;
mod fen;
mod learning;
mod lines;
mod movegen;
mod moves;
mod net_features;
mod notation;
mod piece_squares;
mod position;
mod stack;
mod web_board;
mod zobrist;

pub use fen::FenError;
pub use moves::{Move, MoveKind};
pub use notation::MoveError;
pub use position::Position;
pub use square::Square;

pub use stack::{MAX_HEIGHT, Stack};

// The board's squares: the dark squares of an 8×8 board, as in the other game played on them.
use crate::game::dark_square as square;
use crate::game::{
    DrawRules, EvalTerm, Evaluation, Game, LevelLadder, LinearEval, MoveList, Outcome, Perft,
    Presentation, SearchHooks, Side, WinRateModel, embedded_win_rate_model,
};
use std::sync::LazyLock;

/// The position text of the start position.
pub const START_TEXT: &str = "3l4/8/8/8/8/8/8/4L3 w";

impl Game for Position {
    type Move = Move;
    type PositionError = FenError;
    type MoveError = MoveError;

    const NAME: &'static str = "dipole";
    /// None: every non-capturing move goes forward and captures remove checkers, so the game ends.
    const DRAW_RULES: DrawRules = DrawRules::NONE;
    const GOAL: &'static str = "the opponent has no checkers left";
    /// The start and three middle games reached by 12 plies of seeded random play (`Rng::new(seed)`
    /// for seeds 1, 2 and 4; seed 3 leaves little on the board) that, three times in four, picks among
    /// the moves staying on the board. `tests/games/dipole_rules.rs` replays them.
    const BENCH_POSITIONS: &'static [&'static str] = &[
        START_TEXT,
        "3b4/4G3/3b1b2/8/7d/8/3b4/4D3 w",
        "3e4/4B3/1A6/B3B3/1C5a/8/3c3c/4A3 w",
        "3c4/8/1d1A1b2/C3C1a1/8/6B1/5A2/4b3 w",
    ];

    fn start() -> Self {
        // The start text is a constant that the tests parse.
        fen::parse(START_TEXT).expect("the start position text is valid")
    }

    fn from_text(text: &str) -> Result<Self, FenError> {
        fen::parse(text)
    }

    fn to_text(&self) -> String {
        fen::format(self)
    }

    #[inline]
    fn side_to_move(&self) -> Side {
        self.side
    }

    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        movegen::for_each_legal_move(self, |mv| moves.push(mv));
    }

    /// An illegal move gives a meaningless position, but no panic: the arithmetic saturates.
    fn make_move(&self, mv: Move) -> Self {
        position::make_move(self, mv)
    }

    /// The incrementally updated key.
    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    /// Once a side has no checkers left, the other side, whoever removed the last one (a capture, or
    /// the side itself bearing it off).
    #[inline]
    fn decided_winner(&self) -> Option<Side> {
        // A move removes checkers of one side only, so both sides never run out together; a position
        // text with no checkers at all is rejected.
        Side::BOTH
            .into_iter()
            .find(|&side| self.checkers(side.opponent()) == 0)
    }

    /// Never reached in play: a side with checkers always has a move, if only `pass`, so the move list
    /// is empty only in a decided position, where the side to move (or its opponent, having borne off
    /// its last checker) has none. Should a caller ask anyway, being stuck loses.
    fn no_move_outcome(&self) -> Outcome {
        Outcome::Win(self.side.opponent())
    }

    /// Always 0: Dipole has no draw rules that would count plies.
    fn quiet_plies(&self) -> u32 {
        0
    }

    /// Always false: Dipole has no check.
    fn in_check(&self) -> bool {
        false
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse(self, text)
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format(self, mv)
    }

    /// The move's own 16 bits.
    fn move_code(&self, mv: Move) -> u16 {
        mv.bits()
    }
}

impl Evaluation for Position {
    /// A checker.
    const EVAL_UNIT: i32 = eval::CHECKER_VALUE;

    fn evaluate(&self) -> i32 {
        self.linear_evaluate()
    }

    fn capture_value(&self, mv: Move) -> i32 {
        match mv.kind() {
            MoveKind::Step { to, .. } if self.occupied_by(self.side.opponent()) & to.bit() != 0 => {
                eval::CHECKER_VALUE * i32::from(self.height(to))
            }
            _ => 0,
        }
    }

    fn material(&self) -> i32 {
        self.linear_material()
    }

    fn win_rate_model() -> &'static WinRateModel {
        static MODEL: LazyLock<WinRateModel> = LazyLock::new(|| {
            embedded_win_rate_model("dipole", include_str!("../../../nets/dipole.wdl"))
        });
        &MODEL
    }
}

impl SearchHooks for Position {
    /// docs/levels.md, "Every game's ladder".
    const LEVELS: LevelLadder = LevelLadder::new([743, 1298, 1502, 1772, 2063]);

    fn has_legal_move(&self) -> bool {
        // A side that cannot move otherwise passes: only a decided position has no move.
        self.decided_winner().is_none()
    }

    /// The move the bits spell, without a legality check (see [`SearchHooks::decode_move`]); `None`
    /// for bits that spell no move.
    fn decode_move(&self, code: u16) -> Option<Move> {
        Some(Move::from_bits(code)).filter(|&mv| mv != Move::NULL)
    }
}

impl Perft for Position {
    fn legal_move_count(&self) -> u64 {
        movegen::count_legal_moves(self)
    }
}

impl Presentation for Position {
    fn diagram(&self) -> String {
        diagram::render(self)
    }

    fn eval_terms(&self) -> Vec<EvalTerm> {
        self.linear_terms()
    }
}

/// No endgame databases: the defaults, no signature.
impl crate::game::EndgameIndex for Position {}
