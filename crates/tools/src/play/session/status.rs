//! What the screen shows of the game: who plays what, the board, and the end or whose turn it is.

use super::Session;
use super::clocks::clock_text;
use crate::play::EngineLimit;
use duel_engine::engine::ENGINE_NAME;
use duel_rules::game::BoardStyle;
use duel_rules::games::HostedGame;

impl<G: HostedGame> Session<G> {
    /// Who plays what, for the start of the session.
    pub(super) fn intro(&self) -> String {
        let engine = format!("{ENGINE_NAME} ({})", self.limit_text());
        match self.humans {
            [true, true] => "Two players: White and Black both move here.".to_string(),
            [false, false] => format!("{engine} plays both sides."),
            [white, _] => {
                let (you, it) = if white {
                    ("White", "Black")
                } else {
                    ("Black", "White")
                };
                format!("You play {you}; {engine} plays {it}.")
            }
        }
    }

    /// The board, from the side `flip` chose, the last move marked.
    pub(super) fn draw_board(&mut self) {
        let style = BoardStyle {
            colour: self.screen.colour(),
            flipped: self.flipped,
            last_move: self.record.moves().last().copied(),
        };
        let board = self.record.current().board_text(&style);
        self.screen.text(&board);
    }

    /// The end of the game, or whose turn it is (with the clocks).
    pub(super) fn status(&mut self) {
        if let Some(end) = self.end() {
            let text = self.end_text(&end);
            self.screen.notice(&text);
            if !self.input_ended {
                self.screen.text(
                    "Type new for another game, undo to take back moves, save <file>, or quit.",
                );
            }
            return;
        }
        let side = self.record.side_to_move();
        let who = match (self.humans, self.is_human(side)) {
            ([true, true], _) => "",
            (_, true) => " (you)",
            (_, false) => " (engine)",
        };
        let mut line = format!(
            "{}{who} to move, move {}",
            side.name(),
            self.record.move_number()
        );
        if let Some(clocks) = &self.clocks {
            line.push_str(&format!(
                "   clocks: White {}, Black {}",
                clock_text(clocks[0].remaining()),
                clock_text(clocks[1].remaining())
            ));
        }
        self.screen.text(&line);
    }

    /// How much the engine thinks, in words: `depth 8`, `1.0 s a move`, `time control 40/60+0.6`.
    fn limit_text(&self) -> String {
        match self.limit {
            EngineLimit::Depth(depth) => format!("depth {depth}"),
            EngineLimit::MoveTime(time) => format!("{:.1} s a move", time.as_secs_f64()),
            EngineLimit::Clock(tc) => format!("time control {}", tc.pgn()),
        }
    }
}
