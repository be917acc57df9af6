//! The moves of the game: one played, taken back (`undo`), or all of them replaced by a new or a
//! loaded game.

use super::Session;
use super::clocks::fresh_clocks;
use duel_rules::game::{GameRecord, Side};
use duel_rules::games::HostedGame;
use std::time::Instant;

impl<G: HostedGame> Session<G> {
    /// Plays a legal move; `how` is the engine's account of it (for the player, and the PGN
    /// comment).
    pub(super) fn play(&mut self, mv: G::Move, how: Option<(String, String)>) {
        let side = self.record.side_to_move();
        let text = self.record.current().format_move(mv);
        let mut line = format!("{} plays {} {text}", side.name(), self.move_number_text());
        if let Some((told, _)) = &how {
            line.push_str(&format!("   ({told})"));
        }
        self.screen.text(&line);
        self.record.play(mv);
        self.comments.push(how.map(|(_, comment)| comment));
        self.turn_started = Instant::now();
        self.draw_board();
        if let Some(announcement) = self.record.current().announcement() {
            self.screen.notice(&announcement);
        }
        self.settle();
    }

    /// `undo`: back to the player's last turn, the engine's reply taken back with the player's
    /// move.
    pub(super) fn undo(&mut self) {
        self.cancel_search();
        if self.record.moves().is_empty() {
            self.screen.error("there is no move to take back");
            return self.settle();
        }
        // Back to a player's turn: the player's own move and the engine's reply go together.
        let mut taken = 0;
        while self.record.undo() {
            taken += 1;
            let side = self.record.side_to_move();
            if self.is_human(side) || self.humans == [false, false] {
                break;
            }
        }
        self.comments.truncate(self.record.moves().len());
        self.forfeit = None;
        self.turn_started = Instant::now();
        self.screen
            .text(&format!("Took back {}.", plies_text(taken)));
        self.draw_board();
        self.settle();
    }

    /// `new`: a game from the start position.
    pub(super) fn new_game(&mut self) {
        self.replace_game(GameRecord::new(self.start.clone()), Vec::new());
        self.screen.text("New game.");
        self.draw_board();
        self.settle();
    }

    /// Ends the current game (it stays in the log as it is) and continues with `record`.
    pub(super) fn replace_game(&mut self, record: GameRecord<G>, comments: Vec<Option<String>>) {
        self.cancel_search();
        if self.log.is_some() && self.worth_logging() {
            let text = self.pgn();
            if let Some(log) = self.log.as_mut() {
                log.close_game(&text);
            }
        }
        self.record = record;
        self.comments = comments;
        self.comments.resize(self.record.moves().len(), None);
        self.forfeit = None;
        self.clocks = fresh_clocks(self.limit);
        self.turn_started = Instant::now();
    }

    /// `1.` before a White move, `1...` before a Black one.
    pub(super) fn move_number_text(&self) -> String {
        let number = self.record.move_number();
        match self.record.side_to_move() {
            Side::White => format!("{number}."),
            Side::Black => format!("{number}..."),
        }
    }
}

/// `1 ply`, `3 plies`.
pub(super) fn plies_text(count: usize) -> String {
    if count == 1 {
        "1 ply".to_string()
    } else {
        format!("{count} plies")
    }
}
