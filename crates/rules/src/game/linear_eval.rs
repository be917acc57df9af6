//! The arithmetic of a linear evaluation, written once for every game whose evaluation is a sum of
//! weight × feature: the score, the terms `eval` shows, and the feature differences `duel tune` fits.
//! A game states its weights and counts its features ([`LinearEval`]); the rest follows from them.

use super::{EvalTerm, EvalWeight, Evaluation, Side, Tuning};

/// A game whose evaluation is linear: it counts features for each side, and fixed weights multiply
/// them. Its [`super::Evaluation::evaluate`] and [`super::Presentation::eval_terms`] are
/// [`LinearEval::linear_evaluate`] and [`LinearEval::linear_terms`], and it is [`Tuning`] by the
/// impl below: `duel tune` fits its weights.
pub trait LinearEval: Evaluation {
    /// What it counts: [`FeatureCounts`] of as many features as it has weights.
    type Counts: Counts;

    /// The weights, one per feature in the counts' order; a term's weights stand together.
    const WEIGHTS: &'static <Self::Counts as Counts>::Weights;

    /// What the evaluation counts in this position, for each side.
    fn features(&self) -> Self::Counts;

    /// The evaluation from the side to move's point of view.
    #[inline]
    fn linear_evaluate(&self) -> i32 {
        self.features().score(Self::WEIGHTS, self.side_to_move())
    }

    /// The named terms of [`LinearEval::linear_evaluate`]: each the sum of the weighted features
    /// that share its name.
    fn linear_terms(&self) -> Vec<EvalTerm> {
        self.features().terms(Self::WEIGHTS)
    }

    /// The `material` term of the evaluation, both sides together: the game's
    /// [`super::Evaluation::material`].
    fn linear_material(&self) -> i32 {
        self.linear_terms()
            .iter()
            .filter(|term| term.name == "material")
            .map(|term| term.white + term.black)
            .sum()
    }
}

/// A linear evaluation is what `duel tune` fits: its weights, and its features as White's count minus
/// Black's.
impl<G: LinearEval> Tuning for G {
    fn eval_weights() -> &'static [EvalWeight] {
        G::WEIGHTS.as_ref()
    }

    fn eval_features(&self) -> Vec<i32> {
        self.features().difference()
    }
}

/// The arithmetic of [`FeatureCounts`] of any length, which [`LinearEval`] names through this trait:
/// only the game knows its number of features.
pub trait Counts {
    /// The weight table of the same length, `[EvalWeight; N]`.
    type Weights: AsRef<[EvalWeight]> + 'static;

    /// Each feature, White's count minus Black's (what a tuner fits).
    fn difference(&self) -> Vec<i32>;

    /// The weighted sum from the point of view of `side_to_move`.
    fn score(&self, weights: &Self::Weights, side_to_move: Side) -> i32;

    /// The named terms of [`Counts::score`]: each the sum of the weighted features of the
    /// neighbouring weights that share its name (a table lists a term's weights together).
    fn terms(&self, weights: &Self::Weights) -> Vec<EvalTerm>;
}

/// What a linear evaluation counts for each side (index 0 White, 1 Black), one count per weight of
/// the game's table, in the table's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeatureCounts<const N: usize>(pub [[i32; N]; 2]);

impl<const N: usize> FeatureCounts<N> {
    /// No feature counted for either side.
    pub const ZERO: Self = FeatureCounts([[0; N]; 2]);

    /// The counts of `side`, to be filled in.
    #[inline]
    pub fn of(&mut self, side: Side) -> &mut [i32; N] {
        &mut self.0[side.index()]
    }
}

impl<const N: usize> Counts for FeatureCounts<N> {
    type Weights = [EvalWeight; N];

    fn difference(&self) -> Vec<i32> {
        let [white, black] = &self.0;
        white.iter().zip(black).map(|(w, b)| w - b).collect()
    }

    #[inline]
    fn score(&self, weights: &[EvalWeight; N], side_to_move: Side) -> i32 {
        let [white, black] = &self.0;
        let for_white: i32 = weights
            .iter()
            .zip(white.iter().zip(black))
            .map(|(weight, (w, b))| weight.value * (w - b))
            .sum();
        match side_to_move {
            Side::White => for_white,
            Side::Black => -for_white,
        }
    }

    fn terms(&self, weights: &[EvalWeight; N]) -> Vec<EvalTerm> {
        let mut terms: Vec<EvalTerm> = Vec::new();
        for (index, weight) in weights.iter().enumerate() {
            let [white, black] = self.0.map(|count| weight.value * count[index]);
            match terms.last_mut() {
                Some(term) if term.name == weight.term => {
                    term.white += white;
                    term.black += black;
                }
                _ => terms.push(EvalTerm {
                    name: weight.term,
                    white,
                    black,
                }),
            }
        }
        terms
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WEIGHTS: [EvalWeight; 3] = [
        EvalWeight::new("material", "PAWN", 100),
        EvalWeight::new("material", "QUEEN", 900),
        EvalWeight::new("tempo", "TEMPO", 10),
    ];

    fn counts() -> FeatureCounts<3> {
        let mut counts = FeatureCounts::ZERO;
        *counts.of(Side::White) = [3, 1, 1];
        *counts.of(Side::Black) = [5, 0, 0];
        counts
    }

    #[test]
    fn the_score_is_the_weighted_difference_seen_by_the_side_to_move() {
        let for_white = 100 * (3 - 5) + 900 + 10;
        assert_eq!(counts().score(&WEIGHTS, Side::White), for_white);
        assert_eq!(counts().score(&WEIGHTS, Side::Black), -for_white);
        assert_eq!(counts().difference(), vec![-2, 1, 1]);
    }

    #[test]
    fn weights_sharing_a_name_make_one_term() {
        let terms = counts().terms(&WEIGHTS);
        let shown: Vec<_> = terms.iter().map(|t| (t.name, t.white, t.black)).collect();
        assert_eq!(
            shown,
            vec![("material", 300 + 900, 500), ("tempo", 10, 0)],
            "material adds pawns and queens"
        );
    }
}
