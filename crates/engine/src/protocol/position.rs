//! Turning a `position` command into a game record: all or nothing.
//!
//! The record is built aside and replaces the engine's only when every move was legal, so a rejected
//! `position` leaves the previous position (and its history, which the draw rules need) in place.

use super::command::{PositionCommand, StartPosition};
use super::output::quote;
use duel_rules::game::{Game, GameRecord, ReplayError, join_marks};
use std::fmt;

/// Why a `position` command was rejected: the game's replay error, worded for the protocol.
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

/// The game record a `position` command describes.
pub fn build<G: Game>(command: &PositionCommand) -> Result<GameRecord<G>, PositionError<G>> {
    let start = match &command.start {
        StartPosition::Start => None,
        StartPosition::Text(text) => Some(text.as_str()),
    };
    GameRecord::replay(start, &join_marks::<G, _>(&command.moves)).map_err(PositionError)
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_rules::games::Duel;

    fn command(start: StartPosition, moves: &[&str]) -> PositionCommand {
        PositionCommand {
            start,
            moves: moves.iter().map(|m| m.to_string()).collect(),
        }
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
