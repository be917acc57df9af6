//! A search score as the engine shows it: on the common scale every game reports in, with the
//! chances it gives. The search works in each game's own evaluation scale; everything shown to a
//! user or another program (`info` lines, `eval`, PGN comments, the page, Python) goes through here,
//! through the game's [`WinRateModel`]: the one it ships, or the one `WDLFile` loaded (the `_by`
//! functions take it). Mates and database results are shown as they are.

use super::score::{DECISIVE_BOUND, Score};
use duel_rules::game::{Evaluation, Wdl, WinRateModel};

/// `score` (the search's, in game `G`'s evaluation scale) on the common scale of `G`'s shipped
/// model: see [`on_common_scale_by`].
pub fn on_common_scale<G: Evaluation>(score: Score) -> Score {
    on_common_scale_by(G::win_rate_model(), score)
}

/// `score` (the search's, in the evaluation scale `model` was fitted to) on the common scale: an
/// evaluation is converted so that +100 is a 75 % expected result at the game's typical middle game
/// by `model`; mates and database results (30,000 and more) are unchanged.
pub fn on_common_scale_by(model: &WinRateModel, score: Score) -> Score {
    match score {
        Score::Centipawns(cp) if cp.abs() < DECISIVE_BOUND => {
            Score::Centipawns(model.centipawns(cp))
        }
        other => other,
    }
}

/// The chances that `score` gives in `position` by the game's shipped model: see [`chances_by`].
pub fn chances<G: Evaluation>(position: &G, score: Score) -> Wdl {
    chances_by(G::win_rate_model(), position, score)
}

/// The chances of a win, a draw and a loss that `score` (the search's, for `position`'s side to
/// move, in the game's evaluation scale) gives in `position`: a mate or a database result is
/// certain, an evaluation goes through `model` (the game's, shipped or loaded by `WDLFile`) at the
/// position's phase.
pub fn chances_by<G: Evaluation>(model: &WinRateModel, position: &G, score: Score) -> Wdl {
    match score {
        Score::Mate(moves) => Wdl::certain(if moves > 0 { 1.0 } else { 0.0 }),
        Score::Centipawns(cp) if cp >= DECISIVE_BOUND => Wdl::certain(1.0),
        Score::Centipawns(cp) if cp <= -DECISIVE_BOUND => Wdl::certain(0.0),
        Score::Centipawns(cp) => model.wdl(cp, position.phase()),
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
    fn another_model_gives_another_scale_and_other_chances() {
        let shipped = Duel::win_rate_model();
        // Twice as slow a rise: the same score is worth half as much, with less sure chances.
        let slower = WinRateModel::new(
            "duel",
            shipped.a,
            shipped.b.map(|c| 2.0 * c),
            shipped.phase_range,
            shipped.reference_phase,
        )
        .unwrap();
        let start = Duel::start();
        let own = Score::Centipawns(shipped.from_centipawns(200));
        assert_eq!(
            on_common_scale::<Duel>(own),
            on_common_scale_by(shipped, own)
        );
        assert_eq!(chances(&start, own), chances_by(shipped, &start, own));
        let (Score::Centipawns(usual), Score::Centipawns(slow)) = (
            on_common_scale::<Duel>(own),
            on_common_scale_by(&slower, own),
        ) else {
            panic!("evaluations stay evaluations");
        };
        assert!(slow < usual, "{slow} {usual}");
        assert!(chances_by(&slower, &start, own).win < chances(&start, own).win);
        assert_eq!(on_common_scale_by(&slower, Score::Mate(2)), Score::Mate(2));
        assert_eq!(chances_by(&slower, &start, Score::Mate(2)).win, 1000);
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
