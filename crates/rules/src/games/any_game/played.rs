//! `Played`: a game's record with its type forgotten, behind [`super::AnyGame`]'s text API.

use super::error::AnyGameError;
use crate::game::{GameRecord, MoveList, Side, Termination};
use crate::games::HostedGame;

/// A game's record with its type forgotten: the text API of [`super::AnyGame`], written once for
/// every game and reached through the one generated match of `AnyGame::played`; each method is the
/// `AnyGame` method of the same name.
pub(super) trait Played {
    fn name(&self) -> &'static str;
    fn start_text(&self) -> String;
    fn position_text(&self) -> String;
    fn side_to_move(&self) -> Side;
    fn legal_moves(&self) -> Vec<String>;
    fn play_text(&mut self, text: &str) -> Result<String, AnyGameError>;
    fn undo(&mut self) -> bool;
    fn move_texts(&self) -> Vec<String>;
    fn termination(&self) -> Option<Termination>;
    fn describe_termination(&self, termination: Termination) -> String;
    fn diagram(&self) -> String;
    fn move_number(&self) -> u32;
}

impl<G: HostedGame> Played for GameRecord<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn start_text(&self) -> String {
        self.start().to_text()
    }

    fn position_text(&self) -> String {
        self.current().to_text()
    }

    fn side_to_move(&self) -> Side {
        GameRecord::side_to_move(self)
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut moves = MoveList::new();
        self.current().generate_moves(&mut moves);
        moves
            .iter()
            .map(|&mv| self.current().format_move(mv))
            .collect()
    }

    fn play_text(&mut self, text: &str) -> Result<String, AnyGameError> {
        let before = self.current().clone();
        let mv = GameRecord::play_text(self, text).map_err(AnyGameError::game)?;
        Ok(before.format_move(mv))
    }

    fn undo(&mut self) -> bool {
        GameRecord::undo(self)
    }

    fn move_texts(&self) -> Vec<String> {
        GameRecord::move_texts(self)
    }

    fn termination(&self) -> Option<Termination> {
        GameRecord::termination(self)
    }

    fn describe_termination(&self, termination: Termination) -> String {
        self.current().describe_termination(termination)
    }

    fn diagram(&self) -> String {
        self.current().diagram()
    }

    fn move_number(&self) -> u32 {
        GameRecord::move_number(self)
    }
}
