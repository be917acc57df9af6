//! Rating lists: maximum-likelihood Elo ratings of the engines of a round robin or gauntlet, with
//! 95 % intervals and the likelihood of superiority of every engine over every other, as Ordo and
//! BayesElo print them. The method and its reference values: docs/ratings.md.
//!
//! The model is Elo's logistic curve (Bradley–Terry): engine i scores against engine j on average
//! p_ij = 1 / (1 + 10^((r_j − r_i) / 400)) per game, a draw counting as half a win, as Ordo counts
//! it. The ratings maximize the likelihood L = Σ_{i≠j} s_ij · ln p_ij of the points s_ij each engine
//! scored against each other; Newton's method finds the maximum with the anchor held at 0. The
//! covariance of the ratings is the inverse of the observed information (−∂²L/∂r², the anchor's row
//! and column left out) at the maximum: each interval is ±1.96 standard deviations relative to the
//! anchor, and the likelihood of superiority of i over j is Φ((r_i − r_j) / σ(r_i − r_j)).
//!
//! The maximum is finite only when no group of engines won (or lost) every game against the rest.
//! When one did, one virtual draw is added to every pairing that played (a prior, as BayesElo's
//! virtual draws are), and the list says so.

use super::results::MatchResults;
use super::stats::{Z_95, normal_cdf};
use std::fmt;

/// Elo per natural unit of log-odds: the logistic curve's 400 / ln 10.
const ELO_PER_NEPER: f64 = 400.0 / std::f64::consts::LN_10;

/// Newton stops when no rating moves more than this (Elo).
const TOLERANCE: f64 = 1e-9;

/// Newton steps before giving up (it converges in a handful).
const MAX_STEPS: usize = 200;

/// One engine's line in the list.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// The engine.
    pub name: String,
    /// Its rating, the anchor's being 0.
    pub elo: f64,
    /// Half-width of the 95 % interval of `elo` (0 for the anchor).
    pub error: f64,
    /// Games played.
    pub games: u64,
    /// Points scored (a draw is half a point).
    pub points: f64,
}

/// The engines by rating, best first, with the likelihood of superiority of each over each.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingList {
    /// The engines, best first.
    pub ratings: Vec<Rating>,
    /// The engine rated 0.
    pub anchor: String,
    /// `los[i][j]`: the probability that `ratings[i]` is stronger than `ratings[j]`.
    pub los: Vec<Vec<f64>>,
    /// Whether a virtual draw per pairing was needed to keep the ratings finite.
    pub virtual_draws: bool,
}

/// The maximum-likelihood ratings and their covariance (Elo²).
#[derive(Clone, Debug, PartialEq)]
struct Fit {
    elo: Vec<f64>,
    covariance: Vec<Vec<f64>>,
}

/// The rating list of the engines of `results` that played, anchored on `anchor` (by default the
/// first engine). Refused when the anchor played no game or when the engines fall into groups that
/// never met.
pub fn rating_list(results: &MatchResults, anchor: Option<&str>) -> Result<RatingList, String> {
    let names = engines_that_played(results);
    let anchor = anchor_index(&names, anchor)?;
    let (games, points) = meetings(results, &names);
    if !reaches_all(&games, |i, j| games[i][j] > 0.0) {
        return Err("the engines fall into groups that never played each other".to_string());
    }
    let finite = reaches_all(&points, |i, j| points[i][j] > 0.0)
        && reaches_all(&points, |i, j| points[j][i] > 0.0);
    let (mut fit_games, mut fit_points) = (games.clone(), points.clone());
    if !finite {
        add_virtual_draws(&mut fit_games, &mut fit_points);
    }
    let fit = maximum_likelihood(&fit_games, &fit_points, anchor)
        .ok_or("the ratings did not converge")?;
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&a, &b| fit.elo[b].total_cmp(&fit.elo[a]));
    let ratings = order
        .iter()
        .map(|&i| Rating {
            name: names[i].clone(),
            elo: fit.elo[i],
            error: Z_95 * fit.covariance[i][i].max(0.0).sqrt(),
            games: games[i].iter().sum::<f64>() as u64,
            points: points[i].iter().sum(),
        })
        .collect();
    let los = order
        .iter()
        .map(|&i| order.iter().map(|&j| superiority(&fit, i, j)).collect())
        .collect();
    Ok(RatingList {
        ratings,
        anchor: names[anchor].clone(),
        los,
        virtual_draws: !finite,
    })
}

/// The engines of `results` that played a game, in the results' order.
fn engines_that_played(results: &MatchResults) -> Vec<String> {
    let mut names = results.engine_names();
    let played = |name: &String| {
        results
            .pairings
            .iter()
            .any(|p| p.tally.games() > 0 && (&p.first == name || &p.second == name))
    };
    names.retain(played);
    names
}

/// The index in `names` of the engine `anchor` names (the first when `None`).
fn anchor_index(names: &[String], anchor: Option<&str>) -> Result<usize, String> {
    let anchor_name = anchor.map_or_else(|| names.first().cloned(), |a| Some(a.to_string()));
    anchor_name
        .as_ref()
        .and_then(|a| names.iter().position(|n| n == a))
        .ok_or_else(|| {
            format!(
                "the anchor {} played no game here (engines: {})",
                anchor_name.as_deref().unwrap_or("(none)"),
                names.join(", ")
            )
        })
}

/// The games `[i][j]` engine `i` played against engine `j` (of `names`), and the points it scored in
/// them.
fn meetings(results: &MatchResults, names: &[String]) -> (Vec<Vec<f64>>, Vec<Vec<f64>>) {
    let n = names.len();
    let mut games = vec![vec![0.0; n]; n];
    let mut points = vec![vec![0.0; n]; n];
    for p in &results.pairings {
        let index = |engine: &String| names.iter().position(|name| name == engine);
        let (Some(i), Some(j)) = (index(&p.first), index(&p.second)) else {
            continue; // a pairing without games
        };
        let t = &p.tally;
        let first_points = t.wins as f64 + 0.5 * t.draws as f64;
        games[i][j] += t.games() as f64;
        games[j][i] += t.games() as f64;
        points[i][j] += first_points;
        points[j][i] += t.games() as f64 - first_points;
    }
    (games, points)
}

/// One drawn game more in every pairing that played, which keeps the ratings finite when an engine
/// won or lost every game.
fn add_virtual_draws(games: &mut [Vec<f64>], points: &mut [Vec<f64>]) {
    for (games, points) in games.iter_mut().zip(points.iter_mut()) {
        for (games, points) in games.iter_mut().zip(points.iter_mut()) {
            if *games > 0.0 {
                *games += 1.0;
                *points += 0.5;
            }
        }
    }
}

/// Whether every engine can be reached from the first along `edge(i, j)`.
fn reaches_all(matrix: &[Vec<f64>], edge: impl Fn(usize, usize) -> bool) -> bool {
    let mut reached = vec![false; matrix.len()];
    let mut stack = vec![0];
    reached[0] = true;
    while let Some(i) = stack.pop() {
        for (j, seen) in reached.iter_mut().enumerate() {
            if !*seen && edge(i, j) {
                *seen = true;
                stack.push(j);
            }
        }
    }
    reached.into_iter().all(|r| r)
}

/// The probability that engine `i` is stronger than engine `j`.
fn superiority(fit: &Fit, i: usize, j: usize) -> f64 {
    let c = &fit.covariance;
    let variance = c[i][i] + c[j][j] - 2.0 * c[i][j];
    if variance <= 0.0 {
        return 0.5;
    }
    normal_cdf((fit.elo[i] - fit.elo[j]) / variance.sqrt())
}

/// ln(1 + e^z) without overflow.
fn softplus(z: f64) -> f64 {
    z.max(0.0) + (-z.abs()).exp().ln_1p()
}

/// The log-likelihood of ratings `elo`: Σ s_ij · ln p_ij.
fn log_likelihood(points: &[Vec<f64>], elo: &[f64]) -> f64 {
    let mut sum = 0.0;
    for (i, row) in points.iter().enumerate() {
        for (j, &s) in row.iter().enumerate() {
            if s > 0.0 {
                sum -= s * softplus((elo[j] - elo[i]) / ELO_PER_NEPER);
            }
        }
    }
    sum
}

/// The gradient of the log-likelihood (per Elo) and the observed information (per Elo²).
fn derivatives(games: &[Vec<f64>], points: &[Vec<f64>], elo: &[f64]) -> (Vec<f64>, Vec<Vec<f64>>) {
    let n = elo.len();
    let mut gradient = vec![0.0; n];
    let mut information = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..n {
            if i == j || games[i][j] == 0.0 {
                continue;
            }
            let p = 1.0 / (1.0 + ((elo[j] - elo[i]) / ELO_PER_NEPER).exp());
            gradient[i] += (points[i][j] - games[i][j] * p) / ELO_PER_NEPER;
            let weight = games[i][j] * p * (1.0 - p) / (ELO_PER_NEPER * ELO_PER_NEPER);
            information[i][i] += weight;
            information[i][j] -= weight;
        }
    }
    (gradient, information)
}

/// Newton's method on the log-likelihood with `anchor` held at 0, each step halved until the
/// likelihood does not fall; `None` when the information is singular or the steps do not settle.
fn maximum_likelihood(games: &[Vec<f64>], points: &[Vec<f64>], anchor: usize) -> Option<Fit> {
    let n = games.len();
    let free: Vec<usize> = (0..n).filter(|&i| i != anchor).collect();
    let mut elo = vec![0.0; n];
    for _ in 0..MAX_STEPS {
        let (gradient, information) = derivatives(games, points, &elo);
        let inverse = invert(&restrict(&information, &free))?;
        let step: Vec<f64> = inverse
            .iter()
            .map(|row| row.iter().zip(&free).map(|(a, &k)| a * gradient[k]).sum())
            .collect();
        let before = log_likelihood(points, &elo);
        let mut scale = 1.0;
        let mut next = elo.clone();
        for _ in 0..60 {
            for (s, &k) in step.iter().zip(&free) {
                next[k] = elo[k] + scale * s;
            }
            if log_likelihood(points, &next) >= before - 1e-12 * before.abs() {
                break;
            }
            scale /= 2.0;
        }
        let moved = step.iter().map(|s| (scale * s).abs()).fold(0.0, f64::max);
        elo = next;
        if moved < TOLERANCE {
            let (_, information) = derivatives(games, points, &elo);
            let inverse = invert(&restrict(&information, &free))?;
            let mut covariance = vec![vec![0.0; n]; n];
            for (a, &i) in free.iter().enumerate() {
                for (b, &j) in free.iter().enumerate() {
                    covariance[i][j] = inverse[a][b];
                }
            }
            return Some(Fit { elo, covariance });
        }
    }
    None
}

/// The rows and columns `keep` of a square matrix.
fn restrict(matrix: &[Vec<f64>], keep: &[usize]) -> Vec<Vec<f64>> {
    keep.iter()
        .map(|&i| keep.iter().map(|&j| matrix[i][j]).collect())
        .collect()
}

/// The inverse of a square matrix by Gauss–Jordan elimination with partial pivoting; `None` when it
/// is singular.
fn invert(matrix: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = matrix.len();
    let mut a: Vec<Vec<f64>> = matrix.to_vec();
    let mut inverse: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
        .collect();
    let scale = matrix
        .iter()
        .flatten()
        .fold(0.0, |m: f64, x| m.max(x.abs()));
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() <= 1e-12 * scale {
            return None;
        }
        a.swap(col, pivot);
        inverse.swap(col, pivot);
        let divisor = a[col][col];
        for k in 0..n {
            a[col][k] /= divisor;
            inverse[col][k] /= divisor;
        }
        for row in 0..n {
            if row != col {
                let factor = a[row][col];
                for k in 0..n {
                    a[row][k] -= factor * a[col][k];
                    inverse[row][k] -= factor * inverse[col][k];
                }
            }
        }
    }
    Some(inverse)
}

impl RatingList {
    /// The engines by rating, with games, points and score.
    fn write_ratings(&self, f: &mut fmt::Formatter<'_>, width: usize) -> fmt::Result {
        writeln!(
            f,
            "Ratings (maximum likelihood, a draw is half a win; 95 % intervals; {} = 0):",
            self.anchor
        )?;
        if self.virtual_draws {
            writeln!(
                f,
                "  (some engines won or lost every game against the rest: one virtual draw is \
                 added to every pairing to keep the ratings finite)"
            )?;
        }
        writeln!(
            f,
            "  # {:width$}      Elo     +/-   games   points   score",
            "engine"
        )?;
        for (rank, r) in self.ratings.iter().enumerate() {
            let score = if r.games > 0 {
                100.0 * r.points / r.games as f64
            } else {
                0.0
            };
            writeln!(
                f,
                "{:>3} {:width$} {:>8.1} {:>7.1} {:>7} {:>8.1} {:>5.1} %",
                rank + 1,
                r.name,
                r.elo,
                r.error,
                r.games,
                r.points,
                score
            )?;
        }
        Ok(())
    }

    /// The table of the likelihood of superiority.
    fn write_superiority(&self, f: &mut fmt::Formatter<'_>, width: usize) -> fmt::Result {
        writeln!(
            f,
            "Likelihood of superiority (row stronger than column, %):"
        )?;
        let column = width.max(4);
        write!(f, "    {:width$}", "")?;
        for r in &self.ratings {
            write!(f, " {:>column$}", r.name)?;
        }
        writeln!(f)?;
        for (i, r) in self.ratings.iter().enumerate() {
            write!(f, "    {:width$}", r.name)?;
            for (j, los) in self.los[i].iter().enumerate() {
                if i == j {
                    write!(f, " {:>column$}", "-")?;
                } else {
                    write!(f, " {:>column$.0}", 100.0 * los)?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl fmt::Display for RatingList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self
            .ratings
            .iter()
            .map(|r| r.name.chars().count())
            .max()
            .unwrap_or(0)
            .max(6);
        self.write_ratings(f, width)?;
        self.write_superiority(f, width)
    }
}

#[cfg(test)]
mod tests {
    use super::super::results::PairingResult;
    use super::super::stats::Tally;
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    /// Results of pairings `(first, second, wins, draws, losses)`.
    fn results(pairings: &[(&str, &str, u64, u64, u64)]) -> MatchResults {
        MatchResults {
            variant: "duel".into(),
            pairings: pairings
                .iter()
                .map(|&(first, second, wins, draws, losses)| PairingResult {
                    first: first.into(),
                    second: second.into(),
                    tally: Tally {
                        wins,
                        draws,
                        losses,
                        ..Tally::default()
                    },
                })
                .collect(),
            ..MatchResults::default()
        }
    }

    fn elo_of(list: &RatingList, name: &str) -> f64 {
        list.ratings.iter().find(|r| r.name == name).unwrap().elo
    }

    /// Two engines, 3 points of 4: 400 · log10(3) = 190.8485 Elo apart. The information is
    /// n · p(1 − p) / (400 / ln 10)² with n = 4, p = ¾, so σ = 400 / ln 10 / √0.75 = 200.5920 and the
    /// interval ±1.96 σ = ±393.153; LOS = Φ(190.8485 / 200.5920) = Φ(0.951426) = 0.829306.
    #[test]
    fn two_engines_three_to_one_by_hand() {
        let list = rating_list(&results(&[("a", "b", 3, 0, 1)]), None).unwrap();
        assert_eq!(list.anchor, "a");
        assert!(!list.virtual_draws);
        assert!(close(elo_of(&list, "a"), 0.0, 1e-9));
        assert!(close(elo_of(&list, "b"), -190.848502, 1e-6), "{list:?}");
        assert_eq!(list.ratings[1].name, "b");
        assert!(close(list.ratings[1].error, 393.153152, 1e-5), "{list:?}");
        assert_eq!(list.ratings[0].error, 0.0);
        assert!(close(list.los[0][1], 0.829306, 1e-6), "{list:?}");
        assert!(close(list.los[1][0], 1.0 - 0.829306, 1e-6));
        // Two draws and a win and a loss score the same as 3-1 in points, and rate the same.
        let drawn = rating_list(&results(&[("a", "b", 2, 2, 0)]), Some("b")).unwrap();
        assert!(close(elo_of(&drawn, "a"), 190.848502, 1e-6), "{drawn:?}");
    }

    /// Scores that fit the model exactly are its maximum: a 3-1 over b, b 3-1 over c and a 9-1 over
    /// c (score 0.9 = 400 · log10(9) = 381.697 Elo) give 0, −190.849 and −381.697.
    #[test]
    fn three_engines_that_fit_the_curve_exactly() {
        let scores = results(&[
            ("a", "b", 3, 0, 1),
            ("b", "c", 3, 0, 1),
            ("a", "c", 9, 0, 1),
        ]);
        let list = rating_list(&scores, None).unwrap();
        assert!(close(elo_of(&list, "b"), -190.848502, 1e-6), "{list:?}");
        assert!(close(elo_of(&list, "c"), -381.697004, 1e-6), "{list:?}");
        let names: Vec<&str> = list.ratings.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["a", "b", "c"]);
        assert_eq!(list.ratings[0].games, 14);
        assert_eq!(list.ratings[0].points, 12.0);
        // Re-anchored, the ratings shift and the intervals change; the LOS does not.
        let on_b = rating_list(&scores, Some("b")).unwrap();
        assert!(close(elo_of(&on_b, "a"), 190.848502, 1e-6));
        assert!(close(on_b.los[0][2], list.los[0][2], 1e-12));
        // A cycle of 3-1 wins rates everyone equal.
        let cycle = results(&[
            ("a", "b", 3, 0, 1),
            ("b", "c", 3, 0, 1),
            ("c", "a", 3, 0, 1),
        ]);
        let list = rating_list(&cycle, None).unwrap();
        for r in &list.ratings {
            assert!(close(r.elo, 0.0, 1e-9), "{list:?}");
        }
    }

    /// Hunter's MM iteration for Bradley–Terry (γ_i ← W_i / Σ_j n_ij / (γ_i + γ_j)), which needs no
    /// derivative: the ratings 400 · log10 γ of three engines with games `n` and points `s`, the
    /// first engine's 0.
    fn mm_ratings(n: &[[f64; 3]; 3], s: &[[f64; 3]; 3]) -> [f64; 3] {
        let wins: Vec<f64> = s.iter().map(|row| row.iter().sum()).collect();
        let mut gamma = [1.0f64; 3];
        for _ in 0..100_000 {
            let mut next = [0.0; 3];
            for i in 0..3 {
                let denominator: f64 = (0..3)
                    .filter(|&j| j != i)
                    .map(|j| n[i][j] / (gamma[i] + gamma[j]))
                    .sum();
                next[i] = wins[i] / denominator;
            }
            let norm = next[0];
            gamma = next.map(|g| g / norm);
        }
        gamma.map(|g| 400.0 * g.log10())
    }

    /// The log-likelihood of ratings `r` of three engines whose points are `s`.
    fn likelihood_of(s: &[[f64; 3]; 3], r: [f64; 3]) -> f64 {
        let mut sum = 0.0;
        for i in 0..3 {
            for j in 0..3 {
                if i != j {
                    let p = 1.0 / (1.0 + 10f64.powf((r[j] - r[i]) / 400.0));
                    sum += s[i][j] * p.ln();
                }
            }
        }
        sum
    }

    /// The same maximum by another algorithm ([`mm_ratings`]), and the intervals from a
    /// finite-difference Hessian of the log-likelihood, inverted by hand.
    #[test]
    fn newton_agrees_with_an_mm_iteration_and_a_numerical_hessian() {
        // a, b, c: a round robin with draws, lopsided and uneven in games.
        let scores = results(&[
            ("a", "b", 7, 5, 4),
            ("a", "c", 2, 3, 9),
            ("b", "c", 1, 8, 11),
        ]);
        let list = rating_list(&scores, None).unwrap();
        let names = ["a", "b", "c"];
        let n = [[0.0, 16.0, 14.0], [16.0, 0.0, 20.0], [14.0, 20.0, 0.0]];
        let s = [[0.0, 9.5, 3.5], [6.5, 0.0, 5.0], [10.5, 15.0, 0.0]];
        for (name, mm) in names.iter().zip(mm_ratings(&n, &s)) {
            assert!(
                close(elo_of(&list, name), mm, 1e-6),
                "{name}: {mm} {list:?}"
            );
        }
        // The log-likelihood as a function of (r_b, r_c), with r_a = 0.
        let elo = [0.0, elo_of(&list, "b"), elo_of(&list, "c")];
        let likelihood = |rb: f64, rc: f64| likelihood_of(&s, [0.0, rb, rc]);
        let h = 1.0;
        let (b, c) = (elo[1], elo[2]);
        let l0 = likelihood(b, c);
        let bb = -(likelihood(b + h, c) - 2.0 * l0 + likelihood(b - h, c)) / (h * h);
        let cc = -(likelihood(b, c + h) - 2.0 * l0 + likelihood(b, c - h)) / (h * h);
        let bc = -(likelihood(b + h, c + h) - likelihood(b + h, c - h) - likelihood(b - h, c + h)
            + likelihood(b - h, c - h))
            / (4.0 * h * h);
        let determinant = bb * cc - bc * bc;
        let (var_b, var_c) = (cc / determinant, bb / determinant);
        let error = |name| list.ratings.iter().find(|r| r.name == name).unwrap().error;
        assert!(close(error("b"), 1.959964 * var_b.sqrt(), 1e-3), "{list:?}");
        assert!(close(error("c"), 1.959964 * var_c.sqrt(), 1e-3), "{list:?}");
        // LOS of c over b: Φ((r_c − r_b) / σ), σ² = var_b + var_c − 2 cov.
        let cov = -bc / determinant;
        let z = (c - b) / (var_b + var_c - 2.0 * cov).sqrt();
        let (ic, ib) = (
            list.ratings.iter().position(|r| r.name == "c").unwrap(),
            list.ratings.iter().position(|r| r.name == "b").unwrap(),
        );
        assert!(close(list.los[ic][ib], normal_cdf(z), 1e-6), "{list:?}");
    }

    #[test]
    fn perfect_scores_get_a_virtual_draw_and_strangers_are_refused() {
        // a won every game: no finite maximum (a's rating would grow without end).
        let sweep = results(&[
            ("a", "b", 4, 0, 0),
            ("a", "c", 3, 0, 0),
            ("b", "c", 2, 1, 2),
        ]);
        let list = rating_list(&sweep, None).unwrap();
        assert!(list.virtual_draws);
        assert_eq!(list.ratings[0].name, "a");
        assert!(list.ratings.iter().all(|r| r.elo.is_finite()));
        assert!(list.to_string().contains("virtual draw"));
        let apart = results(&[("a", "b", 1, 1, 1), ("c", "d", 1, 1, 1)]);
        assert!(
            rating_list(&apart, None)
                .unwrap_err()
                .contains("never played")
        );
        let err = rating_list(&sweep, Some("z")).unwrap_err();
        assert!(err.contains("anchor z"), "{err}");
    }

    #[test]
    fn the_list_prints_ratings_then_the_los_table() {
        let scores = results(&[
            ("a", "b", 3, 0, 1),
            ("b", "c", 3, 0, 1),
            ("a", "c", 9, 0, 1),
        ]);
        let text = rating_list(&scores, None).unwrap().to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].contains("a = 0"), "{text}");
        assert!(lines[2].starts_with("  1 a"), "{text}");
        assert!(lines[3].contains("-190.8"), "{text}");
        assert!(lines[4].contains("-381.7"), "{text}");
        assert!(text.contains("Likelihood of superiority"), "{text}");
    }
}
