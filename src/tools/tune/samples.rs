//! Training positions from played games: which positions of a PGN game teach the evaluation something,
//! and the result each is labelled with.

use super::fit::Dataset;
use crate::game::{Game, winning_move};
use crate::tools::pgn::PgnGame;

/// How many positions of the games were used, and why the others were not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SampleCounts {
    /// Games read.
    pub games: usize,
    /// Games without a result (`*`), skipped whole.
    pub unfinished: usize,
    /// Positions kept.
    pub kept: usize,
    /// Positions of the opening (before the first move with a comment).
    pub opening: usize,
    /// Positions that are not quiet: in check, the move played captures, or a win in one is on.
    pub tactical: usize,
    /// Positions whose mover reported a forced win or loss: decided, nothing left to evaluate.
    pub decided: usize,
}

/// The result of a PGN game for White, or `None` when unfinished.
fn white_score(result: &str) -> Option<f64> {
    match result {
        "1-0" => Some(1.0),
        "0-1" => Some(0.0),
        "1/2-1/2" => Some(0.5),
        _ => None,
    }
}

/// Whether a move comment of the match runner (`+0.35/12 0.512s`, `-M3/9 1.2s`) reports a mate.
fn reports_mate(comment: &str) -> bool {
    comment.starts_with("+M") || comment.starts_with("-M")
}

/// Adds the quiet positions of `game` to `data`, each labelled with the game's result.
///
/// A position is used when an engine chose the move from it (the match runner comments every move
/// but the opening's; the first commented move ends the opening), the side to move is not in check,
/// the move played captures nothing, no win in one move is on, and the mover did not report a mate.
/// What is left is a position whose static evaluation should already say who stands better.
pub fn add_game<G: Game>(game: &PgnGame<G>, data: &mut Dataset, counts: &mut SampleCounts) {
    counts.games += 1;
    let Some(result) = white_score(&game.result) else {
        counts.unfinished += 1;
        return;
    };
    let opening = game.comments.iter().take_while(|c| c.is_none()).count();
    let opening = if opening == game.comments.len() {
        0
    } else {
        opening
    };
    let record = &game.record;
    for (ply, (pos, &mv)) in record.positions().iter().zip(record.moves()).enumerate() {
        if ply < opening {
            counts.opening += 1;
        } else if game.comments[ply].as_deref().is_some_and(reports_mate) {
            counts.decided += 1;
        } else if pos.in_check() || pos.is_capture(mv) || winning_move(pos).is_some() {
            counts.tactical += 1;
        } else {
            counts.kept += 1;
            data.push(&pos.eval_features(), result);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Duel;
    use crate::tools::pgn;

    #[test]
    fn the_opening_tactics_and_mates_are_left_out() {
        // 1. D1-e6 (opening, no comment) E8-E7 {engine} 2. E1-E2 {engine, mate reported}
        let text = "[Result \"0-1\"]\n\n1. D1-e6 E8-E7 {+0.10/5 0.1s} 2. E1-E2 {+M3/7 0.1s} 0-1\n";
        let games = pgn::read::<Duel>(text).unwrap();
        let mut data = Dataset::new(Duel::eval_weights().len());
        let mut counts = SampleCounts::default();
        add_game(&games[0], &mut data, &mut counts);
        assert_eq!(counts.opening, 1);
        assert_eq!(counts.decided, 1);
        assert_eq!(counts.kept + counts.tactical, 1);
        assert_eq!(data.len(), counts.kept);
    }

    #[test]
    fn unfinished_games_are_skipped() {
        let games = pgn::read::<Duel>("[Result \"*\"]\n\n1. D1-e6 {+0.1/1 0s} *\n").unwrap();
        let mut data = Dataset::new(Duel::eval_weights().len());
        let mut counts = SampleCounts::default();
        add_game(&games[0], &mut data, &mut counts);
        assert_eq!((counts.unfinished, data.len()), (1, 0));
    }

    #[test]
    fn results_are_read_for_white() {
        assert_eq!(white_score("1-0"), Some(1.0));
        assert_eq!(white_score("0-1"), Some(0.0));
        assert_eq!(white_score("1/2-1/2"), Some(0.5));
        assert_eq!(white_score("*"), None);
    }
}
