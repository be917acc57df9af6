//! A search score as the engine shows it: on the common scale every game reports in, with the
//! chances it gives. The search works in each game's own evaluation scale; everything shown to a
//! user or another program (`info` lines, `eval`, PGN comments, the page, Python) goes through here,
//! through the game's [`WinRateModel`](duel_rules::game::WinRateModel). Mates and database results
//! are shown as they are.

use super::score::{DECISIVE_BOUND, Score};
use duel_rules::game::{Evaluation, Wdl};

/// `score` (the search's, in game `G`'s evaluation scale) on the common scale: an evaluation is
/// converted so that +100 is a 75 % expected result at `G`'s typical middle game; mates and
/// database results (30,000 and more) are unchanged.
pub fn on_common_scale<G: Evaluation>(score: Score) -> Score {
    match score {
        Score::Centipawns(cp) if cp.abs() < DECISIVE_BOUND => {
            Score::Centipawns(G::win_rate_model().centipawns(cp))
        }
        other => other,
    }
}

/// The chances of a win, a draw and a loss that `score` (the search's, for `position`'s side to
/// move, in the game's evaluation scale) gives in `position`: a mate or a database result is
/// certain, an evaluation goes through the game's win-rate model at the position's phase.
pub fn chances<G: Evaluation>(position: &G, score: Score) -> Wdl {
    match score {
        Score::Mate(moves) => Wdl::certain(if moves > 0 { 1.0 } else { 0.0 }),
        Score::Centipawns(cp) if cp >= DECISIVE_BOUND => Wdl::certain(1.0),
        Score::Centipawns(cp) if cp <= -DECISIVE_BOUND => Wdl::certain(0.0),
        Score::Centipawns(cp) => position.wdl(cp),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::tb_win_in;
    use duel_rules::game::Game;
    use duel_rules::games::{Alice, Duel};

    #[test]
    fn evaluations_change_scale_and_decisive_scores_do_not() {
        // The model's unit is not a whole number: 300 of the common scale, rounded to the game's
        // scale and back, is within one of itself.
        let three = Duel::win_rate_model().from_centipawns(300);
        let Score::Centipawns(back) = on_common_scale::<Duel>(Score::Centipawns(three)) else {
            panic!("an evaluation stays an evaluation");
        };
        assert!((back - 300).abs() <= 2, "{back}");
        assert_eq!(on_common_scale::<Duel>(Score::Mate(-3)), Score::Mate(-3));
        let database = Score::Centipawns(tb_win_in(2, 10));
        assert_eq!(on_common_scale::<Duel>(database), database);
    }

    #[test]
    fn one_common_score_gives_one_chance_in_every_game_at_its_reference_phase() {
        for (unit, phase, model) in [
            (
                Duel::win_rate_model().from_centipawns(100),
                Duel::win_rate_model().reference_phase,
                Duel::win_rate_model(),
            ),
            (
                Alice::win_rate_model().from_centipawns(100),
                Alice::win_rate_model().reference_phase,
                Alice::win_rate_model(),
            ),
        ] {
            let expected = model.expected(f64::from(unit), phase);
            assert!((expected - 0.75).abs() < 0.01, "{expected}");
        }
    }

    #[test]
    fn decisive_scores_are_certain() {
        let start = Duel::start();
        assert_eq!(chances(&start, Score::Mate(2)).win, 1000);
        assert_eq!(chances(&start, Score::Mate(-1)).loss, 1000);
        assert_eq!(
            chances(&start, Score::Centipawns(-tb_win_in(0, 4))).loss,
            1000
        );
        let even = chances(&start, Score::Centipawns(0));
        assert_eq!(even.win, even.loss);
    }
}
