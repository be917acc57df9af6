//! Duel, Roland Studer's dice game (rules: `shared/rules/duel.md`). Only this module knows about dice.

mod announce;
mod bitboard;
mod dfen;
mod diagram;
mod eval;
mod learning;
mod movegen;
mod moves;
mod net_features;
mod notation;
mod orientation;
mod piece;
mod piece_squares;
mod position;
mod square;
mod web_board;
mod zobrist;

pub use dfen::DfenError;
pub use moves::Move;
pub use notation::MoveError;
pub use orientation::Orientation;
pub use position::Position;
pub use square::Square;

use crate::game::{
    BoardStyle, DrawRules, EvalTerm, Evaluation, Game, LevelLadder, LinearEval, MoveList, Perft,
    Presentation, SearchHooks, Side, Termination, WinRateModel, embedded_win_rate_model,
};
use std::sync::LazyLock;

/// The DFEN of the start position.
pub const START_DFEN: &str =
    "b53b13b23b63bKb63b23b13b53/9/9/9/9/9/9/w54w14w24w64wKw64w24w14w54 w 0 1";

/// The positions `bench` searches: the start and 14 positions reached by seeded random play (a
/// capture, when there is one, a third of the time) 5 to 72 plies in: full boards to thin endings,
/// either side to move, none decided.
#[rustfmt::skip]
const BENCH_DFENS: &[&str] = &[
    START_DFEN,
    "1b13b23b63bKb63b23b13b53/9/9/9/2w326/5b123/9/1w14w241wKw64w24w141 w 0 4",
    "1b13b23b63bKb63b23b13b53/3b625/9/9/2w326/5w133/9/1w14w241wKw64w24w141 b 1 3",
    "b231b231bK1b23w12b53/9/9/9/1b63w516/2w531b514/8b12/w54w142wK1w241w24 b 0 6",
    "b53b13b234b13b53/4bK4/9/1w141b625/5b133/2w533w532/9/w541w241wKw64w242 w 5 8",
    "b533bKb631b131/1b361w133b151/9/9/5w153/4w234/1w125w361/1w142wKw643 b 0 9",
    "b231b232bKb232/9/3b145/3b655/b247w32/2w536/1w312wK4/w542w644w54 w 5 12",
    "1b13b651bK1b23b131/9/4b534/7w641/9/5w133/7w311/w541w24wK1b653 b 1 12",
    "1b134b232/5bK1b151/7b141/5w143/9/9/9/b421w241wK2b151 w 0 16",
    "1w122bK2b131/8b32/6w352/7w141/9/9/5wK3/4w234 b 2 16",
    "3b51bK3b53/w243b324/5b633/2w546/9/5b653/4w351b122/4wK4 w 4 19",
    "4bK4/7b151/4b244/2w156/3wK5/8b45/b24w311w415/w548 w 4 25",
    "3bK1b132b53/9/3b145/b328/3w125/9/9/4b321wK2 b 4 24",
    "7bK1/1b157/9/3w635/9/6b351w53/9/5b46wK2 b 3 28",
    "9/1w63bK6/9/9/8w42/4w464/5w363/4wK4 w 21 37",
];

impl Position {
    /// The top and north value of the die on `sq`, if a die stands there (for tests and tools).
    pub fn die_faces(&self, sq: Square) -> Option<(u8, u8)> {
        self.piece_at(sq)
            .orientation()
            .map(|o| (o.top(), o.north()))
    }

    /// Whether a king stands on `sq`.
    pub fn is_king_at(&self, sq: Square) -> bool {
        self.piece_at(sq).is_king()
    }
}

impl Game for Position {
    type Move = Move;
    type PositionError = DfenError;
    type MoveError = MoveError;

    const NAME: &'static str = "duel";
    const DRAW_RULES: DrawRules = DrawRules {
        repetitions: Some(3),
        quiet_plies: Some(100),
    };
    const GOAL: &'static str = "its king reached the enemy king's start square";
    const BENCH_POSITIONS: &'static [&'static str] = BENCH_DFENS;
    /// An attack (`+`) and a win by the move (`++`), which may follow the move after a space.
    const MOVE_MARKS: &'static [&'static str] = &["+", "++"];

    fn start() -> Self {
        dfen::parse(START_DFEN).expect("the start DFEN is valid")
    }

    fn from_text(text: &str) -> Result<Self, DfenError> {
        dfen::parse(text)
    }

    fn to_text(&self) -> String {
        dfen::format(self)
    }

    #[inline]
    fn side_to_move(&self) -> Side {
        self.side
    }

    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        movegen::generate(self, moves);
    }

    fn make_move(&self, mv: Move) -> Self {
        position::make_move(self, mv)
    }

    /// The incrementally updated key.
    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    /// A king on its goal square wins.
    #[inline]
    fn decided_winner(&self) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|&side| self.king(side) == position::goal_square(side))
    }

    fn no_move_outcome(&self) -> crate::game::Outcome {
        crate::game::Outcome::Win(self.side.opponent())
    }

    /// Consecutive plies without a capture.
    #[inline]
    fn quiet_plies(&self) -> u32 {
        self.plies_since_capture
    }

    /// Whether the side to move's king is attacked (DUEL).
    fn in_check(&self) -> bool {
        let us = self.side;
        self.is_attacked(self.king(us), us.opponent(), self.occupied())
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
    /// A die.
    const EVAL_UNIT: i32 = eval::DIE_VALUE;

    fn evaluate(&self) -> i32 {
        self.linear_evaluate()
    }

    fn capture_value(&self, mv: Move) -> i32 {
        let victim = self.piece_at(mv.to());
        if victim.is_none() {
            0
        } else if victim.is_king() {
            100 * eval::DIE_VALUE
        } else {
            eval::DIE_VALUE
        }
    }

    fn material(&self) -> i32 {
        self.linear_material()
    }

    fn win_rate_model() -> &'static WinRateModel {
        static MODEL: LazyLock<WinRateModel> = LazyLock::new(|| {
            embedded_win_rate_model("duel", include_str!("../../../nets/duel.wdl"))
        });
        &MODEL
    }
}

impl SearchHooks for Position {
    /// docs/levels.md, "Every game's ladder".
    const LEVELS: LevelLadder = LevelLadder::new([653, 871, 1187, 1480, 1868]);

    /// The default, with the singular extension: +25.3 ± 20.2 Elo at 1+0.01, SPRT [0, 25] accepted
    /// (docs/journal/issue-39-dame.md, "Issue 39: the singular extension, accepted").
    const SEARCH: crate::game::SearchProfile = crate::game::SearchProfile {
        singular_extension: true,
        ..crate::game::SearchProfile::DEFAULT
    };

    /// The captures alone, Duel's only tactical moves.
    fn generate_tactical_moves(&self, moves: &mut MoveList<Move>) {
        movegen::generate_captures(self, moves);
    }

    fn has_legal_move(&self) -> bool {
        movegen::has_legal_move(self)
    }

    /// The same position with the other side to move. The counters stay as they are (a pass is
    /// neither a capture nor a full move), so nothing in the DFEN changes but the side.
    fn make_null_move(&self) -> Option<Self> {
        let mut next = *self;
        next.side = self.side.opponent();
        next.hash ^= zobrist::BLACK_TO_MOVE;
        Some(next)
    }

    fn gives_check(&self, mv: Move, child: &Self) -> bool {
        position::gives_check(self, mv, child)
    }

    fn gives_check_unmade(&self, mv: Move) -> Option<bool> {
        movegen::die_move_gives_check(self, mv)
    }

    /// The move the bits spell, without a legality check (see [`SearchHooks::decode_move`]); `None`
    /// for bits that spell no move.
    fn decode_move(&self, code: u16) -> Option<Move> {
        Some(Move::from_bits(code)).filter(|&mv| mv != Move::default())
    }
}

impl Perft for Position {
    fn legal_move_count(&self) -> u64 {
        movegen::count_legal_moves(self)
    }

    /// The moves played on one scratch copy and taken back (see `movegen`).
    fn children_move_count(&self, moves: &[Move]) -> u64 {
        movegen::count_children_moves(self, moves)
    }
}

impl Presentation for Position {
    const HAS_CHECK: bool = true;

    fn diagram(&self) -> String {
        diagram::render(self, &BoardStyle::plain())
    }

    fn board_text(&self, style: &BoardStyle<Move>) -> String {
        diagram::render(self, style)
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
