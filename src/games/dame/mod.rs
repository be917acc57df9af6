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
//! `moves` (a move with its whole capture sequence), `position` (board, copy-make, Zobrist key),
//! `movegen`, `notation`, `fen` (the position text), `zobrist`.

mod direction;
mod fen;
mod movegen;
mod moves;
mod notation;
mod position;
mod square;
mod zobrist;

pub use direction::Direction;
pub use fen::{FenError, MAX_PIECES, START_TEXT};
pub use moves::{MAX_CAPTURES, Move};
pub use notation::MoveError;
pub use position::{KING_MOVES_DRAW, Piece, Position};
pub use square::Square;

use crate::game::MoveList;

impl Position {
    /// The start position.
    pub fn start() -> Position {
        // The start text is a constant that the tests parse.
        fen::parse(START_TEXT).expect("the start position text is valid")
    }

    /// Parses the position text.
    pub fn from_text(text: &str) -> Result<Position, FenError> {
        fen::parse(text)
    }

    /// The position text, the king-plies counter included when it is not 0.
    pub fn to_text(&self) -> String {
        fen::format(self)
    }

    /// Fills `moves` with every legal move (cleared first); empty in a decided position.
    pub fn generate_moves(&self, moves: &mut MoveList<Move>) {
        movegen::generate(self, moves);
    }

    /// Whether the side to move can capture, and so must.
    pub fn must_capture(&self) -> bool {
        movegen::has_capture(self)
    }

    /// Parses a move in the notation; it must be legal here.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse(self, text)
    }

    /// The canonical text of a move.
    pub fn format_move(&self, mv: Move) -> String {
        notation::format(mv)
    }
}
