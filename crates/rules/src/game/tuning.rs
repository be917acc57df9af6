//! What a tuner needs of a game: the weights of a linear evaluation and the features they multiply.

use super::{EvalWeight, Evaluation};

/// A game whose evaluation `duel tune` can fit. A [`super::LinearEval`] game is one by that trait's
/// impl; the defaults say the evaluation is not linear: no weights, no features, nothing to fit.
pub trait Tuning: Evaluation {
    /// The weights of the evaluation when it is linear, a sum of weight × feature (what `duel tune`
    /// fits); empty when it is not.
    fn eval_weights() -> &'static [EvalWeight] {
        &[]
    }

    /// The features the [`Tuning::eval_weights`] multiply, in their order, each White's count minus
    /// Black's: [`Evaluation::evaluate`] from White's point of view is their dot product with the
    /// weights.
    fn eval_features(&self) -> Vec<i32> {
        Vec::new()
    }
}
