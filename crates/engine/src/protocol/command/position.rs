//! `position startpos|fen <text> [moves …]`: its syntax and errors, and the game record it sets, all
//! or nothing.
//!
//! Parsing keeps the position text and the moves as text, because what they mean depends on the game.
//! The record is built aside and replaces the engine's only when every move was legal, so a rejected
//! `position` leaves the previous position (and its history, which the draw rules need) in place. It
//! does not stop a running search, which works on its own copy of the position.

use crate::protocol::handler::Handler;
use crate::protocol::output::quote;
use duel_rules::game::{Game, GameRecord, ReplayError, join_marks};
use duel_rules::games::HostedGame;
use std::fmt;

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartPosition {
    /// `startpos`: the game's start position.
    Start,
    /// `fen <text>`: a position in the game's position text (DFEN for Duel).
    Text(String),
}

/// A `position` command: a start and the moves played from it, still as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionCommand {
    /// Where the game starts.
    pub start: StartPosition,
    /// The moves after `moves`, in order.
    pub moves: Vec<String>,
}

/// Why a `position` command cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionSyntaxError {
    /// Neither `startpos` nor `fen` follows.
    MissingStart,
    /// Something else than `startpos` or `fen` follows.
    UnknownStart(String),
    /// `fen` without a position text.
    MissingText,
    /// `startpos` followed by something other than `moves`.
    ExpectedMoves(String),
}

impl fmt::Display for PositionSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionSyntaxError::MissingStart => f.write_str("expected 'startpos' or 'fen <text>'"),
            PositionSyntaxError::UnknownStart(text) => {
                write!(f, "expected 'startpos' or 'fen', found {}", quote(text))
            }
            PositionSyntaxError::MissingText => f.write_str("'fen' needs a position text"),
            PositionSyntaxError::ExpectedMoves(text) => {
                let text = quote(text);
                write!(f, "expected 'moves' after 'startpos', found {text}")
            }
        }
    }
}

impl std::error::Error for PositionSyntaxError {}

/// Why a `position` command was rejected in the game: the game's replay error, worded for the
/// protocol.
pub struct PositionError<G: Game>(pub ReplayError<G>);

impl<G: Game> fmt::Display for PositionError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (number, text, why) = match &self.0 {
            ReplayError::Start(e) => {
                let game = G::NAME;
                return write!(
                    f,
                    "position: invalid {game} position: {e}; position unchanged"
                );
            }
            ReplayError::Move {
                number,
                text,
                error,
            } => (number, text, error.to_string()),
            // Not reached: `position` plays on after the end of a game.
            ReplayError::AfterEnd {
                number,
                text,
                termination,
            } => (number, text, format!("the game is over ({termination})")),
        };
        let text = quote(text);
        write!(
            f,
            "position: move {number} {text} rejected: {why}; position unchanged"
        )
    }
}

impl<G: Game> fmt::Debug for PositionError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Reads the words after `position`.
pub(super) fn parse(args: &[&str]) -> Result<PositionCommand, PositionSyntaxError> {
    let (start, rest) = match args.split_first() {
        None => return Err(PositionSyntaxError::MissingStart),
        Some((&"startpos", rest)) => {
            if let Some(&word) = rest.first().filter(|&&w| w != "moves") {
                return Err(PositionSyntaxError::ExpectedMoves(word.to_string()));
            }
            (StartPosition::Start, rest)
        }
        Some((&"fen", rest)) => {
            // The position text has several fields; it runs up to the word `moves`.
            let end = rest
                .iter()
                .position(|&w| w == "moves")
                .unwrap_or(rest.len());
            if end == 0 {
                return Err(PositionSyntaxError::MissingText);
            }
            (StartPosition::Text(rest[..end].join(" ")), &rest[end..])
        }
        Some((other, _)) => return Err(PositionSyntaxError::UnknownStart(other.to_string())),
    };
    let moves = match rest.split_first() {
        Some((_moves, list)) => list.iter().map(|word| word.to_string()).collect(),
        None => Vec::new(),
    };
    Ok(PositionCommand { start, moves })
}

/// The game record a `position` command describes.
pub fn build<G: Game>(command: &PositionCommand) -> Result<GameRecord<G>, PositionError<G>> {
    let start = match &command.start {
        StartPosition::Start => None,
        StartPosition::Text(text) => Some(text.as_str()),
    };
    GameRecord::replay(start, &join_marks::<G, _>(&command.moves)).map_err(PositionError)
}

impl<G: HostedGame> Handler<G> {
    /// `position`: the game the next `go` searches, or an error and the game unchanged.
    pub(in crate::protocol) fn set_position(&mut self, command: &PositionCommand) {
        match build(command) {
            Ok(record) => self.engine.set_position(record),
            Err(e) => self.out.error(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::command::{Command, CommandError, parse as parse_line};
    use duel_rules::games::Duel;

    fn ok(line: &str) -> Command {
        parse_line(line).unwrap().unwrap()
    }

    fn err(line: &str) -> CommandError {
        parse_line(line).unwrap_err()
    }

    fn command(start: StartPosition, moves: &[&str]) -> PositionCommand {
        PositionCommand {
            start,
            moves: moves.iter().map(|m| m.to_string()).collect(),
        }
    }

    #[test]
    fn position_startpos_with_moves_and_spaced_marks() {
        // A mark standing alone stays a word: the game joins it to its move (`game::join_marks`).
        assert_eq!(
            ok("position startpos moves F1-e6 + D8-D2 ++ a1-B4"),
            Command::Position(command(
                StartPosition::Start,
                &["F1-e6", "+", "D8-D2", "++", "a1-B4"]
            ))
        );
        assert_eq!(
            ok("position startpos moves"),
            Command::Position(command(StartPosition::Start, &[]))
        );
    }

    #[test]
    fn position_fen_runs_up_to_moves() {
        assert_eq!(
            ok("position fen 9/9 w 0 1 moves E1-E2"),
            Command::Position(command(StartPosition::Text("9/9 w 0 1".into()), &["E1-E2"]))
        );
    }

    #[test]
    fn reject_bad_positions() {
        use PositionSyntaxError::*;
        assert_eq!(err("position"), CommandError::Position(MissingStart));
        assert_eq!(
            err("position start"),
            CommandError::Position(UnknownStart("start".into()))
        );
        assert_eq!(err("position fen"), CommandError::Position(MissingText));
        assert_eq!(
            err("position fen moves a"),
            CommandError::Position(MissingText)
        );
        assert_eq!(
            err("position startpos E1-E2"),
            CommandError::Position(ExpectedMoves("E1-E2".into()))
        );
        assert_eq!(
            err("position startpos E1-E2").to_string(),
            "position: expected 'moves' after 'startpos', found 'E1-E2'"
        );
    }

    #[test]
    fn moves_are_played_in_order() {
        let record = build::<Duel>(&command(StartPosition::Start, &["D1-e6", "D8-D2"]));
        let record = record.expect("legal moves");
        assert_eq!(record.moves().len(), 2);
    }

    #[test]
    fn a_mark_standing_alone_belongs_to_its_move() {
        let moves = ["F1-e6", "+", "E8-E7"];
        let record = build::<Duel>(&command(StartPosition::Start, &moves)).expect("legal moves");
        assert_eq!(record.moves().len(), 2);
        let error = build::<Duel>(&command(StartPosition::Start, &["F1-e6", "+", "E1-E2"]));
        assert!(matches!(
            error,
            Err(PositionError(ReplayError::Move { number: 2, .. }))
        ));
    }

    #[test]
    fn reject_the_first_bad_move_by_number() {
        let error = build::<Duel>(&command(StartPosition::Start, &["F1-e6", "E1-E2"])).unwrap_err();
        assert!(
            matches!(error, PositionError(ReplayError::Move { number: 2, .. })),
            "{error}"
        );
        assert!(
            error
                .to_string()
                .starts_with("position: move 2 'E1-E2' rejected: ")
        );
    }

    #[test]
    fn reject_a_chess_fen() {
        let chess = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let error = build::<Duel>(&command(StartPosition::Text(chess.into()), &[])).unwrap_err();
        assert!(matches!(error, PositionError(ReplayError::Start(_))));
        assert!(
            error
                .to_string()
                .starts_with("position: invalid duel position: ")
        );
    }
}
