//! The position text: FEN with both boards in one grid, `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w
//! KQkq - 0 1` at the start.
//!
//! Ranks run from 8 down to 1, split by `/`; within a rank, from a to h, a digit 1–8 is that many
//! squares empty on both boards, `PNBRQK` a piece on board A and the vchess letters `SOCUTL` (pawn,
//! knight, bishop, rook, queen, king) a piece on board B, upper case for White. One letter per square
//! is enough: a square is never occupied on both boards. Then the side to move (`w`/`b`), the castling
//! rights (`KQkq` or `-`), the en-passant square (or `-`), the halfmove clock and the move number.
//!
//! vchess.club's Alice FEN (`... w 0 ahah -`: a ply count, castling flags as rook files, the
//! en-passant square) is read too, told apart by its third field being a number (see [`super::vchess`]);
//! it is read into the same position, and ours is what `to_text` writes.
//!
//! Where the rules are silent this parser decides:
//! - The two counters may be left out together (they default to `0 1`), as EPD-style texts do; a
//!   halfmove clock without a move number is rejected.
//! - Adjacent digits add up (`44` = `8`); output never writes them.
//! - An orthodox chess FEN is an Alice position with board B empty.
//! - The en-passant square must be on the right rank, with the pawn that passed it in front of it (on
//!   either board) and the squares it came from and passed over empty. The position keeps it only
//!   when the side to move has a pawn that attacks it and it is empty on both boards (otherwise no
//!   capture could ever be possible there), so `to_text` may write `-` where the input had a square.
//!
//! Syntax is checked before meaning: ranks, then each field in order, then pawns on the first or last
//! rank, kings, castling rights, the en-passant square and the side not to move being in check. Each
//! failure has its own error naming what was wrong.

use super::castling::{Castling, CastlingRight};
use super::piece::{Kind, Piece};
use super::position::Position;
use super::square::{Board, Square};
use super::vchess::{self, VchessError};
use crate::game::board_rows::{BoardField, RowsError, format_rows, parse_rows};
use crate::game::side_field::{self, SideFieldError};
use crate::game::{Game, Side};
use std::fmt;

/// The board field: 8 ranks of 8 squares, and the words of its messages.
const BOARD: BoardField = BoardField {
    size: 8,
    row_name: "rank",
    expected: "a digit 1-8, a board A piece (PNBRQK/pnbrqk) or a board B piece (SOCUTL/socutl)",
};

/// Why a position text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The text is empty.
    Empty,
    /// The board field is not 8 ranks of 8 squares, each a digit 1–8 or a piece letter.
    Rows(RowsError),
    /// The side-to-move field is missing or not `w` or `b`.
    SideField(SideFieldError),
    /// The castling field is missing.
    MissingCastling,
    /// The castling field is not `-` or a set of distinct letters among `KQkq`.
    BadCastling(String),
    /// The en-passant field is missing.
    MissingEnPassant,
    /// The en-passant field is not `-` or a square.
    BadEnPassant(String),
    /// A halfmove clock without a move number.
    MissingMoveNumber,
    /// A counter is not a number in range.
    BadCounter {
        /// Which counter.
        field: &'static str,
        /// The text found.
        text: String,
    },
    /// More fields than a FEN has.
    TrailingText(String),
    /// A vchess text (its third field a ply count) whose later fields are wrong.
    Vchess(VchessError),
    /// A side without exactly one king (on either board).
    KingCount {
        /// Whose kings.
        side: Side,
        /// How many were found.
        count: usize,
    },
    /// A pawn on the first or last rank, where no pawn can stand.
    PawnOnBackRank {
        /// Where.
        square: Square,
        /// Its letter.
        found: char,
    },
    /// A castling right whose king and rook are not on their start squares on board A.
    CastlingWithoutPieces(char),
    /// The en-passant square is not on the rank a pawn of the side not to move passes with a double
    /// step (the 3rd rank when Black is to move, the 6th when White is).
    EnPassantRank(Square),
    /// No pawn of the side not to move stands in front of the en-passant square.
    EnPassantWithoutPawn(Square),
    /// The pawn could not have passed: the en-passant square on the board it passed over, or its start
    /// square, is occupied.
    EnPassantBlocked(Square),
    /// The side not to move is in check: its king could be taken at once.
    OpponentInCheck(Side),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => f.write_str("empty position text"),
            FenError::Rows(error) => error.describe(&BOARD, f),
            FenError::SideField(error) => error.fmt(f),
            FenError::MissingCastling => f.write_str("missing castling rights ('KQkq' or '-')"),
            FenError::BadCastling(s) => write!(
                f,
                "castling rights must be '-' or distinct letters among KQkq, found '{s}'"
            ),
            FenError::MissingEnPassant => f.write_str("missing en-passant square (or '-')"),
            FenError::BadEnPassant(s) => {
                write!(
                    f,
                    "en-passant square must be '-' or a square like e3, found '{s}'"
                )
            }
            FenError::MissingMoveNumber => {
                f.write_str("a halfmove clock needs a move number after it")
            }
            FenError::BadCounter { field, text } => {
                write!(f, "the {field} must be a number in range, found '{text}'")
            }
            FenError::TrailingText(s) => write!(f, "unexpected text after the move number: '{s}'"),
            FenError::Vchess(error) => error.fmt(f),
            FenError::KingCount { side, count } => {
                write!(f, "{side} has {count} kings, expected exactly 1")
            }
            FenError::PawnOnBackRank { square, found } => {
                write!(
                    f,
                    "pawn '{found}' on {square}: no pawn can stand on the first or last rank"
                )
            }
            FenError::CastlingWithoutPieces(right) => write!(
                f,
                "castling right '{right}' needs the king and that rook on their start squares on \
                 board A"
            ),
            FenError::EnPassantRank(sq) => write!(
                f,
                "en-passant square {sq} is not on the rank the side not to move's pawns pass"
            ),
            FenError::EnPassantWithoutPawn(sq) => write!(
                f,
                "en-passant square {sq}: no pawn of the side not to move stands in front of it"
            ),
            FenError::EnPassantBlocked(sq) => write!(
                f,
                "en-passant square {sq}: the pawn could not have passed it (a square it came from \
                 or passed over is occupied)"
            ),
            FenError::OpponentInCheck(side) => {
                write!(f, "{side} is in check but it is not {side}'s move")
            }
        }
    }
}

impl std::error::Error for FenError {}

impl From<RowsError> for FenError {
    fn from(error: RowsError) -> Self {
        FenError::Rows(error)
    }
}

impl From<SideFieldError> for FenError {
    fn from(error: SideFieldError) -> Self {
        FenError::SideField(error)
    }
}

/// Parses a position text into a valid position.
pub fn parse(text: &str) -> Result<Position, FenError> {
    let mut fields = text.split_whitespace();
    let board = fields.next().ok_or(FenError::Empty)?;
    let placed = parse_board(board)?;
    let side = side_field::parse(fields.next())?;
    let State {
        castling,
        en_passant,
        halfmove,
        fullmove,
    } = match fields.next() {
        Some(plies) if vchess::is_ply_count(plies) => parse_vchess_state(plies, fields)?,
        castling => parse_state(castling, fields)?,
    };

    let mut pos = Position::empty();
    let mut kings = [0; 2];
    for &(sq, piece, board) in &placed {
        if piece.kind == Kind::Pawn && (sq.rank() == 0 || sq.rank() == 7) {
            return Err(FenError::PawnOnBackRank {
                square: sq,
                found: piece.letter(board),
            });
        }
        if piece.kind == Kind::King {
            kings[piece.side.index()] += 1;
        }
        pos.put(sq, piece, board);
    }
    for side in Side::BOTH {
        if kings[side.index()] != 1 {
            return Err(FenError::KingCount {
                side,
                count: kings[side.index()],
            });
        }
    }
    for right in castling.rights() {
        let on_a = |sq: Square, kind| pos.pieces(Board::A, right.side, kind).has(sq);
        if !on_a(right.king_from(), Kind::King) || !on_a(right.rook_from(), Kind::Rook) {
            return Err(FenError::CastlingWithoutPieces(right.letter()));
        }
    }
    pos.set_castling(castling);
    pos.set_side(side);
    if let Some(sq) = en_passant {
        check_en_passant(&pos, sq)?;
    }
    pos.set_en_passant(en_passant);
    pos.set_counters(halfmove, fullmove);
    if pos.king_attacked(side.opponent()) {
        return Err(FenError::OpponentInCheck(side.opponent()));
    }
    Ok(pos)
}

/// The fields after the side to move, read.
struct State {
    /// The castling rights.
    castling: Castling,
    /// The en-passant square as written, not yet checked against the board.
    en_passant: Option<Square>,
    /// The halfmove clock.
    halfmove: u32,
    /// The move number.
    fullmove: u32,
}

/// Reads our fields after the side to move: `castling` and the rest.
fn parse_state<'a>(
    castling: Option<&str>,
    mut fields: impl Iterator<Item = &'a str>,
) -> Result<State, FenError> {
    let castling = parse_castling(castling.ok_or(FenError::MissingCastling)?)?;
    let en_passant = parse_en_passant(fields.next())?;
    let (halfmove, fullmove) = match (fields.next(), fields.next()) {
        (None, _) => (0, 1),
        (Some(_), None) => return Err(FenError::MissingMoveNumber),
        (Some(halfmove), Some(fullmove)) => (
            counter("halfmove clock", halfmove, 0)?,
            counter("move number", fullmove, 1)?,
        ),
    };
    let rest: Vec<&str> = fields.collect();
    if !rest.is_empty() {
        return Err(FenError::TrailingText(rest.join(" ")));
    }
    Ok(State {
        castling,
        en_passant,
        halfmove,
        fullmove,
    })
}

/// Reads vchess's fields after the side to move: the ply count `plies`, the castling flags and the
/// en-passant square. vchess keeps no halfmove clock (0 here) and counts plies, not moves.
fn parse_vchess_state<'a>(
    plies: &str,
    mut fields: impl Iterator<Item = &'a str>,
) -> Result<State, FenError> {
    let plies = counter("ply count", plies, 0)?;
    let castling = vchess::parse_flags(fields.next()).map_err(FenError::Vchess)?;
    let en_passant = parse_en_passant(fields.next())?;
    let rest: Vec<&str> = fields.collect();
    if !rest.is_empty() {
        return Err(FenError::Vchess(VchessError::TrailingText(rest.join(" "))));
    }
    Ok(State {
        castling,
        en_passant,
        halfmove: 0,
        fullmove: plies / 2 + 1,
    })
}

/// Reads the en-passant field: `-` or a square.
fn parse_en_passant(field: Option<&str>) -> Result<Option<Square>, FenError> {
    match field.ok_or(FenError::MissingEnPassant)? {
        "-" => Ok(None),
        square => Square::parse(square)
            .map(Some)
            .ok_or(FenError::BadEnPassant(square.to_string())),
    }
}

/// Reads the board field into (square, piece, board) triples; checks ranks and characters.
fn parse_board(field: &str) -> Result<Vec<(Square, Piece, Board)>, FenError> {
    let placed = parse_rows(field, &BOARD, Piece::from_letter)?;
    Ok(placed
        .into_iter()
        .filter_map(|p| {
            let (piece, board) = p.piece;
            Square::at(p.column, p.row).map(|sq| (sq, piece, board))
        })
        .collect())
}

/// Reads the castling field.
fn parse_castling(field: &str) -> Result<Castling, FenError> {
    if field == "-" {
        return Ok(Castling::NONE);
    }
    let bad = || FenError::BadCastling(field.to_string());
    let mut rights = Castling::NONE;
    for c in field.chars() {
        let right = CastlingRight::from_letter(c).ok_or_else(bad)?;
        if rights.has(right) {
            return Err(bad());
        }
        rights = rights.with(right);
    }
    Ok(rights)
}

/// Reads a counter that must be at least `least`.
fn counter(field: &'static str, text: &str, least: u32) -> Result<u32, FenError> {
    match text.parse::<u32>() {
        Ok(n) if n >= least => Ok(n),
        _ => Err(FenError::BadCounter {
            field,
            text: text.to_string(),
        }),
    }
}

/// Whether a pawn of the side not to move can just have passed `sq` with a double step.
fn check_en_passant(pos: &Position, sq: Square) -> Result<(), FenError> {
    let mover = pos.side_to_move().opponent();
    let (rank, ahead) = match mover {
        Side::White => (2, 1),
        Side::Black => (5, -1),
    };
    if sq.rank() != rank {
        return Err(FenError::EnPassantRank(sq));
    }
    // The pawn stands one rank further on; it came from one rank back. Both exist: rank is 3 or 6.
    let (Some(landed), Some(start)) = (sq.offset(0, ahead), sq.offset(0, -ahead)) else {
        return Err(FenError::EnPassantRank(sq));
    };
    let Some((pawn, board)) = pos.occupant(landed).get() else {
        return Err(FenError::EnPassantWithoutPawn(sq));
    };
    if pawn != Piece::new(mover, Kind::Pawn) {
        return Err(FenError::EnPassantWithoutPawn(sq));
    }
    // It passed over `sq` on the board it left, the one it does not stand on now.
    if pos.occupied(board.other()).has(sq) || !pos.occupant(start).is_empty() {
        return Err(FenError::EnPassantBlocked(sq));
    }
    Ok(())
}

/// Formats a position as its text.
pub fn format(pos: &Position) -> String {
    let text = format_rows(BOARD.size, |file, rank| {
        let (piece, board) = pos.occupant(Square::at(file, rank)?).get()?;
        Some(piece.letter(board))
    });
    let side = side_field::letter(pos.side_to_move());
    let castling: String = pos.castling().rights().map(CastlingRight::letter).collect();
    let castling = if castling.is_empty() {
        "-".to_string()
    } else {
        castling
    };
    let en_passant = pos
        .en_passant()
        .map_or_else(|| "-".to_string(), |sq| sq.to_string());
    format!(
        "{text} {side} {castling} {en_passant} {} {}",
        pos.quiet_plies(),
        pos.fullmove_number()
    )
}

/// `{:?}` shows a position as its text (in assertions' messages), `Position(<text>)`.
impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", format(self))
    }
}
