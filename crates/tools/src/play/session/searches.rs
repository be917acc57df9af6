//! The engine's searches, for its own moves and for hints: started, stopped, cancelled, and what
//! their events do.

use super::Session;
use crate::play::EngineLimit;
use crate::play::thinking::{Purpose, SearchEvent, Thinking};
use duel_engine::search::Limits;
use duel_rules::games::HostedGame;
use std::time::Duration;

impl<G: HostedGame> Session<G> {
    /// What the engine's next search may spend.
    fn limits(&self) -> Limits<G::Move> {
        let mut limits = Limits::default();
        match self.limit {
            EngineLimit::Depth(depth) => limits.depth = Some(depth),
            EngineLimit::MoveTime(time) => limits.movetime = Some(time),
            EngineLimit::Clock(_) => limits.clock = self.search_clock(),
        }
        limits
    }

    /// Starts a search for the engine's move or a hint; a search under way is cancelled.
    pub(super) fn start_search(&mut self, purpose: Purpose) {
        self.cancel_search();
        let id = self.next_search;
        self.next_search += 1;
        let limits = self.limits();
        self.thinking = Some(Thinking::start(
            id,
            purpose,
            &mut self.engine,
            &self.record,
            limits,
            self.events.clone(),
        ));
    }

    /// Stops the running search, if any, and forgets it: its answer will be dropped.
    pub(super) fn cancel_search(&mut self) {
        if self.thinking.take().is_some() {
            self.engine.stop();
        }
    }

    /// `hint`: a search for the player's move, told when it answers.
    pub(super) fn hint(&mut self) {
        if let Some(end) = self.end() {
            return self
                .screen
                .error(&format!("the game is over ({})", self.end_text(&end)));
        }
        match self.thinking.as_ref().map(|t| t.purpose) {
            Some(Purpose::Move) => self
                .screen
                .error("the engine is thinking about its own move"),
            Some(Purpose::Hint) => self.screen.error("a hint is on its way"),
            None => self.start_search(Purpose::Hint),
        }
    }

    /// `stop`: the running search answers now with the best move it has.
    pub(super) fn stop(&mut self) {
        match self.thinking {
            Some(_) => self.engine.stop(),
            None => self.screen.error("the engine is not thinking"),
        }
    }

    /// What a search reported; reports from a cancelled search are dropped.
    pub(super) fn search_event(&mut self, id: u64, event: SearchEvent<G::Move>) {
        let live = self.screen.live();
        let Some(thinking) = self.thinking.as_mut().filter(|t| t.id == id) else {
            return; // from a search that was cancelled
        };
        match event {
            SearchEvent::Report(report) => {
                if let Some(text) = thinking.report(report, live) {
                    self.screen.progress(&text);
                }
            }
            SearchEvent::Error(message) => self.screen.error(&format!("engine: {message}")),
            SearchEvent::Finished(best) => {
                let mut thinking = self.thinking.take().expect("matched just above");
                let used = thinking.started.elapsed();
                if let Some(text) = thinking.unshown() {
                    self.screen.progress(&text);
                }
                self.answered(&thinking, best, used);
                if !self.done() && self.waiting_for_player() {
                    self.screen.prompt();
                }
            }
        }
    }

    /// The search answered with `best` after `used`.
    fn answered(&mut self, thinking: &Thinking<G>, best: Option<G::Move>, used: Duration) {
        // The engine answers with a legal move whenever there is one, and searches start only in
        // games that go on.
        let Some(mv) = best else {
            return self.screen.error("the engine found no move");
        };
        let (told, comment) = thinking.summary(used);
        match thinking.purpose {
            Purpose::Hint => {
                let text = thinking.root.format_move(mv);
                let number = self.move_number_text();
                self.screen
                    .text(&format!("Hint: {number} {text}   ({told})"));
            }
            Purpose::Move => {
                let side = self.record.side_to_move();
                if self.charge(side, used) {
                    self.play(mv, Some((told, comment)));
                }
            }
        }
    }
}
