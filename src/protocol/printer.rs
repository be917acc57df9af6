//! The protocol's [`Listener`]: a search's reports as `info` lines, its problems as `info string
//! error` lines, its answer as `bestmove`, all through the shared [`Output`].

use super::dialect::Dialect;
use super::info::info_line;
use super::output::Output;
use super::worker::Listener;
use crate::game::Game;
use crate::search::Report;

/// Prints one search's output in one dialect.
pub struct Printer<G: Game> {
    /// Where the lines go.
    pub out: Output,
    /// The position searched, to write moves in.
    pub root: G,
    /// The dialect `bestmove` is written in.
    pub dialect: Dialect,
    /// Whether `info` lines carry `multipv`.
    pub show_multipv: bool,
}

impl<G: Game> Listener<G> for Printer<G> {
    fn report(&self, report: &Report<G::Move>) {
        self.out
            .line(&info_line(&self.root, report, self.show_multipv));
    }

    fn error(&self, message: &str) {
        self.out.error(message);
    }

    fn finished(&self, best: Option<G::Move>, ponder: Option<G::Move>) {
        // The worker hands over only legal moves, the ponder move legal after the best one.
        let best_text = best.map(|mv| self.root.format_move(mv));
        let ponder_text = best
            .zip(ponder)
            .map(|(best, ponder)| self.root.make_move(best).format_move(ponder));
        self.out.line(
            &self
                .dialect
                .bestmove(best_text.as_deref(), ponder_text.as_deref()),
        );
    }
}
