//! Training positions from played games: which positions of a PGN game teach the evaluation something,
//! and the result (and search score) each is labelled with.

use super::fit::Dataset;
use duel_engine::search::Score;
use duel_rules::game::{Game, Outcome, Side, winning_move};
use duel_rules::games::HostedGame;
use duel_rules::record::pgn::{MoveComment, PgnGame, TerminationTag};
use std::collections::HashSet;

/// Which positions [`add_game`] keeps beyond the quiet ones it always keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// Also positions whose mover reported a forced win or loss.
    pub keep_decided: bool,
    /// Only positions whose move's comment holds a score in centipawns (for `--score-weight`: every
    /// target then blends the same two labels).
    pub scored_only: bool,
}

/// How many positions of the games were used, and why the others were not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SampleCounts {
    /// Games read.
    pub games: usize,
    /// Games without a result (`*`), skipped whole.
    pub unfinished: usize,
    /// Games lost by a fault (time, an illegal move, a crash), skipped whole.
    pub faulted: usize,
    /// Games that repeat an earlier game move for move, skipped whole (one build playing itself at
    /// fixed nodes plays both games of an opening's colour-swapped pair alike).
    pub repeated: usize,
    /// Positions kept.
    pub kept: usize,
    /// Positions of the opening (before the first move with a comment).
    pub opening: usize,
    /// Positions that are not quiet: in check, the move played is tactical (a
    /// capture, a promotion: `Game::is_tactical`), or a win in one is on.
    pub tactical: usize,
    /// Positions whose mover reported a forced win or loss: decided, nothing left to evaluate.
    pub decided: usize,
    /// Positions left out by [`Selection::scored_only`]: the move's comment has no score in
    /// centipawns (none at all, or a mate with `keep_decided`).
    pub unscored: usize,
}

/// A key of the whole game: its positions' keys folded in order, and the result.
fn game_key<G: Game>(game: &PgnGame<G>, white_score: f64) -> u64 {
    let fold =
        |key: u64, next: u64| (key.rotate_left(7) ^ next).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let key = game
        .record
        .positions()
        .iter()
        .map(|pos| pos.hash())
        .fold(0, fold);
    fold(key, (2.0 * white_score) as u64)
}

/// Whether the game ended on the board or by adjudication, not by a player's fault (time, an
/// illegal move, a crash): a fault's result says nothing about the positions.
fn decided_by_play<G: Game>(game: &PgnGame<G>) -> bool {
    !game
        .tag("Termination")
        .and_then(TerminationTag::parse)
        .is_some_and(TerminationTag::is_fault)
}

/// The score in centipawns for White that the comment of the move from `pos` reports: the mover
/// searched `pos` and reports from its own point of view, so Black's scores change sign. `None`
/// without a comment, without a score, or for a mate.
fn white_score<G: Game>(pos: &G, comment: Option<&MoveComment>) -> Option<i32> {
    match comment?.score? {
        Score::Centipawns(cp) => Some(match pos.side_to_move() {
            Side::White => cp,
            Side::Black => cp.saturating_neg(),
        }),
        Score::Mate(_) => None,
    }
}

/// Adds the quiet positions of `game` to `data`, each labelled with the game's result and the score
/// its move's comment reports, unless `seen` already holds the game (by the keys of all its
/// positions).
///
/// A position is used when an engine chose the move from it (the match runner comments every move
/// but the opening's; the first commented move ends the opening), the side to move is not in check,
/// the move played captures nothing, no win in one move is on, (unless `keep_decided`) the mover
/// did not report a mate, and (with `scored_only`) the comment holds a score in centipawns. What is
/// left is a position whose static evaluation should already say who stands better.
pub fn add_game<G: HostedGame>(
    game: &PgnGame<G>,
    selection: Selection,
    seen: &mut HashSet<u64>,
    data: &mut Dataset,
    counts: &mut SampleCounts,
) {
    counts.games += 1;
    let Some(result) = Outcome::from_pgn(&game.result).map(|o| o.score_for(Side::White)) else {
        counts.unfinished += 1;
        return;
    };
    if !decided_by_play(game) {
        counts.faulted += 1;
        return;
    }
    if !seen.insert(game_key(game, result)) {
        counts.repeated += 1;
        return;
    }
    let opening = game.comments.iter().take_while(|c| c.is_none()).count();
    let opening = if opening == game.comments.len() {
        0
    } else {
        opening
    };
    let record = &game.record;
    // `positions()[ply]` is the position before `moves()[ply]`, the one its comment speaks of.
    for (ply, (pos, &mv)) in record.positions().iter().zip(record.moves()).enumerate() {
        let comment = game.comments[ply].as_deref().and_then(MoveComment::parse);
        let score = white_score(pos, comment.as_ref());
        if ply < opening {
            counts.opening += 1;
        } else if !selection.keep_decided && comment.is_some_and(|c| c.reports_mate()) {
            counts.decided += 1;
        } else if pos.in_check() || pos.is_tactical(mv) || winning_move(pos).is_some() {
            counts.tactical += 1;
        } else if selection.scored_only && score.is_none() {
            counts.unscored += 1;
        } else {
            counts.kept += 1;
            data.push_scored(&pos.eval_features(), result, score);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_rules::game::Tuning;
    use duel_rules::games::Duel;
    use duel_rules::record::pgn;

    /// The samples of every game of a PGN text of game `G` with `selection`, and the counts.
    fn sample_with<G: HostedGame>(text: &str, selection: Selection) -> (Dataset, SampleCounts) {
        let mut data = Dataset::new(G::eval_weights().len());
        let (mut counts, mut seen) = (SampleCounts::default(), HashSet::new());
        for game in &pgn::read::<G>(text).unwrap() {
            add_game(game, selection, &mut seen, &mut data, &mut counts);
        }
        (data, counts)
    }

    /// The samples of every Duel game of a PGN text (with `keep_decided` off), and the counts.
    fn sample(text: &str) -> (Dataset, SampleCounts) {
        sample_with::<Duel>(text, Selection::default())
    }

    #[test]
    fn the_opening_tactics_and_mates_are_left_out() {
        // 1. D1-e6 (opening, no comment) E8-E7 {engine} 2. E1-E2 {engine, mate reported}
        let (data, counts) =
            sample("[Result \"0-1\"]\n\n1. D1-e6 E8-E7 {+0.10/5 0.1s} 2. E1-E2 {+M3/7 0.1s} 0-1\n");
        assert_eq!(counts.opening, 1);
        assert_eq!(counts.decided, 1);
        assert_eq!(counts.kept + counts.tactical, 1);
        assert_eq!(data.len(), counts.kept);
    }

    /// The samples of a Dame game with `selection`.
    fn sample_dame(text: &str, selection: Selection) -> (Dataset, SampleCounts) {
        sample_with::<duel_rules::games::Dame>(text, selection)
    }

    /// Four quiet Dame moves: White's reports even, Black's −4.00 for itself (+4.00 for White), then
    /// a mate and a comment with only a time. White lost.
    const SCORED: &str = "[Result \"0-1\"]\n\n1. c3-d4 {+0.00/5 0.1s} b6-a5 {-4.00/5 0.1s} \
                          2. b2-c3 {+M3/5 0.1s} a7-b6 {0.1s} 0-1\n";

    #[test]
    fn each_position_carries_its_movers_score_for_white() {
        use duel_rules::games::Dame;
        let scored_only = Selection {
            keep_decided: true,
            scored_only: true,
        };
        let (data, counts) = sample_dame(SCORED, scored_only);
        assert_eq!((counts.kept, counts.unscored), (2, 2), "{counts:?}");
        assert_eq!(data.scores(), [Some(0), Some(400)]);
        assert_eq!(data.results(), [0.0, 0.0]);
        // The features are those of the position the score speaks of: the one before the move.
        let games = pgn::read::<Dame>(SCORED).unwrap();
        let before_black = &games[0].record.positions()[1];
        let (_, second) = data.split_every(2);
        let mut want = Dataset::new(Dame::eval_weights().len());
        want.push_scored(&before_black.eval_features(), 0.0, Some(400));
        assert_eq!(format!("{second:?}"), format!("{want:?}"));
        // Half score, half result at K 1: ½·½ + ½·0 and ½·10/11 + ½·0.
        let blended = super::super::labels::blend(&data, 0.5, 1.0);
        assert!((blended.results()[0] - 0.25).abs() < 1e-12);
        assert!((blended.results()[1] - 5.0 / 11.0).abs() < 1e-12);
    }

    #[test]
    fn without_scored_only_every_quiet_position_is_kept_as_before() {
        let (data, counts) = sample_dame(SCORED, Selection::default());
        assert_eq!((counts.kept, counts.decided, counts.unscored), (3, 1, 0));
        assert_eq!(data.scores(), [Some(0), Some(400), None]);
        let (data, counts) = sample_dame(
            SCORED,
            Selection {
                keep_decided: true,
                scored_only: false,
            },
        );
        assert_eq!((counts.kept, counts.decided), (4, 0));
        assert_eq!(data.scores(), [Some(0), Some(400), None, None]);
    }

    #[test]
    fn unfinished_games_are_skipped() {
        let (data, counts) = sample("[Result \"*\"]\n\n1. D1-e6 {+0.1/1 0s} *\n");
        assert_eq!((counts.unfinished, data.len()), (1, 0));
    }

    #[test]
    fn a_repeated_game_counts_once() {
        let game = "[Result \"1-0\"]\n\n1. D1-e6 {+0.1/1 0s} E8-E7 {+0.1/1 0s} 1-0\n\n";
        let other = "[Result \"1-0\"]\n\n1. F1-e6 {+0.1/1 0s} E8-E7 {+0.1/1 0s} 1-0\n\n";
        let (_, counts) = sample(&format!("{game}{other}{game}"));
        assert_eq!((counts.games, counts.repeated), (3, 1));
    }

    #[test]
    fn games_lost_by_a_fault_are_skipped() {
        let (data, counts) = sample(
            "[Result \"1-0\"]\n[Termination \"time forfeit\"]\n\n1. D1-e6 {+0.1/1 0s} 1-0\n",
        );
        assert_eq!((counts.faulted, data.len()), (1, 0));
    }
}
