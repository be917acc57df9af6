//! The player's input: a line read as a command or a move, and what each command does.

use super::Session;
use crate::play::commands::{self, Input};
use duel_engine::protocol::{Line, MAX_LINE_BYTES, quote};
use duel_rules::games::HostedGame;

impl<G: HostedGame> Session<G> {
    /// A line of input: a command carried out, a move played, or an error shown.
    pub(super) fn input(&mut self, line: Line) {
        let text = match line {
            Line::End => {
                self.input_ended = true;
                return;
            }
            Line::TooLong(bytes) => {
                return self.screen.error(&format!(
                    "the line is too long ({bytes} bytes; at most {MAX_LINE_BYTES} are read)"
                ));
            }
            Line::Complete(bytes) => match String::from_utf8(bytes) {
                Ok(text) => text,
                Err(e) => {
                    let at = e.utf8_error().valid_up_to();
                    return self.screen.error(&format!(
                        "the line is not UTF-8 text (a bad byte after {at} bytes)"
                    ));
                }
            },
        };
        let input = match commands::parse(&text) {
            Ok(input) => input,
            Err(e) => return self.screen.error(&e.to_string()),
        };
        match input {
            Input::Nothing => {}
            Input::Move(text) => self.human_move(&text),
            Input::Moves(prefix) => self.list_moves(prefix.as_deref()),
            Input::Undo => self.undo(),
            Input::Hint => self.hint(),
            Input::Stop => self.stop(),
            Input::Flip => {
                self.flipped = !self.flipped;
                self.draw_board();
            }
            Input::Board => {
                self.draw_board();
                self.status();
            }
            Input::New => self.new_game(),
            Input::Save(path) => self.save(&path),
            Input::Load(path) => self.load(&path),
            Input::Help => {
                let example = self.legal_texts().into_iter().next();
                self.screen.text(&commands::help(example.as_deref()));
            }
            Input::Quit => self.quit = true,
        }
    }

    /// The player's move `text`, when it is the player's turn and the move is legal.
    fn human_move(&mut self, text: &str) {
        if let Some(end) = self.end() {
            return self.screen.error(&format!(
                "the game is over ({}); type new, undo or load",
                self.end_text(&end)
            ));
        }
        let side = self.record.side_to_move();
        if !self.is_human(side) {
            return self.screen.error(&format!(
                "it is the engine's move ({} is thinking); wait for it, or type stop to make it move now",
                side.name()
            ));
        }
        let mv = match self.record.current().parse_move(text) {
            Ok(mv) => mv,
            // A word without a digit is no move in any notation the engine hosts: most likely a
            // mistyped command.
            Err(e) if !text.chars().any(|c| c.is_ascii_digit()) => {
                return self.screen.error(&format!(
                    "{} is neither a command nor a move ({}); type help for the commands",
                    quote(text),
                    e
                ));
            }
            Err(e) => return self.screen.error(&e.to_string()),
        };
        // A hint no longer matters once the player has moved.
        self.cancel_search();
        if self.charge(side, self.turn_started.elapsed()) {
            self.play(mv, None);
        }
    }
}
