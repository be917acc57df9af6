//! Duel, Roland Studer's dice game (rules: `shared/rules/duel.md`). Only this module knows about dice.

mod announce;
mod bitboard;
mod dfen;
mod diagram;
mod eval;
mod movegen;
mod moves;
mod notation;
mod orientation;
mod paths;
mod piece;
mod position;
mod square;
mod zobrist;

pub use dfen::DfenError;
pub use moves::Move;
pub use notation::MoveError;
pub use orientation::Orientation;
pub use position::Position;
pub use square::Square;

use crate::game::{BoardStyle, DrawRules, EvalTerm, Game, MoveList, Side, Termination};

/// The DFEN of the start position.
pub const START_DFEN: &str =
    "b53b13b23b63bKb63b23b13b53/9/9/9/9/9/9/w54w14w24w64wKw64w24w14w54 w 0 1";

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

    /// The number of legal moves, counted without storing them.
    pub fn count_moves(&self) -> u64 {
        movegen::count_legal_moves(self)
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
    const BENCH_POSITIONS: &'static [&'static str] = &[START_DFEN];

    fn start() -> Self {
        dfen::parse(START_DFEN).expect("the start DFEN is valid")
    }

    fn from_text(text: &str) -> Result<Self, DfenError> {
        dfen::parse(text)
    }

    fn to_text(&self) -> String {
        dfen::format(self)
    }

    fn side_to_move(&self) -> Side {
        Position::side_to_move(self)
    }

    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        movegen::for_each_legal_move(self, |mv| moves.push(mv));
    }

    fn make_move(&self, mv: Move) -> Self {
        Position::make_move(self, mv)
    }

    fn hash(&self) -> u64 {
        Position::hash(self)
    }

    fn decided_winner(&self) -> Option<Side> {
        Position::decided_winner(self)
    }

    fn no_move_outcome(&self) -> crate::game::Outcome {
        crate::game::Outcome::Win(Position::side_to_move(self).opponent())
    }

    fn quiet_plies(&self) -> u32 {
        self.plies_since_capture()
    }

    fn in_check(&self) -> bool {
        Position::in_check(self)
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

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse(self, text)
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format(self, mv)
    }

    fn encode_move(mv: Move) -> u16 {
        mv.bits()
    }

    fn decode_move(code: u16) -> Move {
        Move::from_bits(code)
    }

    fn evaluate(&self) -> i32 {
        eval::evaluate(self)
    }

    fn eval_terms(&self) -> Vec<EvalTerm> {
        eval::terms(self)
    }

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
}
