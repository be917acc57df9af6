//! Each side's accuracy, by lichess's formula (its `AccuracyPercent`): a move's accuracy falls
//! exponentially with the points of expected result it lost, and a game's is the mean of two means
//! of its moves' accuracies, one weighted by how volatile the game was around each move, one
//! harmonic, so that a few bad moves weigh more than in a plain mean.

use super::judgment::loss;
use crate::game::Side;

/// A move's accuracy, 0..100, from the mover's expected result in percent before and after it:
/// `103.1668 · e^(−0.043544 · loss) − 3.1669` ([`loss`]), plus 1 for the uncertainty of the
/// analysis, within 0..100; 100 when the expected result did not fall.
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    let loss = loss(before, after);
    if loss == 0.0 {
        return 100.0;
    }
    let raw =
        103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * loss).exp() - 3.166_924_740_191_411;
    (raw + 1.0).clamp(0.0, 100.0)
}

/// Each side's accuracy in a game (White's first), from White's expected result in percent in
/// every position, start first (one more than the moves), and the side that made each move:
/// `None` for a side that made no move. lichess's `gameAccuracy`: windows of
/// `clamp(moves / 10, 2, 8)` positions slide over the sequence (the first window counted again for
/// the first moves, so that there is one a move), each move's weight is its window's standard
/// deviation within 0.5..12, and a side's accuracy is the mean of the weighted mean and the
/// harmonic mean of its moves' accuracies.
pub fn game_accuracy(white_percents: &[f64], movers: &[Side]) -> [Option<f64>; 2] {
    let moves = movers.len().min(white_percents.len().saturating_sub(1));
    if moves == 0 {
        return [None, None];
    }
    let percents = &white_percents[..=moves];
    let weights = volatility_weights(percents);
    let mut per_side: [Vec<(f64, f64)>; 2] = [Vec::new(), Vec::new()];
    for (index, &mover) in movers[..moves].iter().enumerate() {
        let (before, after) = match mover {
            Side::White => (percents[index], percents[index + 1]),
            Side::Black => (100.0 - percents[index], 100.0 - percents[index + 1]),
        };
        per_side[mover.index()].push((move_accuracy(before, after), weights[index]));
    }
    per_side.map(|moves| side_accuracy(&moves))
}

/// One weight a move: the standard deviation (within 0.5..12) of the window of positions around
/// it, `percents` holding one position more than there are moves.
fn volatility_weights(percents: &[f64]) -> Vec<f64> {
    let moves = percents.len() - 1;
    let size = (moves / 10).clamp(2, 8).min(percents.len());
    let first = &percents[..size];
    let repeated = std::iter::repeat_n(first, size - 2);
    repeated
        .chain(percents.windows(size))
        .take(moves)
        .map(|window| standard_deviation(window).clamp(0.5, 12.0))
        .collect()
}

/// The population standard deviation of `values` (not empty).
fn standard_deviation(values: &[f64]) -> f64 {
    let count = values.len() as f64;
    let mean = values.iter().sum::<f64>() / count;
    (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / count).sqrt()
}

/// A side's accuracy from its moves' (accuracy, weight): the mean of the weighted mean and the
/// harmonic mean (each accuracy at least 1 in it, as lichess has it); `None` without moves.
fn side_accuracy(moves: &[(f64, f64)]) -> Option<f64> {
    if moves.is_empty() {
        return None;
    }
    let total_weight: f64 = moves.iter().map(|&(_, w)| w).sum();
    let weighted = moves.iter().map(|&(a, w)| a * w).sum::<f64>() / total_weight;
    let harmonic = moves.len() as f64 / moves.iter().map(|&(a, _)| 1.0 / a.max(1.0)).sum::<f64>();
    Some((weighted + harmonic) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-6
    }

    #[test]
    fn a_move_that_loses_nothing_is_perfect_and_losses_cost_exponentially() {
        assert_eq!(move_accuracy(50.0, 50.0), 100.0);
        assert_eq!(move_accuracy(40.0, 70.0), 100.0);
        // 103.1668 − 3.1669 + 1 at a loss of zero: clamped to 100.
        assert_eq!(move_accuracy(50.0, 49.999_999), 100.0);
        let ten = 103.166_810_071_164_9 * (-0.435_441_538_675_395_1_f64).exp()
            - 3.166_924_740_191_411
            + 1.0;
        assert!(close(move_accuracy(60.0, 50.0), ten));
        assert!((move_accuracy(60.0, 50.0) - 64.6).abs() < 0.1);
        assert_eq!(move_accuracy(100.0, 0.0), 0.0);
    }

    #[test]
    fn a_game_without_losses_is_perfect_for_both_sides() {
        let percents = [50.0; 11];
        let movers: Vec<Side> = (0..10)
            .map(|i| if i % 2 == 0 { Side::White } else { Side::Black })
            .collect();
        assert_eq!(
            game_accuracy(&percents, &movers),
            [Some(100.0), Some(100.0)]
        );
    }

    #[test]
    fn the_side_that_blunders_is_the_less_accurate() {
        // White gives away 40 points on its third move; Black takes what it is given.
        let percents = [50.0, 50.0, 50.0, 50.0, 50.0, 10.0, 10.0, 10.0, 10.0];
        let movers: Vec<Side> = (0..8)
            .map(|i| if i % 2 == 0 { Side::White } else { Side::Black })
            .collect();
        let [white, black] = game_accuracy(&percents, &movers);
        let (white, black) = (white.unwrap(), black.unwrap());
        assert_eq!(black, 100.0);
        assert!(white < 80.0 && white > 0.0, "{white}");
    }

    #[test]
    fn weights_follow_lichess_windows() {
        // 4 moves: windows of 2, the first counted 0 extra times; one weight a move.
        let weights = volatility_weights(&[50.0, 50.0, 60.0, 60.0, 60.0]);
        assert_eq!(weights, [0.5, 5.0, 0.5, 0.5]);
        // 30 moves: windows of 3, the first counted once more.
        let percents: Vec<f64> = (0..31).map(f64::from).collect();
        let weights = volatility_weights(&percents);
        assert_eq!(weights.len(), 30);
        assert!(
            weights
                .iter()
                .all(|&w| close(w, standard_deviation(&[0.0, 1.0, 2.0])))
        );
    }

    #[test]
    fn a_side_without_moves_has_no_accuracy() {
        assert_eq!(
            game_accuracy(&[50.0, 60.0], &[Side::White]),
            [Some(100.0), None]
        );
        assert_eq!(game_accuracy(&[50.0], &[]), [None, None]);
    }

    #[test]
    fn the_harmonic_mean_counts_a_zero_as_one() {
        let accuracy = side_accuracy(&[(0.0, 1.0), (100.0, 1.0)]).unwrap();
        // weighted 50, harmonic 2 / (1 + 0.01)
        assert!(close(accuracy, (50.0 + 2.0 / 1.01) / 2.0), "{accuracy}");
    }
}
