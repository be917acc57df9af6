//! The protocol's [`Listener`]: a search's reports as `info` lines, its faults as `info string error`
//! lines, its answer as `bestmove`, all through the shared [`Output`].

use super::dialect::Dialect;
use super::info::{InfoFields, info_line};
use super::output::Output;
use crate::engine::{Listener, SearchFault};
use crate::search::Report;
use duel_rules::game::{Evaluation, Game, WinRateModel};
use std::sync::Arc;

/// Prints one search's output in one dialect.
pub struct Printer<G: Game> {
    /// Where the lines go.
    pub out: Output,
    /// The position searched, to write moves in.
    pub root: G,
    /// The dialect `bestmove` is written in.
    pub dialect: Dialect,
    /// What `info` lines show besides their fixed fields.
    pub fields: InfoFields,
    /// The win-rate model the scores are shown with (`WDLFile`'s, else the game's shipped one).
    pub win_rate_model: Arc<WinRateModel>,
}

impl<G: Evaluation> Listener<G> for Printer<G> {
    fn report(&self, report: &Report<G::Move>) {
        self.out.line(&info_line(
            &self.root,
            report,
            self.fields,
            &self.win_rate_model,
        ));
    }

    fn fault(&self, fault: &SearchFault) {
        match fault {
            // Said of the `go` that found no thread to search on.
            SearchFault::NoThread(_) => self.out.error(format!("go: {fault}")),
            _ => self.out.error(fault),
        }
    }

    fn finished(&self, best: Option<G::Move>, ponder: Option<G::Move>) {
        // The engine hands over only legal moves, the ponder move legal after the best one.
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
