//! Move notation: `c3-d4` for a plain move, and for a capture every landing square after an `x`:
//! `c3xe5`, `a1xd4xg7`.
//!
//! Output is canonical: lower-case squares, `-` for plain moves, `x` before each landing square, the
//! route the generator found first for a move that several routes make. Input is lenient where
//! nothing can be misread: any letter case, spaces around separators, `-` and `x` alike or no
//! separator at all, any route of a move, and `from x to` alone (`a1xg7`) where exactly one move goes
//! from there to there. Every rejection says what was wrong: which part of the text could not be read,
//! or the rule the move breaks in this position.

use super::direction::Direction;
use super::movegen;
use super::moves::{MAX_CAPTURES, Move};
use super::position::Position;
use super::square::{Square, name, parse_coordinates};
use crate::game::{Game, MoveList, MoveTextError, Side};
use std::fmt;

/// Why a move text was rejected in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text cannot be read as a list of squares joined by `-` or `x`.
    Text(MoveTextError),
    /// A light square was named: pieces stand on dark squares only.
    LightSquare(String),
    /// The game is already over.
    GameOver {
        /// Who won.
        winner: Side,
    },
    /// No piece on the start square.
    NoPiece(Square),
    /// The piece on the start square belongs to the side not to move.
    NotYourPiece(Square),
    /// The same square twice in a row.
    SameSquare(Square),
    /// Two consecutive squares are not on one diagonal.
    NotDiagonal {
        /// Where the step starts.
        from: Square,
        /// Where it ends.
        to: Square,
    },
    /// A man moving or capturing backward: men go forward only.
    ManBackward {
        /// Where the step starts.
        from: Square,
        /// Where it ends.
        to: Square,
    },
    /// A plain move of a man by more than one square.
    ManTooFar {
        /// Start.
        from: Square,
        /// Landing square.
        to: Square,
    },
    /// The landing square is taken.
    Occupied(Square),
    /// A king's plain move over a piece.
    Blocked {
        /// Start.
        from: Square,
        /// Landing square.
        to: Square,
        /// The first piece in the way.
        by: Square,
    },
    /// A plain move while the side to move can capture: capturing is compulsory.
    MustCapture {
        /// Start.
        from: Square,
        /// Landing square.
        to: Square,
        /// The squares of the pieces that can capture.
        capturers: Vec<Square>,
    },
    /// A jump of a capture sequence over no piece at all.
    NothingToJump {
        /// Where the jump starts.
        from: Square,
        /// Where it lands.
        to: Square,
    },
    /// A jump over one's own piece.
    JumpsOwnPiece {
        /// The own piece.
        over: Square,
    },
    /// A jump over a piece already captured in the same move: none can be jumped twice.
    JumpsTwice {
        /// The captured piece.
        over: Square,
    },
    /// A jump over more than one piece.
    JumpsTwoPieces {
        /// Where the jump starts.
        from: Square,
        /// Where it lands.
        to: Square,
    },
    /// A man's jump that does not land right behind the piece it takes.
    ManJumpTooLong {
        /// Where the jump starts.
        from: Square,
        /// Where it lands.
        to: Square,
    },
    /// A king landing where it cannot go on capturing while it could from other squares of the line.
    MustLandToContinue {
        /// Where it landed.
        landed: Square,
        /// The squares from which it could go on.
        choices: Vec<Square>,
    },
    /// The capture sequence ends while the piece could take more: a move goes on while it can.
    StopsEarly {
        /// Where the text ends.
        at: Square,
    },
    /// `from x to` that several capture sequences match: the landing squares must tell them apart.
    Ambiguous {
        /// Start.
        from: Square,
        /// End.
        to: Square,
        /// The matching moves, written in full.
        moves: Vec<String>,
    },
    /// A move the rules do not allow, for no reason named above (a safety net: no text is known to
    /// reach it).
    Illegal(String),
}

/// Squares as a comma-separated list.
fn list(squares: &[Square]) -> String {
    squares
        .iter()
        .map(Square::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Text(error) => error.fmt(f),
            MoveError::LightSquare(text) => {
                write!(
                    f,
                    "{text} is a light square: pieces stand on dark squares only"
                )
            }
            MoveError::GameOver { winner } => write!(f, "the game is over: {winner} has won"),
            MoveError::NoPiece(sq) => write!(f, "there is no piece on {sq}"),
            MoveError::NotYourPiece(sq) => write!(f, "the piece on {sq} belongs to the opponent"),
            MoveError::SameSquare(sq) => write!(f, "{sq} is named twice in a row"),
            MoveError::NotDiagonal { from, to } => {
                write!(f, "{from} and {to} are not on one diagonal")
            }
            MoveError::ManBackward { from, to } => write!(
                f,
                "{from}-{to} goes backward: men move and capture forward only"
            ),
            MoveError::ManTooFar { from, to } => {
                write!(f, "{from}-{to}: a man moves one square")
            }
            MoveError::Occupied(sq) => write!(f, "{sq} is not empty"),
            MoveError::Blocked { from, to, by } => {
                write!(f, "{from}-{to} is blocked by the piece on {by}")
            }
            MoveError::MustCapture {
                from,
                to,
                capturers,
            } => write!(
                f,
                "{from}-{to} captures nothing, but capturing is compulsory (pieces that can \
                 capture: {})",
                list(capturers)
            ),
            MoveError::NothingToJump { from, to } => {
                write!(f, "{from}x{to} jumps no piece")
            }
            MoveError::JumpsOwnPiece { over } => {
                write!(
                    f,
                    "the piece on {over} is your own: only enemy pieces are captured"
                )
            }
            MoveError::JumpsTwice { over } => write!(
                f,
                "the piece on {over} is already captured in this move: none can be jumped twice"
            ),
            MoveError::JumpsTwoPieces { from, to } => write!(
                f,
                "{from}x{to} passes more than one piece: a jump takes one (write every landing \
                 square)"
            ),
            MoveError::ManJumpTooLong { from, to } => write!(
                f,
                "{from}x{to}: a man takes an adjacent piece and lands right behind it"
            ),
            MoveError::MustLandToContinue { landed, choices } => write!(
                f,
                "the king cannot go on capturing from {landed}: it must land where it can ({})",
                list(choices)
            ),
            MoveError::StopsEarly { at } => write!(
                f,
                "the capture sequence stops on {at}, but it can go on: a move takes all it can"
            ),
            MoveError::Ambiguous { from, to, moves } => write!(
                f,
                "{from}x{to} matches {} moves ({}): give the landing squares",
                moves.len(),
                moves.join(", ")
            ),
            MoveError::Illegal(text) => write!(f, "{text} is not a legal move here"),
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
    if !mv.is_capture() {
        return format!("{}-{}", mv.from(), mv.to());
    }
    let mut text = mv.from().to_string();
    for landing in mv.landings() {
        text.push('x');
        text.push_str(&landing.to_string());
    }
    text
}

/// Parses a move text and checks that it is legal in `pos`, explaining why when it is not.
pub fn parse(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let squares = parse_syntax(text)?;
    if let Some(winner) = pos.decided_winner() {
        return Err(MoveError::GameOver { winner });
    }
    let from = squares[0];
    match pos.piece_at(from) {
        None => return Err(MoveError::NoPiece(from)),
        Some(piece) if piece.side != pos.side_to_move() => {
            return Err(MoveError::NotYourPiece(from));
        }
        Some(_) => {}
    }
    let mut legal = MoveList::new();
    movegen::generate(pos, &mut legal);
    // A route written in full, any route of a move: the move returned carries the canonical one.
    let mut route = None;
    movegen::for_each_sequence(pos, from, |seq| {
        if route.is_none() && seq.landings().eq(squares[1..].iter().copied()) {
            route = Some(seq);
        }
    });
    if let Some(mv) = route.and_then(|seq| legal.iter().copied().find(|&mv| mv == seq)) {
        return Ok(mv);
    }
    // `from x to` alone, when it names one move.
    if let [_, to] = squares[..] {
        let matching: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|mv| mv.from() == from && mv.to() == to)
            .collect();
        match matching[..] {
            [mv] => return Ok(mv),
            [] => {}
            _ => {
                let mut moves: Vec<String> = matching.into_iter().map(format).collect();
                moves.sort();
                return Err(MoveError::Ambiguous { from, to, moves });
            }
        }
    }
    Err(explain(pos, text, &squares))
}

/// Reads the text as two or more squares, without looking at a position.
fn parse_syntax(text: &str) -> Result<Vec<Square>, MoveError> {
    let syntax = |reason| {
        MoveError::Text(MoveTextError::Syntax {
            text: text.to_string(),
            reason,
        })
    };
    let mut rest = text.trim();
    if rest.is_empty() {
        return Err(MoveTextError::Empty.into());
    }
    let mut squares = Vec::new();
    loop {
        let (token, tail) = square_token(rest);
        if token.is_empty() {
            return Err(syntax(if squares.is_empty() {
                "expected a start square like c3, as in c3-d4 or a1xd4xg7"
            } else {
                "expected a square after '-' or 'x'"
            }));
        }
        squares.push(square(token)?);
        rest = tail.trim_start();
        if rest.is_empty() {
            break;
        }
        rest = rest
            .strip_prefix(['-', 'x', 'X'])
            .unwrap_or(rest)
            .trim_start();
    }
    if squares.len() < 2 {
        return Err(syntax("expected '-' or 'x' and a landing square"));
    }
    if squares.len() > 1 + MAX_CAPTURES as usize {
        return Err(syntax("too many squares: a move takes at most 12 pieces"));
    }
    Ok(squares)
}

/// Splits off a leading square-like token: one ASCII letter other than `x` and the ASCII digits after
/// it (empty when the text does not start with one).
fn square_token(text: &str) -> (&str, &str) {
    let mut chars = text.char_indices();
    match chars.next() {
        Some((_, c)) if c.is_ascii_alphabetic() && !c.eq_ignore_ascii_case(&'x') => {}
        _ => return ("", text),
    }
    let end = chars
        .find(|&(_, c)| !c.is_ascii_digit())
        .map_or(text.len(), |(i, _)| i);
    text.split_at(end)
}

/// The dark square a token names.
fn square(token: &str) -> Result<Square, MoveError> {
    let (column, row) = parse_coordinates(token)
        .ok_or_else(|| MoveError::Text(MoveTextError::NotASquare(token.to_string())))?;
    Square::at(column, row).ok_or_else(|| MoveError::LightSquare(name(column, row)))
}

/// Why `squares` (two or more, starting on a piece of the side to move) name no legal move of `pos`.
/// The generator decides what is legal; this walks the text with the rules written for people to
/// name the first one it breaks.
fn explain(pos: &Position, text: &str, squares: &[Square]) -> MoveError {
    let (from, to) = (squares[0], squares[1]);
    let mut capturers = Vec::new();
    let mut passes_to = false;
    for sq in Square::in_set(pos.pieces(pos.side_to_move())) {
        movegen::for_each_sequence(pos, sq, |seq| {
            if capturers.last() != Some(&sq) {
                capturers.push(sq);
            }
            passes_to |= sq == from && seq.to() != to && seq.landings().any(|l| l == to);
        });
    }
    let reason = if capturers.is_empty() && squares.len() == 2 {
        explain_plain(pos, from, to)
    } else if !capturers.is_empty() && !capturers.contains(&from) {
        Some(MoveError::MustCapture {
            from,
            to,
            capturers,
        })
    } else if passes_to && squares.len() == 2 {
        // `from x to` naming a square the sequence passes but cannot stop on.
        Some(MoveError::StopsEarly { at: to })
    } else {
        explain_jumps(pos, squares, &capturers)
    };
    reason.unwrap_or_else(|| MoveError::Illegal(text.to_string()))
}

/// The rule a plain move from `from` to `to` breaks.
fn explain_plain(pos: &Position, from: Square, to: Square) -> Option<MoveError> {
    if from == to {
        return Some(MoveError::SameSquare(from));
    }
    let Some((dir, distance)) = Direction::between(from, to) else {
        return Some(MoveError::NotDiagonal { from, to });
    };
    let us = pos.side_to_move();
    let king = pos.kings(us) & from.bit() != 0;
    if !king && !dir.is_forward_for(us) {
        return Some(MoveError::ManBackward { from, to });
    }
    if pos.occupied() & to.bit() != 0 {
        return Some(MoveError::Occupied(to));
    }
    if !king && distance > 1 {
        return Some(MoveError::ManTooFar { from, to });
    }
    let by = walk(from, dir, distance).find(|sq| pos.occupied() & sq.bit() != 0)?;
    Some(MoveError::Blocked { from, to, by })
}

/// The squares strictly between `from` and the square `distance` steps away in `dir`.
fn walk(from: Square, dir: Direction, distance: i32) -> impl Iterator<Item = Square> {
    std::iter::successors(from.step(dir), move |sq| sq.step(dir))
        .take((distance - 1).max(0) as usize)
}

/// The first rule the capture sequence `squares` breaks, jump by jump: geometry, what is jumped,
/// where a king lands, and whether it stops too soon. `capturers` are the pieces that can capture:
/// when there are any, a first step over nothing is a plain move where a capture is due.
fn explain_jumps(pos: &Position, squares: &[Square], capturers: &[Square]) -> Option<MoveError> {
    let us = pos.side_to_move();
    let from = squares[0];
    let king = pos.kings(us) & from.bit() != 0;
    let empty = !pos.occupied() | from.bit();
    let mut captured = 0u32;
    for (i, pair) in squares.windows(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        if a == b {
            return Some(MoveError::SameSquare(a));
        }
        let Some((dir, distance)) = Direction::between(a, b) else {
            return Some(MoveError::NotDiagonal { from: a, to: b });
        };
        if !king && !dir.is_forward_for(us) {
            return Some(MoveError::ManBackward { from: a, to: b });
        }
        if empty & b.bit() == 0 {
            return Some(MoveError::Occupied(b));
        }
        let passed: Vec<Square> = walk(a, dir, distance)
            .filter(|sq| empty & sq.bit() == 0)
            .collect();
        let Some(&victim) = passed.first() else {
            return Some(if i == 0 && !capturers.is_empty() {
                MoveError::MustCapture {
                    from: a,
                    to: b,
                    capturers: capturers.to_vec(),
                }
            } else {
                MoveError::NothingToJump { from: a, to: b }
            });
        };
        if pos.pieces(us) & victim.bit() != 0 {
            return Some(MoveError::JumpsOwnPiece { over: victim });
        }
        if captured & victim.bit() != 0 {
            return Some(MoveError::JumpsTwice { over: victim });
        }
        if !king && distance != 2 {
            return Some(MoveError::ManJumpTooLong { from: a, to: b });
        }
        if passed.len() > 1 {
            return Some(MoveError::JumpsTwoPieces { from: a, to: b });
        }
        captured |= victim.bit();
        if king && !movegen::can_continue(pos, from, b, captured) {
            let choices: Vec<Square> = std::iter::successors(victim.step(dir), |sq| sq.step(dir))
                .take_while(|sq| empty & sq.bit() != 0)
                .filter(|&sq| movegen::can_continue(pos, from, sq, captured))
                .collect();
            if !choices.is_empty() {
                return Some(MoveError::MustLandToContinue { landed: b, choices });
            }
        }
    }
    let last = *squares.last()?;
    movegen::can_continue(pos, from, last, captured).then_some(MoveError::StopsEarly { at: last })
}
