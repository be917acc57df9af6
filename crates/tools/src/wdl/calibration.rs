//! How well a model's chances match results it was not fitted on: the reliability table (positions
//! grouped by the predicted chance to win, the observed win rate in each) and two proper scores,
//! the log loss and the Brier score, each against simpler predictions.

use super::samples::{Outcome3, WdlSample};
use duel_rules::game::WinRateModel;

/// Predicted chances of a win, a draw and a loss for one position.
pub type Chances = (f64, f64, f64);

/// One group of positions whose predicted chance to win fell in `low..high`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReliabilityRow {
    /// The group's least predicted chance to win (a tenth's multiple).
    pub low: f64,
    /// Its positions.
    pub count: usize,
    /// The mean predicted chance to win.
    pub predicted: f64,
    /// The share of its positions whose side to move won.
    pub observed: f64,
}

/// The log loss and the Brier score of one prediction over a set of positions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scores {
    /// The mean of −ln(the chance given to the result that came).
    pub log_loss: f64,
    /// The mean of the squared differences between the chances and the result, summed over win,
    /// draw and loss.
    pub brier: f64,
}

/// The chances `model` gives each sample.
pub fn model_chances(model: &WinRateModel, samples: &[WdlSample]) -> Vec<Chances> {
    samples
        .iter()
        .map(|s| {
            let (win, loss) = model.chances(s.score, s.phase);
            (win, (1.0 - win - loss).max(0.0), loss)
        })
        .collect()
}

/// The shares of wins, draws and losses among `samples`: the prediction that ignores the score.
pub fn base_rates(samples: &[WdlSample]) -> Chances {
    let n = samples.len().max(1) as f64;
    let share = |r: Outcome3| samples.iter().filter(|s| s.result == r).count() as f64 / n;
    (
        share(Outcome3::Win),
        share(Outcome3::Draw),
        share(Outcome3::Loss),
    )
}

/// The positions grouped by tenths of the predicted chance to win.
pub fn reliability(samples: &[WdlSample], chances: &[Chances]) -> Vec<ReliabilityRow> {
    let mut sums = [(0usize, 0.0, 0.0); 10];
    for (sample, &(win, _, _)) in samples.iter().zip(chances) {
        let group = ((win * 10.0) as usize).min(9);
        sums[group].0 += 1;
        sums[group].1 += win;
        sums[group].2 += f64::from(u8::from(sample.result == Outcome3::Win));
    }
    sums.iter()
        .enumerate()
        .filter(|(_, (count, _, _))| *count > 0)
        .map(|(group, &(count, predicted, won))| ReliabilityRow {
            low: group as f64 / 10.0,
            count,
            predicted: predicted / count as f64,
            observed: won / count as f64,
        })
        .collect()
}

/// The log loss and Brier score of `chances` for `samples`.
pub fn scores(samples: &[WdlSample], chances: &[Chances]) -> Scores {
    let n = samples.len().max(1) as f64;
    let (mut log_loss, mut brier) = (0.0, 0.0);
    for (sample, &(win, draw, loss)) in samples.iter().zip(chances) {
        let came = sample.result.pick(win, draw, loss);
        log_loss -= came.max(1e-9).ln();
        let (yw, yd, yl) = sample
            .result
            .pick((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0));
        brier += (win - yw).powi(2) + (draw - yd).powi(2) + (loss - yl).powi(2);
    }
    Scores {
        log_loss: log_loss / n,
        brier: brier / n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(score: f64, result: Outcome3) -> WdlSample {
        WdlSample {
            score,
            phase: 0.5,
            result,
        }
    }

    #[test]
    fn a_sure_right_prediction_scores_perfectly_and_a_coin_does_not() {
        let samples = [sample(1.0, Outcome3::Win), sample(-1.0, Outcome3::Loss)];
        let sure = [(1.0, 0.0, 0.0), (0.0, 0.0, 1.0)];
        let perfect = scores(&samples, &sure);
        assert!(perfect.log_loss < 1e-6 && perfect.brier < 1e-9);
        let coin = scores(&samples, &[(0.5, 0.0, 0.5); 2]);
        assert!((coin.log_loss - 2f64.ln()).abs() < 1e-9);
        assert!((coin.brier - 0.5).abs() < 1e-9);
    }

    #[test]
    fn reliability_groups_by_tenths_of_the_chance_to_win() {
        let samples = [
            sample(0.0, Outcome3::Win),
            sample(0.0, Outcome3::Loss),
            sample(0.0, Outcome3::Win),
        ];
        let chances = [(0.72, 0.0, 0.28), (0.78, 0.0, 0.22), (0.05, 0.0, 0.95)];
        let rows = reliability(&samples, &chances);
        assert_eq!(rows.len(), 2);
        assert_eq!(
            (rows[0].low, rows[0].count, rows[0].observed),
            (0.0, 1, 1.0)
        );
        assert_eq!(
            (rows[1].low, rows[1].count, rows[1].observed),
            (0.7, 2, 0.5)
        );
        assert!((rows[1].predicted - 0.75).abs() < 1e-12);
        assert_eq!(base_rates(&samples), (2.0 / 3.0, 0.0, 1.0 / 3.0));
    }
}
