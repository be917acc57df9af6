//! How a game shows itself to people: its board, what to announce after a move, why a game ended,
//! and the parts of its evaluation. Rules and evaluation come first ([`Game`](super::Game),
//! [`Evaluation`]); every method here has a default, so a new game is playable, searchable and
//! shown (plainly) as soon as those are written.

use super::{BoardStyle, EvalTerm, Evaluation, Side, Termination};

/// A game's words and pictures for people: the protocol's `d` and `eval`, and `duel play`.
pub trait Presentation: Evaluation {
    /// Whether the rules know check, a piece under attack that the side to move must answer (Duel's
    /// king, Alice's), so that `d` reports [`Game::in_check`](super::Game::in_check). False by
    /// default: Dipole has no check, and Dame's `in_check` only tells the search that a capture is
    /// due.
    const HAS_CHECK: bool = false;

    /// A human-readable diagram of the position (the protocol's `d`). By default the position text.
    fn diagram(&self) -> String {
        self.to_text()
    }

    /// The board drawn for a player (`duel play`): row and column labels, every piece with what it
    /// shows, the last move highlighted, seen from the side and in the colours `style` asks for. A
    /// game without its own drawing shows its [`Presentation::diagram`].
    fn board_text(&self, style: &BoardStyle<Self::Move>) -> String {
        let _ = style;
        self.diagram()
    }

    /// What a player should be told about the position a move has just produced, in the game's own
    /// words (Duel: "DUEL! (Black's king is attacked)", "DUEL-MATT!"); `None` when there is nothing
    /// to announce.
    fn announcement(&self) -> Option<String> {
        self.in_check()
            .then(|| format!("{} is under attack!", self.side_to_move().name()))
    }

    /// Why the game that ended in this position ended, in the game's own words (Duel: "White's king
    /// reached E8"); `termination` is the verdict [`crate::game::GameRecord::termination`] gave
    /// here. Callers say who won; by default a goal is described by
    /// [`Game::GOAL`](super::Game::GOAL) alone.
    fn describe_termination(&self, termination: Termination) -> String {
        match termination {
            Termination::Goal { how, .. } => how.to_string(),
            other => other.to_string(),
        }
    }

    /// The terms that make up [`Evaluation::evaluate`] (the protocol's `eval`), each from both
    /// sides' points of view; White's minus Black's, summed, is the evaluation from White's point of
    /// view. By default one term, `total`: the whole evaluation as White's share.
    fn eval_terms(&self) -> Vec<EvalTerm> {
        let eval = self.evaluate();
        let white = if self.side_to_move() == Side::White {
            eval
        } else {
            -eval
        };
        vec![EvalTerm {
            name: "total",
            white,
            black: 0,
        }]
    }
}
