//! How balanced an opening is: the engine's search of its last position, at a fixed depth or node
//! budget, with one thread, an emptied table and a fixed evaluation (the game's hand-written one, or
//! for a verification that asks, its embedded net), so that the score depends on the opening alone.
//! The search runs in this process and scores in the game's own scale; the score is given in the
//! book's scale ([`BookScale`]), the common one for the books `duel book` makes.

use super::header::BookScale;
use duel_engine::search::{self, Limits, Score, TranspositionTable};
use duel_rules::game::{GameRecord, winning_move};
use duel_rules::games::HostedGame;

/// What the search makes of an opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The game is over, the side to move wins at once, or the search finds a forced result.
    Decided,
    /// A score for the side to move, in the book's scale.
    Score(i32),
}

/// Scores the opening `record` in `scale` by a search limited to `depth` and `nodes` (at least one
/// given), evaluating with the game's embedded net where `use_net` (and it has one), the table `tt`
/// emptied first. The search sees the opening's earlier positions, as an engine told `position
/// startpos moves …` does.
pub fn score_opening<G: HostedGame>(
    record: &GameRecord<G>,
    depth: Option<u32>,
    nodes: Option<u64>,
    use_net: bool,
    scale: BookScale,
    tt: &TranspositionTable,
) -> Verdict {
    if record.termination().is_some() || winning_move(record.current()).is_some() {
        return Verdict::Decided;
    }
    tt.clear();
    let limits = Limits {
        depth,
        nodes,
        ..Limits::default()
    };
    let summary = search::run_unattended(
        record.current(),
        record.earlier_keys(),
        &limits,
        use_net,
        tt,
    );
    match summary.score.map(|score| scale.of::<G>(score)) {
        Some(Score::Centipawns(cp)) => Verdict::Score(cp),
        Some(Score::Mate(_)) | None => Verdict::Decided,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_engine::search::on_common_scale;
    use duel_rules::game::Game;
    use duel_rules::games::Duel;

    #[test]
    fn the_start_is_scored_and_the_same_twice() {
        let tt = TranspositionTable::new(1);
        let start = GameRecord::new(Duel::start());
        let first = score_opening(&start, Some(3), None, false, BookScale::Game, &tt);
        assert!(matches!(first, Verdict::Score(_)), "{first:?}");
        assert_eq!(
            score_opening(&start, Some(3), None, false, BookScale::Game, &tt),
            first
        );
    }

    #[test]
    fn the_common_scale_is_the_game_scale_converted() {
        let tt = TranspositionTable::new(1);
        let mut record = GameRecord::new(Duel::start());
        record.play_text("D1-e6").unwrap();
        let Verdict::Score(own) =
            score_opening(&record, Some(2), None, false, BookScale::Game, &tt)
        else {
            panic!("the opening is not decided");
        };
        let common = match on_common_scale::<Duel>(Score::Centipawns(own)) {
            Score::Centipawns(cp) => cp,
            Score::Mate(_) => unreachable!("an evaluation stays one"),
        };
        assert_eq!(
            score_opening(&record, Some(2), None, false, BookScale::Common, &tt),
            Verdict::Score(common)
        );
    }

    #[test]
    fn an_opening_where_the_mover_wins_at_once_is_decided() {
        // Random play until the side to move has a winning move.
        let mut rng = duel_rules::game::Rng::new(3);
        let mut moves = duel_rules::game::MoveList::new();
        let tt = TranspositionTable::new(1);
        let mut record = GameRecord::new(Duel::start());
        while winning_move(record.current()).is_none() {
            record.current().generate_moves(&mut moves);
            match rng.pick(&moves) {
                Some(&mv) if record.termination().is_none() => record.play(mv),
                _ => record = GameRecord::new(Duel::start()),
            }
        }
        assert_eq!(
            score_opening(&record, Some(2), None, false, BookScale::Common, &tt),
            Verdict::Decided
        );
    }
}
