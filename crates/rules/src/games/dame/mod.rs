//! Dame, German checkers with flying kings (rules: `shared/rules/dame.md`). Only this module knows
//! its rules.
//!
//! Men and kings stand on the 32 dark squares. Men step and capture diagonally forward; kings move
//! any distance along a free diagonal and capture a piece at any distance, landing anywhere beyond
//! it. Capturing is compulsory and goes on while it can, so a move is a whole capture sequence; a man
//! reaching the far row is crowned when its move ends. A side with no piece or no move loses;
//! threefold repetition and 50 plies of king moves without capture draw.
//!
//! Files: `square` (the dark squares), `direction` (diagonal steps and shifts of square sets),
//! `moves` (a move with its whole capture sequence), `position` (board, copy-make, Zobrist key), `capturers` (the pieces that must capture),
//! `movegen` (listing and counting moves, with `jumps` for capture sequences), `code` (a move's 16-bit code, which needs the position), `notation`, `fen` (the
//! position text), `zobrist`, `eval`, `diagram`, `web_board` (the browser page's drawing data),
//! `piece_squares` (pieces on squares as a side sees them, numbered once for `net_features` and
//! `learning`'s observation planes).

mod capturers;
mod code;
mod diagram;
mod direction;
mod endgame_index;
mod eval;
mod fen;
mod learning;
mod movegen;
mod moves;
mod net_features;
mod notation;
mod piece_squares;
mod position;
mod web_board;
mod zobrist;

pub use fen::{FenError, MAX_PIECES, START_TEXT};
pub use moves::{MAX_CAPTURES, MAX_MOVES, Move};
pub use notation::MoveError;
pub use position::{KING_MOVES_DRAW, Piece, Position};
pub use square::Square;

// The board's squares: the dark squares of an 8×8 board, as in the other game played on them.
use crate::game::dark_square as square;
use crate::game::{
    BoardStyle, DrawRules, EvalTerm, Evaluation, Game, LevelLadder, LinearEval, MoveList, Outcome,
    Perft, Presentation, SearchHooks, Side, Termination, WinRateModel, embedded_win_rate_model,
};
use std::sync::LazyLock;

impl Game for Position {
    type Move = Move;
    type PositionError = FenError;
    type MoveError = MoveError;

    const NAME: &'static str = "dame";
    /// The tournament rules: a third repetition, or 50 plies in a row of king moves without capture
    /// (the only reversible moves: men go forward and captures take pieces).
    const DRAW_RULES: DrawRules = DrawRules {
        repetitions: Some(3),
        quiet_plies: Some(KING_MOVES_DRAW),
    };
    const GOAL: &'static str = "the opponent has no pieces left";
    /// The start and three positions of seeded random play from it (`Rng::new(seed)` picking among
    /// the legal moves): seeds 3 and 8 after 16 plies, and seed 26 after 24, a White king against men.
    /// `tests/games/dame_rules.rs` replays them.
    const BENCH_POSITIONS: &'static [&'static str] = &[
        START_TEXT,
        "1m3m1m/m5m1/1m1m1M1M/m3m3/8/M1M1M3/3M3M/M1M1M1M1 w",
        "5m1m/m1m1m1m1/3m3m/m1m5/1M3M2/M1M1M3/1M3M2/2M1M1M1 w",
        "1K3m1m/8/1m3m1m/6m1/3M3m/M1M1M1M1/3M1M2/M5M1 w",
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
        movegen::generate(self, moves);
    }

    /// An illegal move gives a meaningless position, but no panic.
    fn make_move(&self, mv: Move) -> Self {
        position::make_move(self, mv)
    }

    /// The incrementally updated key.
    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    /// Once a side has no pieces left, the other side.
    #[inline]
    fn decided_winner(&self) -> Option<Side> {
        // A move only removes the opponent's pieces, so both sides never run out together; a position
        // text with no pieces at all is rejected.
        Side::BOTH
            .into_iter()
            .find(|&side| self.pieces(side.opponent()) == 0)
    }

    /// A side that cannot move loses.
    fn no_move_outcome(&self) -> Outcome {
        Outcome::Win(self.side.opponent())
    }

    /// Consecutive plies, up to this position, in which only kings moved and nothing was captured.
    #[inline]
    fn quiet_plies(&self) -> u32 {
        u32::from(self.king_plies)
    }

    /// Dame has no check: here "in check" means "a capture is due" — the side to move can capture and
    /// so must. Its reply is forced to a capture, so the search neither stands pat nor trusts the
    /// static evaluation here, and the quiescence search plays the captures out.
    fn in_check(&self) -> bool {
        movegen::has_capture(self)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse(self, text)
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format(mv)
    }

    fn move_code(&self, mv: Move) -> u16 {
        code::move_code(self, mv)
    }
}

impl Evaluation for Position {
    /// A man.
    const EVAL_UNIT: i32 = eval::MAN_VALUE;

    fn evaluate(&self) -> i32 {
        self.linear_evaluate()
    }

    fn capture_value(&self, mv: Move) -> i32 {
        eval::captured_value(self, mv.captured())
    }

    fn material(&self) -> i32 {
        self.linear_material()
    }

    fn win_rate_model() -> &'static WinRateModel {
        static MODEL: LazyLock<WinRateModel> = LazyLock::new(|| {
            embedded_win_rate_model("dame", include_str!("../../../nets/dame.wdl"))
        });
        &MODEL
    }
}

impl SearchHooks for Position {
    /// docs/levels.md, "Every game's ladder".
    const LEVELS: LevelLadder = LevelLadder::new([463, 692, 984, 1317, 1514]);

    /// The default, with the singular extension: +18.9 ± 15.0 Elo at 5+0.05, SPRT [0, 20] accepted
    /// (docs/journal/issue-39-dame.md, "Issue 39: the singular extension, accepted").
    const SEARCH: crate::game::SearchProfile = crate::game::SearchProfile {
        singular_extension: true,
        ..crate::game::SearchProfile::DEFAULT
    };

    fn has_legal_move(&self) -> bool {
        movegen::has_legal_move(self)
    }

    /// Generates the moves to find the one with the code (see `code`): a capture's code does not hold
    /// its sequence.
    fn decode_move(&self, code: u16) -> Option<Move> {
        code::decode(self, code)
    }

    /// The captures, when capturing is due (then every legal move is one), and otherwise nothing:
    /// Dame has no other tactical move.
    fn generate_tactical_moves(&self, moves: &mut MoveList<Move>) {
        if movegen::has_capture(self) {
            movegen::generate(self, moves);
        } else {
            moves.clear();
        }
    }
}

/// The last ply counted without listing the moves (see `movegen::count`).
impl Perft for Position {
    fn legal_move_count(&self) -> u64 {
        movegen::legal_move_count(self) as u64
    }
}

impl Presentation for Position {
    fn diagram(&self) -> String {
        diagram::render(self, &BoardStyle::plain())
    }

    fn board_text(&self, style: &BoardStyle<Move>) -> String {
        diagram::render(self, style)
    }

    fn announcement(&self) -> Option<String> {
        movegen::has_capture(self).then(|| format!("{} must capture.", self.side_to_move().name()))
    }

    fn describe_termination(&self, termination: Termination) -> String {
        match termination {
            Termination::Goal { how, .. } => how.to_string(),
            Termination::NoLegalMove { stuck, .. } => {
                format!("{} cannot move", stuck.name())
            }
            Termination::QuietPlies => {
                format!("{KING_MOVES_DRAW} plies in a row of king moves without capture")
            }
            other => other.to_string(),
        }
    }

    fn eval_terms(&self) -> Vec<EvalTerm> {
        self.linear_terms()
    }
}
