//! The float model `duel train` fits: the net of [`crate::search::nnue::network`] before
//! quantisation. One flat parameter vector, laid out as the net file is (the first layer's weights,
//! one row per feature, its biases, the output weights, the side to move's half first, and the output
//! bias), so that the optimiser and the checkpoints see one slice.
//!
//! A sample's forward and backward passes touch only the rows of its active features; the clipped
//! ReLU is `clamp(x, 0, 1)`, the output goes through a sigmoid and the loss is the squared error
//! against the target.

use super::samples::{Samples, sigmoid};
use crate::game::{NetFeatures, Rng};
use crate::search::nnue::FileHeader;
use crate::search::nnue::{Network, QA, QB, QuantisedParameters};

/// The weights' bound: with it every accumulator of up to 64 features fits an `i16` after ×[`QA`].
pub const WEIGHT_BOUND: f32 = 1.98;

/// A net of `features` inputs and `hidden` neurons, in floats.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// Input features per perspective.
    pub features: usize,
    /// Neurons of the hidden layer.
    pub hidden: usize,
    /// Every parameter, in the net file's order.
    pub parameters: Vec<f32>,
}

/// Per-thread buffers of one pass, reused from sample to sample.
#[derive(Default)]
struct Scratch {
    us: Vec<f32>,
    them: Vec<f32>,
}

impl Model {
    /// How many parameters a net of these sizes has.
    pub fn parameter_count(features: usize, hidden: usize) -> usize {
        features * hidden + hidden + 2 * hidden + 1
    }

    /// A model with random first-layer weights (uniform in ±0.2, so that an accumulator of a few
    /// dozen features spreads over the clipped ReLU's range) and random output weights (uniform in
    /// ±1/√(2·hidden)); zero biases. The same seed gives the same model.
    pub fn new(features: usize, hidden: usize, seed: u64) -> Model {
        let mut rng = Rng::new(seed);
        let mut uniform = |bound: f32| {
            let unit = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
            (2.0 * unit - 1.0) * bound
        };
        let mut parameters = vec![0.0; Model::parameter_count(features, hidden)];
        let output_bound = 1.0 / ((2 * hidden) as f32).sqrt();
        for value in &mut parameters[..features * hidden] {
            *value = uniform(0.2);
        }
        let outputs = features * hidden + hidden;
        for value in &mut parameters[outputs..outputs + 2 * hidden] {
            *value = uniform(output_bound);
        }
        Model {
            features,
            hidden,
            parameters,
        }
    }

    fn biases_at(&self) -> usize {
        self.features * self.hidden
    }

    fn outputs_at(&self) -> usize {
        self.biases_at() + self.hidden
    }

    /// The first layer's sum for one perspective's features, into `into`.
    fn accumulate(&self, features: &[u16], into: &mut Vec<f32>) {
        let h = self.hidden;
        into.clear();
        into.extend_from_slice(&self.parameters[self.biases_at()..self.biases_at() + h]);
        for &feature in features {
            let row = &self.parameters[usize::from(feature) * h..][..h];
            for (value, weight) in into.iter_mut().zip(row) {
                *value += weight;
            }
        }
    }

    /// The output before the sigmoid from the two accumulators.
    fn output(&self, scratch: &Scratch) -> f32 {
        let (ours, rest) = self.parameters[self.outputs_at()..].split_at(self.hidden);
        let (theirs, bias) = rest.split_at(self.hidden);
        let half = |acc: &[f32], weights: &[f32]| -> f32 {
            acc.iter()
                .zip(weights)
                .map(|(a, w)| a.clamp(0.0, 1.0) * w)
                .sum()
        };
        bias[0] + half(&scratch.us, ours) + half(&scratch.them, theirs)
    }

    /// The forward pass: both sides' accumulators into `scratch`, then the output before the
    /// sigmoid.
    fn forward(&self, us: &[u16], them: &[u16], scratch: &mut Scratch) -> f32 {
        self.accumulate(us, &mut scratch.us);
        self.accumulate(them, &mut scratch.them);
        self.output(scratch)
    }

    /// The output before the sigmoid for a position with these features (the side to move's, the
    /// other's): the evaluation in units of the training's `scale`.
    pub fn evaluate(&self, us: &[u16], them: &[u16]) -> f32 {
        self.forward(us, them, &mut Scratch::default())
    }

    /// Adds the gradient of the summed loss over `samples[indices]` to `gradient`; returns the
    /// summed loss.
    pub fn add_gradient(&self, samples: &Samples, indices: &[u32], gradient: &mut [f32]) -> f64 {
        let h = self.hidden;
        let (biases_at, outputs_at) = (self.biases_at(), self.outputs_at());
        let mut scratch = Scratch::default();
        let (mut d_us, mut d_them) = (vec![0.0f32; h], vec![0.0f32; h]);
        let mut loss = 0.0f64;
        for &index in indices {
            let (us, them, target) = samples.get(index as usize);
            let predicted = sigmoid(self.forward(us, them, &mut scratch));
            let error = predicted - target;
            loss += f64::from(error * error);
            let d_out = 2.0 * error * predicted * (1.0 - predicted);
            let (ours, theirs) = self.parameters[outputs_at..outputs_at + 2 * h].split_at(h);
            let (g_ours, rest) = gradient[outputs_at..].split_at_mut(h);
            let (g_theirs, g_bias) = rest.split_at_mut(h);
            g_bias[0] += d_out;
            for half in [
                (&scratch.us, ours, &mut *g_ours, &mut d_us),
                (&scratch.them, theirs, &mut *g_theirs, &mut d_them),
            ] {
                let (acc, weights, g_weights, d_acc) = half;
                for i in 0..h {
                    let active = acc[i] > 0.0 && acc[i] < 1.0;
                    g_weights[i] += d_out * acc[i].clamp(0.0, 1.0);
                    d_acc[i] = if active { d_out * weights[i] } else { 0.0 };
                }
            }
            for ((g, a), b) in gradient[biases_at..biases_at + h]
                .iter_mut()
                .zip(&d_us)
                .zip(&d_them)
            {
                *g += a + b;
            }
            for (features, d_acc) in [(us, &d_us), (them, &d_them)] {
                for &feature in features {
                    let row = &mut gradient[usize::from(feature) * h..][..h];
                    for (g, d) in row.iter_mut().zip(d_acc) {
                        *g += d;
                    }
                }
            }
        }
        loss
    }

    /// The summed loss over `samples[indices]`.
    pub fn loss(&self, samples: &Samples, indices: std::ops::Range<usize>) -> f64 {
        let mut scratch = Scratch::default();
        indices
            .map(|index| {
                let (us, them, target) = samples.get(index);
                let error = sigmoid(self.forward(us, them, &mut scratch)) - target;
                f64::from(error * error)
            })
            .sum()
    }

    /// Zeroes the rows of features from `first` on: the coarse features start at nothing, so that
    /// the first net's rows are as random as a net without them.
    pub fn zero_rows_from(&mut self, first: usize) {
        let h = self.hidden;
        self.parameters[first * h..self.features * h].fill(0.0);
    }

    /// The quantised net of game `G`, whose evaluation is the output × `scale`; `header` says how it
    /// was made. Each real feature's row has its coarse feature's row added (`G`'s factoriser),
    /// kept within ±[`WEIGHT_BOUND`].
    pub fn quantise<G: NetFeatures>(&self, scale: i32, header: FileHeader) -> Network {
        let h = self.hidden;
        let real = G::FEATURE_COUNT;
        let mut merged = Model {
            features: real,
            hidden: h,
            parameters: Vec::with_capacity(Model::parameter_count(real, h)),
        };
        for feature in 0..real {
            let row = &self.parameters[feature * h..][..h];
            if G::FACTOR_COUNT > 0 {
                let coarse = real + usize::from(G::factor(feature as u16));
                let shared = &self.parameters[coarse * h..][..h];
                let sums = row
                    .iter()
                    .zip(shared)
                    .map(|(a, b)| (a + b).clamp(-WEIGHT_BOUND, WEIGHT_BOUND));
                merged.parameters.extend(sums);
            } else {
                merged.parameters.extend_from_slice(row);
            }
        }
        merged
            .parameters
            .extend_from_slice(&self.parameters[self.biases_at()..]);
        merged.quantise_plain(header, scale)
    }

    /// The quantised net of this model's rows as they are.
    fn quantise_plain(&self, header: FileHeader, scale: i32) -> Network {
        let round = |value: f32, factor: i32| (value * factor as f32).round();
        let to_i16 = |values: &[f32], factor: i32| -> Vec<i16> {
            values
                .iter()
                .map(|&v| round(v, factor).clamp(i16::MIN.into(), i16::MAX.into()) as i16)
                .collect()
        };
        let (biases_at, outputs_at) = (self.biases_at(), self.outputs_at());
        let p = &self.parameters;
        let parameters = QuantisedParameters {
            feature_weights: to_i16(&p[..biases_at], QA),
            feature_biases: to_i16(&p[biases_at..outputs_at], QA),
            output_weights: to_i16(&p[outputs_at..outputs_at + 2 * self.hidden], QB),
            output_bias: round(p[outputs_at + 2 * self.hidden], QA * QB) as i32,
        };
        Network::new(header, self.features, self.hidden, scale, parameters)
            .expect("the model's sizes are the net's")
    }
}
