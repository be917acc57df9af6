//! Alice chess, V. R. Parton's chess on two boards (rules: `shared/rules/alice.md`). Only this module
//! knows its rules.
//!
//! Every piece starts on board A. A move is an orthodox chess move on the piece's own board among that
//! board's pieces, to a square empty on the other board, and the piece then passes to the other board.
//! Only pieces on the same board give check.
//!
//! Files: `square` (squares and the two boards), `bitboard`, `attacks` (leaper tables, rays),
//! `sliders` (sliding attacks), `piece`, `castling`, `position` (both boards, copy-make, Zobrist key),
//! `movegen` (legal moves, counted or listed), `moves` (16-bit encoding), `notation` (UCI moves), `fen`,
//! `zobrist`, `eval`, `diagram`, `announce` (check and mate in words), `web_board` (the boards for
//! `duel gui`), `piece_squares` (pieces on squares as a side sees them, numbered once for
//! `net_features` and `learning`'s observation planes).

mod announce;
mod attacks;
mod bitboard;
mod castling;
mod diagram;
mod eval;
mod fen;
mod learning;
mod movegen;
mod moves;
mod net_features;
mod notation;
mod piece;
mod piece_squares;
mod position;
mod sliders;
mod square;
mod vchess;
mod web_board;
mod zobrist;

pub use bitboard::Bitboard;
pub use castling::{Castling, CastlingRight};
pub use fen::FenError;
pub use moves::{Move, MoveFlag};
pub use notation::MoveError;
pub use piece::{Kind, Occupant, Piece};
pub use position::Position;
pub use square::{Board, Square};
pub use vchess::VchessError;

use crate::game::{
    BoardStyle, DrawRules, EvalTerm, Evaluation, Game, LevelLadder, LinearEval, MoveList, Outcome,
    Perft, Presentation, SearchHooks, Side, Termination, WinRateModel, embedded_win_rate_model,
};
use std::sync::LazyLock;

/// The FEN of the start position: the orthodox one, board B empty.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Game for Position {
    type Move = Move;
    type PositionError = FenError;
    type MoveError = MoveError;

    const NAME: &'static str = "alice";
    /// As in orthodox chess: threefold repetition, and 50 moves (100 plies) without a capture or a
    /// pawn move.
    const DRAW_RULES: DrawRules = DrawRules {
        repetitions: Some(3),
        quiet_plies: Some(100),
    };
    /// Never shown: Alice chess is won by checkmate, which is the side to move having no move.
    const GOAL: &'static str = "checkmate";
    /// The start and the positions 16 plies of seeded uniform random play reach (`Rng::new(seed)` for
    /// seeds 1 to 4; seed 5 ends in checkmate): pieces on both boards, all with castling rights.
    /// `tests/games/alice_rules.rs` replays them.
    const BENCH_POSITIONS: &'static [&'static str] = &[
        START_FEN,
        "r1bqk1n1/p2p1p1U/1so1s1s1/2P3P1/7u/b1O4S/PPPCPP2/R2QKBN1 w Qq - 1 9",
        "rn1qk1nr/p2p1p1p/4s3/1ss3p1/1cCS3U/O3Sb1S/P1P2PP1/R1BQK1N1 w Qkq - 1 9",
        "r1btkbnr/1p2pp1p/o5s1/s1ssN3/7P/CS2SS2/P1PP2P1/RN1QKB1R w KQkq - 1 9",
        "r3kb1r/p1ptp2p/1sosc1so/5s2/2S2S2/3SSTS1/PP5P/RNB1KBNR w KQkq - 0 9",
    ];

    fn start() -> Self {
        // The start FEN is a constant that the tests parse.
        fen::parse(START_FEN).expect("the start FEN is valid")
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
        movegen::generate(self, moves);
    }

    /// Any other move than a legal one gives a meaningless position, but no panic.
    fn make_move(&self, mv: Move) -> Self {
        position::make_move(self, mv)
    }

    /// The incrementally updated key.
    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    /// Never: the position itself shows no win; checkmate is a side without a move.
    fn decided_winner(&self) -> Option<Side> {
        None
    }

    /// Checkmate loses, stalemate draws.
    fn no_move_outcome(&self) -> Outcome {
        if self.in_check() {
            Outcome::Win(self.side.opponent())
        } else {
            Outcome::Draw
        }
    }

    /// Plies since the last capture or pawn move.
    #[inline]
    fn quiet_plies(&self) -> u32 {
        self.halfmove
    }

    #[inline]
    fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse(self, text)
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format(mv)
    }

    /// The move's own 16 bits.
    fn move_code(&self, mv: Move) -> u16 {
        mv.bits()
    }
}

impl Evaluation for Position {
    /// A pawn.
    const EVAL_UNIT: i32 = eval::PAWN_VALUE;

    fn evaluate(&self) -> i32 {
        self.linear_evaluate()
    }

    fn capture_value(&self, mv: Move) -> i32 {
        eval::capture_value(self, mv)
    }

    fn material(&self) -> i32 {
        self.linear_material()
    }

    fn win_rate_model() -> &'static WinRateModel {
        static MODEL: LazyLock<WinRateModel> = LazyLock::new(|| {
            embedded_win_rate_model("alice", include_str!("../../../nets/alice.wdl"))
        });
        &MODEL
    }
}

impl SearchHooks for Position {
    /// docs/levels.md, "Every game's ladder".
    const LEVELS: LevelLadder = LevelLadder::new([657, 898, 1217, 1490, 1715]);

    /// Found without counting the moves.
    fn has_legal_move(&self) -> bool {
        movegen::has_move(self)
    }

    /// The turn passed and the en-passant square cleared.
    fn make_null_move(&self) -> Option<Self> {
        let mut next = *self;
        next.set_side(self.side.opponent());
        next.set_en_passant(None);
        next.halfmove = self.halfmove.saturating_add(1);
        Some(next)
    }

    /// Captures (en passant included) and promotions.
    fn is_tactical(&self, mv: Move) -> bool {
        mv.promotion().is_some() || eval::capture_value(self, mv) > 0
    }

    /// Captures and promotions alone, generated with the destinations limited to enemy pieces and
    /// the last rank, in the order of [`Game::generate_moves`].
    fn generate_tactical_moves(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        movegen::generate_tactical(self, moves);
    }

    /// The move the bits spell, without a legality check (see [`SearchHooks::decode_move`]); `None`
    /// for bits that spell no move.
    fn decode_move(&self, code: u16) -> Option<Move> {
        Some(Move::from_bits(code)).filter(|&mv| mv != Move::NULL)
    }
}

impl Perft for Position {
    /// Counted without storing the moves: whole target sets by population count.
    fn legal_move_count(&self) -> u64 {
        movegen::count_moves(self)
    }
}

impl Presentation for Position {
    const HAS_CHECK: bool = true;

    fn diagram(&self) -> String {
        diagram::render(self)
    }

    fn board_text(&self, style: &BoardStyle<Move>) -> String {
        diagram::render_styled(self, style)
    }

    fn announcement(&self) -> Option<String> {
        announce::announcement(self)
    }

    fn describe_termination(&self, termination: Termination) -> String {
        announce::describe(self, termination)
    }

    fn eval_terms(&self) -> Vec<EvalTerm> {
        self.linear_terms()
    }
}

/// No endgame databases: the defaults, no signature.
impl crate::game::EndgameIndex for Position {}
