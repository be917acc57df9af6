//! Moves in UCI's long algebraic notation: start and destination square, and the promotion piece's
//! letter (`e2e4`, `e7e8q`); castling is the king's move (`e1g1`). Which board a move is played on is
//! not written: it is the board of the piece on the start square.
//!
//! Output is canonical (lower case). Input is lenient where nothing can be misread: surrounding spaces,
//! upper-case letters, a `-` or `x` between the squares and an `=` before the promotion letter
//! (`E2E4`, `e2-e4`, `e7xd8=Q`). A rejection says what was wrong: the text, or the rule
//! the move breaks in this position.

use super::attacks;
use super::bitboard::Bitboard;
use super::castling::CastlingRight;
use super::movegen;
use super::moves::Move;
use super::piece::Kind;
use super::position::Position;
use super::sliders;
use super::square::{Board, Square};
use crate::game::{Game, MoveList, MoveTextError, Side};
use std::fmt;

/// Why a move text was rejected in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text cannot be read as two squares and an optional promotion letter.
    Text(MoveTextError),
    /// The promotion letter is not one of `n b r q`.
    BadPromotion(char),
    /// The side to move has no legal move: it is checkmated or stalemated.
    NoLegalMove,
    /// No piece on the start square.
    NoPiece(Square),
    /// The piece on the start square is the opponent's.
    NotYourPiece(Square),
    /// The start and destination squares are the same.
    SameSquare(Square),
    /// An own piece stands on the destination square, on the mover's board.
    OwnPiece(Square),
    /// The destination is occupied on the board the piece would pass to.
    OccupiedOnOtherBoard {
        /// The destination.
        square: Square,
        /// The board it is occupied on.
        board: Board,
    },
    /// The piece cannot go there by orthodox rules on its own board.
    Unreachable {
        /// The moving piece's kind.
        kind: Kind,
        /// Its board.
        board: Board,
        /// Start.
        from: Square,
        /// Destination.
        to: Square,
    },
    /// A pawn reaching the last rank without a promotion letter.
    MissingPromotion,
    /// A promotion letter on a move that does not promote.
    UnexpectedPromotion,
    /// A castling the rules do not allow here.
    Castling {
        /// Why not.
        reason: &'static str,
    },
    /// The move would leave the mover's king attacked on the board it stands on, or take the king to
    /// a square attacked on the board it leaves.
    KingAttacked,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Text(error) => error.fmt(f),
            MoveError::BadPromotion(c) => {
                write!(f, "'{c}' is not a promotion piece (n, b, r or q)")
            }
            MoveError::NoLegalMove => f.write_str("the side to move has no legal move"),
            MoveError::NoPiece(sq) => write!(f, "there is no piece on {sq}"),
            MoveError::NotYourPiece(sq) => write!(f, "the piece on {sq} belongs to the opponent"),
            MoveError::SameSquare(sq) => write!(f, "the move starts and ends on {sq}"),
            MoveError::OwnPiece(sq) => write!(f, "{sq} holds a piece of the side to move"),
            MoveError::OccupiedOnOtherBoard { square, board } => write!(
                f,
                "{square} is occupied on board {board}, where the piece would pass to"
            ),
            MoveError::Unreachable {
                kind,
                board,
                from,
                to,
            } => write!(
                f,
                "the {} on {from} (board {board}) cannot move to {to} on that board",
                kind.name()
            ),
            MoveError::MissingPromotion => {
                f.write_str("a pawn reaching the last rank must promote: add n, b, r or q")
            }
            MoveError::UnexpectedPromotion => {
                f.write_str("only a pawn reaching the last rank promotes")
            }
            MoveError::Castling { reason } => write!(f, "cannot castle: {reason}"),
            MoveError::KingAttacked => f.write_str(
                "the move would leave the king attacked on its board, or take it to a square \
                 attacked on the board it leaves",
            ),
        }
    }
}

impl std::error::Error for MoveError {}

impl From<MoveTextError> for MoveError {
    fn from(error: MoveTextError) -> Self {
        MoveError::Text(error)
    }
}

/// The canonical text of a move.
pub fn format(mv: Move) -> String {
    match mv.promotion() {
        Some(kind) => format!("{}{}{}", mv.from(), mv.to(), kind.letter()),
        None => format!("{}{}", mv.from(), mv.to()),
    }
}

/// Parses a move text and checks that it is legal in `pos`, explaining why when it is not.
pub fn parse(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let (from, to, promotion) = parse_syntax(text)?;
    let mut moves = MoveList::new();
    movegen::generate(pos, &mut moves);
    if let Some(&mv) = moves
        .iter()
        .find(|mv| mv.from() == from && mv.to() == to && mv.promotion() == promotion)
    {
        return Ok(mv);
    }
    Err(explain(pos, &moves, from, to, promotion))
}

/// Reads the text without looking at a position.
fn parse_syntax(text: &str) -> Result<(Square, Square, Option<Kind>), MoveError> {
    let core = text.trim();
    if core.is_empty() {
        return Err(MoveTextError::Empty.into());
    }
    let syntax = |reason| {
        MoveError::Text(MoveTextError::Syntax {
            text: text.to_string(),
            reason,
        })
    };
    let lower = core.to_ascii_lowercase();
    let mut chars: Vec<char> = lower.chars().collect();
    // A separator between the squares and an `=` before the promotion letter, as people write them.
    if chars.len() >= 5 && matches!(chars[2], '-' | 'x') {
        chars.remove(2);
    }
    if chars.len() == 6 && chars[4] == '=' {
        chars.remove(4);
    }
    if !(4..=5).contains(&chars.len()) {
        return Err(syntax(
            "expected two squares and an optional promotion letter, like e2e4 or e7e8q",
        ));
    }
    let square = |part: &[char]| {
        let name: String = part.iter().collect();
        Square::parse(&name).ok_or(MoveError::Text(MoveTextError::NotASquare(name)))
    };
    let from = square(&chars[..2])?;
    let to = square(&chars[2..4])?;
    let promotion = match chars.get(4) {
        None => None,
        Some(&c) => Some(
            Kind::PROMOTIONS
                .into_iter()
                .find(|kind| kind.letter() == c)
                .ok_or(MoveError::BadPromotion(c))?,
        ),
    };
    if from == to {
        return Err(MoveError::SameSquare(from));
    }
    Ok((from, to, promotion))
}

/// Why the move named is not among the legal `moves`: the rules written for people. The tests hold
/// parsing equal to the generator over every possible text.
fn explain(
    pos: &Position,
    moves: &[Move],
    from: Square,
    to: Square,
    promotion: Option<Kind>,
) -> MoveError {
    let us = pos.side_to_move();
    if moves.is_empty() {
        return MoveError::NoLegalMove;
    }
    let Some((piece, board)) = pos.occupant(from).get() else {
        return MoveError::NoPiece(from);
    };
    if piece.side != us {
        return MoveError::NotYourPiece(from);
    }
    if pos.side_on(board, us).has(to) {
        return MoveError::OwnPiece(to);
    }
    if pos.occupied(board.other()).has(to) {
        return MoveError::OccupiedOnOtherBoard {
            square: to,
            board: board.other(),
        };
    }
    if piece.kind == Kind::King
        && let Some(right) = CastlingRight::by_king_move(from, to)
    {
        return MoveError::Castling {
            reason: castling_obstacle(pos, right, board),
        };
    }
    if !orthodox_reach(pos, from, piece.kind, board).has(to) {
        return MoveError::Unreachable {
            kind: piece.kind,
            board,
            from,
            to,
        };
    }
    let promotes = piece.kind == Kind::Pawn && (to.rank() == 0 || to.rank() == 7);
    match (promotes, promotion) {
        (true, None) => MoveError::MissingPromotion,
        (false, Some(_)) => MoveError::UnexpectedPromotion,
        _ => MoveError::KingAttacked,
    }
}

/// The squares the piece on `from` reaches by orthodox rules on `board` among that board's pieces
/// (own pieces included, as destinations are checked before).
fn orthodox_reach(pos: &Position, from: Square, kind: Kind, board: Board) -> Bitboard {
    let occupied = pos.occupied(board);
    let us = pos.side_to_move();
    match kind {
        Kind::Knight => attacks::knight(from),
        Kind::Bishop => sliders::bishop(from, occupied),
        Kind::Rook => sliders::rook(from, occupied),
        Kind::Queen => sliders::queen(from, occupied),
        Kind::King => attacks::king(from),
        Kind::Pawn => {
            let ahead = if us == Side::White { 1 } else { -1 };
            let start_rank = if us == Side::White { 1 } else { 6 };
            let mut reach = Bitboard::EMPTY;
            if let Some(one) = from.offset(0, ahead).filter(|&sq| !occupied.has(sq)) {
                reach |= Bitboard::of(one);
                if from.rank() == start_rank
                    && let Some(two) = one.offset(0, ahead).filter(|&sq| !occupied.has(sq))
                {
                    reach |= Bitboard::of(two);
                }
            }
            let takeable = pos.side_on(board, us.opponent())
                | pos.en_passant().map_or(Bitboard::EMPTY, Bitboard::of);
            reach | (attacks::pawn(us, from) & takeable)
        }
    }
}

/// The first castling rule that `right` breaks (the king on `board`).
fn castling_obstacle(pos: &Position, right: CastlingRight, board: Board) -> &'static str {
    let occupied_a = pos.occupied(Board::A);
    if !pos.castling().has(right) || board != Board::A {
        "the king or that rook has moved"
    } else if (attacks::between(right.king_from(), right.rook_from()) & occupied_a).any() {
        "a square between the king and the rook is occupied on board A"
    } else if pos.occupied(Board::B).has(right.rook_to()) {
        "the rook's destination is occupied on board B"
    } else if pos.in_check() {
        "the king is in check"
    } else {
        "the king would pass or land on an attacked square, or be in check on board B"
    }
}
