//! The commands that look into the engine instead of playing: `d` (the board and facts about the
//! position), `eval` (the static evaluation, its terms, and its chances on the common scale) and
//! `bench [depth]`, with `bench`'s syntax.

use super::{Command, CommandError};
use crate::engine::bench::{self, MAX_DEPTH as MAX_BENCH_DEPTH};
use crate::protocol::handler::Handler;
use crate::search::{Score, chances_by, on_common_scale_by};
use duel_rules::game::{Evaluation, MoveList, WinRateModel};
use duel_rules::games::HostedGame;
use duel_rules::record::pgn::score_text;
use std::fmt::Write;

/// Reads the words after `bench`: an optional depth from 1 to [`MAX_BENCH_DEPTH`].
pub(super) fn parse_bench(args: &[&str]) -> Result<Command, CommandError> {
    match args {
        [] => Ok(Command::Bench(None)),
        [depth] => depth
            .parse()
            .ok()
            .filter(|d| (1..=MAX_BENCH_DEPTH).contains(d))
            .map(|depth| Command::Bench(Some(depth)))
            .ok_or_else(|| CommandError::Bench(depth.to_string())),
        [_, extra, ..] => Err(CommandError::UnexpectedArgument {
            command: "bench",
            text: extra.to_string(),
        }),
    }
}

impl<G: HostedGame> Handler<G> {
    /// `bench`: stops the search and runs the bench of this game to `depth` (the default for
    /// `None`).
    pub(in crate::protocol) fn bench(&mut self, depth: Option<u32>) {
        self.engine.stop();
        let mut sink = self.out.lines();
        let depth = depth.unwrap_or(bench::DEFAULT_DEPTH);
        if let Err(e) = self.engine.bench(depth, &mut sink) {
            drop(sink);
            self.out.error(format!("bench: {e}"));
        }
    }

    /// `d`: the diagram, the position text, the hash key, the check state (for a game with check),
    /// the legal-move count and whether the game is over.
    pub(in crate::protocol) fn display(&self) {
        let record = self.engine.record();
        let position = record.current();
        let mut moves = MoveList::new();
        position.generate_moves(&mut moves);
        let mut text = position.diagram();
        if !text.ends_with('\n') {
            text.push('\n');
        }
        // `position fen` takes this text back (for Duel it is the DFEN).
        let _ = writeln!(text, "Fen: {}", position.to_text());
        let _ = writeln!(text, "Key: {:016X}", position.hash());
        let _ = writeln!(text, "Side to move: {}", position.side_to_move());
        if G::HAS_CHECK {
            let _ = writeln!(text, "In check: {}", yes_no(position.in_check()));
        }
        let _ = writeln!(text, "Legal moves: {}", moves.len());
        let _ = match record.termination() {
            None => writeln!(text, "Game over: no"),
            Some(end) => writeln!(text, "Game over: yes, {end} ({})", end.outcome().pgn()),
        };
        self.out.block(&text);
    }

    /// `eval`: every term of the hand-written evaluation for both sides, then the total, the net's
    /// evaluation where the search uses a net, and the one the search uses on the common scale with
    /// the chances it gives.
    pub(in crate::protocol) fn eval(&self) {
        let position = self.engine.record().current();
        let mut text = format!(
            "{:<12} {:>7} {:>7} {:>7}\n",
            "Term", "White", "Black", "W-B"
        );
        let mut sum = 0;
        for term in position.eval_terms() {
            let difference = term.white - term.black;
            sum += difference;
            let _ = writeln!(
                text,
                "{:<12} {:>7} {:>7} {:>7}",
                term.name, term.white, term.black, difference
            );
        }
        let _ = writeln!(text, "{:<12} {:>7} {:>7} {:>7}", "Sum", "", "", sum);
        let _ = writeln!(
            text,
            "Evaluation: {} cp for the side to move ({})",
            position.evaluate(),
            position.side_to_move()
        );
        let used = match self.engine.net_evaluation() {
            Some((score, header)) => {
                let of = |key: &str| header.get(key).unwrap_or("?").to_string();
                let _ = writeln!(
                    text,
                    "NNUE evaluation: {score} cp for the side to move, which the search uses (net: {} hidden neurons, trained on {} positions)",
                    of("hidden"),
                    of("positions")
                );
                score
            }
            None => {
                let _ = writeln!(text, "The search uses this evaluation.");
                position.evaluate()
            }
        };
        let _ = writeln!(
            text,
            "{}",
            common_scale_line(position, used, self.engine.settings().win_rate_model::<G>())
        );
        self.out.block(&text);
    }
}

/// `eval`'s last line: the evaluation the search uses (`score`, in the game's own scale) on the
/// common scale, and the chances it gives in `position`, both by `model` (the game's win-rate model
/// in use).
fn common_scale_line<G: Evaluation>(position: &G, score: i32, model: &WinRateModel) -> String {
    let own = Score::Centipawns(score);
    let wdl = chances_by(model, position, own);
    let percent = |per_mille: u32| f64::from(per_mille) / 10.0;
    format!(
        "Common scale: {} for the side to move (win {:.1}%, draw {:.1}%, loss {:.1}%)",
        score_text(on_common_scale_by(model, own)),
        percent(wdl.win),
        percent(wdl.draw),
        percent(wdl.loss)
    )
}

fn yes_no(value: bool) -> &'static str {
    if value { "yes" } else { "no" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_rules::game::Game;
    use duel_rules::games::{Dame, Duel};

    #[test]
    fn the_common_scale_line_shows_the_score_and_its_chances() {
        let start = Duel::start();
        let even = common_scale_line(&start, 0, Duel::win_rate_model());
        assert!(
            even.starts_with("Common scale: +0.00 for the side to move (win "),
            "{even}"
        );
        let dame = Dame::start();
        let model = Dame::win_rate_model();
        let behind = -model.from_centipawns(250);
        let line = common_scale_line(&dame, behind, model);
        let common = score_text(Score::Centipawns(model.centipawns(behind)));
        assert!(
            line.starts_with(&format!("Common scale: {common} ")),
            "{line}"
        );
        let wdl = chances_by(model, &dame, Score::Centipawns(behind));
        assert!(wdl.loss > wdl.win, "{wdl:?}");
        let shown = format!(
            "(win {:.1}%, draw {:.1}%, loss {:.1}%)",
            f64::from(wdl.win) / 10.0,
            f64::from(wdl.draw) / 10.0,
            f64::from(wdl.loss) / 10.0
        );
        assert!(line.ends_with(&shown), "{line}");
    }
}
