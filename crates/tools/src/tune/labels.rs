//! Targets that the game's result does not lead (`duel tune --score-weight`): each position's target
//! becomes `L·p(K_s, score) + (1 − L)·result`, where `score` is what the mover's search said of the
//! position (the comment of the move played from it) and `p` the logistic curve of the fit. A count
//! feature that merely follows who is ahead (the winner never has to break its guard) fits a game's
//! result well, but not a search score, which says how the position stands now.

use super::fit::{self, Dataset};

/// The scale `K_s` at which the rows' search scores best predict their results (the curve that turns
/// a score into an expected result), or `None` when no row has a score.
pub fn score_scale(data: &Dataset) -> Option<f64> {
    let mut scored = Dataset::new(1);
    for (score, &result) in data.scores().iter().zip(data.results()) {
        if let Some(score) = *score {
            scored.push(&[score], result);
        }
    }
    (!scored.is_empty()).then(|| fit::fit_scale(&scored, &[1.0]))
}

/// The rows of `data` with each target `weight·p(scale, score) + (1 − weight)·result`; a row without
/// a score keeps its result (`duel tune` leaves such rows out when `weight` is above 0).
pub fn blend(data: &Dataset, weight: f64, scale: f64) -> Dataset {
    let targets = data
        .results()
        .iter()
        .zip(data.scores())
        .map(|(&result, score)| match *score {
            Some(score) => {
                weight * fit::predicted(scale, f64::from(score)) + (1.0 - weight) * result
            }
            None => result,
        })
        .collect();
    data.relabelled(targets)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(rows: &[(f64, Option<i32>)]) -> Dataset {
        let mut data = Dataset::new(1);
        for (i, &(result, score)) in rows.iter().enumerate() {
            data.push_scored(&[i as i32], result, score);
        }
        data
    }

    #[test]
    fn the_target_blends_the_score_and_the_result() {
        // An even score is an expected ½ at any scale; +400 cp at K 1 is 1/(1 + 10^-1) = 10/11.
        let rows = data(&[
            (1.0, Some(0)),
            (0.0, Some(0)),
            (0.5, Some(400)),
            (1.0, None),
        ]);
        let half = blend(&rows, 0.5, 1.0);
        let want = [0.75, 0.25, 0.5 * 10.0 / 11.0 + 0.25, 1.0];
        for (got, want) in half.results().iter().zip(want) {
            assert!((got - want).abs() < 1e-12, "{:?}", half.results());
        }
        let scores_only = blend(&rows, 1.0, 1.0);
        assert_eq!(scores_only.results()[..2], [0.5, 0.5]);
        assert!((scores_only.results()[2] - 10.0 / 11.0).abs() < 1e-12);
        assert_eq!(scores_only.scores(), rows.scores());
    }

    #[test]
    fn weight_zero_keeps_the_results_exactly() {
        let rows = data(&[(1.0, Some(250)), (0.5, Some(-90)), (0.0, None)]);
        assert_eq!(blend(&rows, 0.0, 0.7).results(), rows.results());
    }

    #[test]
    fn the_score_scale_is_the_one_that_predicts_the_results() {
        // Results drawn as the curve at K 0.8 says (soft labels): the scale comes back.
        let rows: Vec<(f64, Option<i32>)> = (-40..=40)
            .map(|i| i * 25)
            .map(|score| (fit::predicted(0.8, f64::from(score)), Some(score)))
            .chain([(1.0, None)])
            .collect();
        let scale = score_scale(&data(&rows)).expect("scores");
        assert!((scale - 0.8).abs() < 0.01, "{scale}");
        assert_eq!(score_scale(&data(&[(1.0, None)])), None);
    }
}
