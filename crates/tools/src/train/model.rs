//! The float model `duel train` fits: the net of [`duel_engine::search::nnue::network`] before
//! quantisation. One flat parameter vector, laid out as the net file is (the first layer's weights,
//! one row per feature, its biases, each output bucket's weights, the side to move's half first, and
//! the output biases), so that the optimiser and the checkpoints see one slice.
//!
//! A sample's forward and backward passes touch only the rows of its active features and its
//! bucket's output layer; the clipped ReLU is `clamp(x, 0, 1)`, the output goes through a sigmoid
//! and the loss is the squared error against the target.

use super::samples::{Samples, sigmoid};
use duel_engine::search::nnue::{FileHeader, OutputBuckets, Shape};
use duel_engine::search::nnue::{Network, QA, QB, QuantisedParameters};
use duel_rules::game::{NetFeatures, Rng};

/// The weights' bound: with it every accumulator of up to 64 features fits an `i16` after ×[`QA`].
pub const WEIGHT_BOUND: f32 = 1.98;

/// A net of `features` inputs and `hidden` neurons, in floats.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// Input features per perspective.
    pub features: usize,
    /// Neurons of the hidden layer.
    pub hidden: usize,
    /// The output layers, and which one a sample uses.
    pub buckets: OutputBuckets,
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
    pub fn parameter_count(features: usize, hidden: usize, buckets: OutputBuckets) -> usize {
        features * hidden + hidden + buckets.count() * (2 * hidden + 1)
    }

    /// A model with random first-layer weights (uniform in ±0.2, so that an accumulator of a few
    /// dozen features spreads over the clipped ReLU's range) and random output weights (uniform in
    /// ±1/√(2·hidden), every bucket starting from the same ones); zero biases. The same seed gives
    /// the same model.
    pub fn new(features: usize, hidden: usize, buckets: OutputBuckets, seed: u64) -> Model {
        let mut rng = Rng::new(seed);
        let mut uniform = |bound: f32| {
            let unit = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
            (2.0 * unit - 1.0) * bound
        };
        let mut parameters = vec![0.0; Model::parameter_count(features, hidden, buckets)];
        let output_bound = 1.0 / ((2 * hidden) as f32).sqrt();
        for value in &mut parameters[..features * hidden] {
            *value = uniform(0.2);
        }
        let outputs = features * hidden + hidden;
        for value in &mut parameters[outputs..outputs + 2 * hidden] {
            *value = uniform(output_bound);
        }
        for bucket in 1..buckets.count() {
            parameters.copy_within(outputs..outputs + 2 * hidden, outputs + bucket * 2 * hidden);
        }
        Model {
            features,
            hidden,
            buckets,
            parameters,
        }
    }

    fn biases_at(&self) -> usize {
        self.features * self.hidden
    }

    /// Where bucket `bucket`'s output weights start.
    fn outputs_at(&self, bucket: usize) -> usize {
        self.biases_at() + self.hidden + bucket * 2 * self.hidden
    }

    /// Where bucket `bucket`'s output bias is.
    fn output_bias_at(&self, bucket: usize) -> usize {
        self.outputs_at(self.buckets.count()) + bucket
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

    /// The output before the sigmoid from the two accumulators, by bucket `bucket`'s layer.
    fn output(&self, scratch: &Scratch, bucket: usize) -> f32 {
        let weights = &self.parameters[self.outputs_at(bucket)..][..2 * self.hidden];
        let (ours, theirs) = weights.split_at(self.hidden);
        let bias = self.parameters[self.output_bias_at(bucket)];
        let half = |acc: &[f32], weights: &[f32]| -> f32 {
            acc.iter()
                .zip(weights)
                .map(|(a, w)| a.clamp(0.0, 1.0) * w)
                .sum()
        };
        bias + half(&scratch.us, ours) + half(&scratch.them, theirs)
    }

    /// The forward pass: both sides' accumulators into `scratch`, then the output before the
    /// sigmoid by the layer of `bucket`.
    fn forward(&self, us: &[u16], them: &[u16], bucket: usize, scratch: &mut Scratch) -> f32 {
        self.accumulate(us, &mut scratch.us);
        self.accumulate(them, &mut scratch.them);
        self.output(scratch, bucket)
    }

    /// The output before the sigmoid for a position with these features (the side to move's, the
    /// other's; `active` of the side to move's are real ones, which pick the output bucket): the
    /// evaluation in units of the training's `scale`.
    pub fn evaluate(&self, us: &[u16], them: &[u16], active: usize) -> f32 {
        self.forward(us, them, self.buckets.of(active), &mut Scratch::default())
    }

    /// Adds the gradient of the summed loss over `samples[indices]` to `gradient`; returns the
    /// summed loss.
    pub fn add_gradient(&self, samples: &Samples, indices: &[u32], gradient: &mut [f32]) -> f64 {
        let h = self.hidden;
        let biases_at = self.biases_at();
        let mut scratch = Scratch::default();
        let (mut d_us, mut d_them) = (vec![0.0f32; h], vec![0.0f32; h]);
        let mut loss = 0.0f64;
        for &index in indices {
            let sample = samples.get(index as usize);
            let bucket = self.buckets.of(sample.active);
            let (us, them) = (sample.us, sample.them);
            let predicted = sigmoid(self.forward(us, them, bucket, &mut scratch));
            let error = predicted - sample.target;
            loss += f64::from(error * error);
            let d_out = 2.0 * error * predicted * (1.0 - predicted);
            let outputs_at = self.outputs_at(bucket);
            let (ours, theirs) = self.parameters[outputs_at..outputs_at + 2 * h].split_at(h);
            gradient[self.output_bias_at(bucket)] += d_out;
            let (g_ours, rest) = gradient[outputs_at..].split_at_mut(h);
            let g_theirs = &mut rest[..h];
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
                let sample = samples.get(index);
                let bucket = self.buckets.of(sample.active);
                let output = self.forward(sample.us, sample.them, bucket, &mut scratch);
                let error = sigmoid(output) - sample.target;
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
            buckets: self.buckets,
            parameters: Vec::with_capacity(Model::parameter_count(real, h, self.buckets)),
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
        let (biases_at, outputs_at) = (self.biases_at(), self.outputs_at(0));
        let output_biases_at = self.output_bias_at(0);
        let p = &self.parameters;
        let parameters = QuantisedParameters {
            feature_weights: to_i16(&p[..biases_at], QA),
            feature_biases: to_i16(&p[biases_at..outputs_at], QA),
            output_weights: to_i16(&p[outputs_at..output_biases_at], QB),
            output_biases: p[output_biases_at..]
                .iter()
                .map(|&b| round(b, QA * QB) as i32)
                .collect(),
        };
        let shape = Shape {
            features: self.features,
            hidden: self.hidden,
            scale,
            buckets: self.buckets,
        };
        Network::new(header, shape, parameters).expect("the model's sizes are the net's")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::samples::Target;
    use duel_rules::game::{Game, MoveList, NetFeatures};
    use duel_rules::games::Dame;

    /// The positions of a random Dame game of 80 plies, with made-up scores and results.
    fn random_game_samples() -> Samples {
        let (mut samples, mut rng, mut moves) = (Samples::default(), Rng::new(3), MoveList::new());
        let mut pos = Dame::start();
        for ply in 0..80i16 {
            samples.push(&pos, ply * 37 % 300 - 150, f32::from(ply % 3) / 2.0);
            pos.generate_moves(&mut moves);
            pos = match rng.pick(&moves) {
                Some(&mv) => pos.make_move(mv),
                None => Dame::start(),
            };
        }
        samples.set_targets(Target {
            wdl: 0.3,
            scale: 300.0,
        });
        samples
    }

    /// The gradient is the loss's slope: for parameters of every kind (a feature's row, a
    /// first-layer bias, each output bucket's weights and bias), the summed gradient equals a
    /// central difference of the summed loss. A bucket no sample uses has none. Buckets of two
    /// pieces, so that the game's captures move its positions through several.
    #[test]
    fn the_gradient_is_the_slope_of_the_loss_in_every_bucket() {
        let samples = random_game_samples();
        let buckets = OutputBuckets::new(13, 2).expect("in range");
        let model = Model::new(Dame::FEATURE_COUNT, 8, buckets, 7);
        let indices: Vec<u32> = (0..samples.len() as u32).collect();
        let mut gradient = vec![0.0; model.parameters.len()];
        model.add_gradient(&samples, &indices, &mut gradient);
        let feature = usize::from(samples.get(0).us[0]);
        let mut checked = vec![feature * 8 + 2, model.biases_at() + 3];
        for bucket in 0..buckets.count() {
            checked.extend([model.outputs_at(bucket) + 1, model.output_bias_at(bucket)]);
        }
        let (mut used, step) = (0, 1e-2);
        for at in checked {
            let loss_with = |delta: f32| {
                let mut moved = model.clone();
                moved.parameters[at] += delta;
                moved.loss(&samples, 0..samples.len())
            };
            let slope = (loss_with(step) - loss_with(-step)) / f64::from(2.0 * step);
            let analytic = f64::from(gradient[at]);
            assert!(
                (slope - analytic).abs() <= 2e-3 + 0.02 * analytic.abs(),
                "parameter {at}: the loss's slope {slope}, the gradient {analytic}"
            );
            used += usize::from(analytic != 0.0);
        }
        // The row, the bias and at least three buckets' weights and biases.
        assert!(used >= 8, "{used}");
    }
}
