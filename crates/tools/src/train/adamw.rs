//! AdamW over a flat parameter vector: Adam's moment estimates with the weight decay applied to the
//! parameters directly (decoupled), then every parameter clipped to ±[`WEIGHT_BOUND`] so that the
//! quantised net cannot overflow.

use super::model::WEIGHT_BOUND;

/// The optimiser's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AdamWSettings {
    /// The first moment's decay.
    pub beta1: f32,
    /// The second moment's decay.
    pub beta2: f32,
    /// Added to the root of the second moment.
    pub epsilon: f32,
    /// The decoupled weight decay, per unit of learning rate.
    pub decay: f32,
}

impl Default for AdamWSettings {
    fn default() -> Self {
        AdamWSettings {
            beta1: 0.9,
            beta2: 0.999,
            epsilon: 1e-8,
            decay: 0.01,
        }
    }
}

/// The optimiser's state: both moments of every parameter and the steps taken.
#[derive(Clone, Debug, PartialEq)]
pub struct AdamW {
    /// The settings.
    pub settings: AdamWSettings,
    /// The first moments.
    pub first: Vec<f32>,
    /// The second moments.
    pub second: Vec<f32>,
    /// Steps taken.
    pub steps: u64,
}

impl AdamW {
    /// A fresh optimiser for `count` parameters.
    pub fn new(count: usize, settings: AdamWSettings) -> AdamW {
        AdamW {
            settings,
            first: vec![0.0; count],
            second: vec![0.0; count],
            steps: 0,
        }
    }

    /// One step of size `rate` along `gradient`.
    pub fn step(&mut self, parameters: &mut [f32], gradient: &[f32], rate: f32) {
        let s = self.settings;
        self.steps += 1;
        let t = self.steps as i32;
        let (unbias1, unbias2) = (1.0 - s.beta1.powi(t), 1.0 - s.beta2.powi(t));
        let state = self.first.iter_mut().zip(self.second.iter_mut());
        for ((p, &g), (m, v)) in parameters.iter_mut().zip(gradient).zip(state) {
            *m = s.beta1 * *m + (1.0 - s.beta1) * g;
            *v = s.beta2 * *v + (1.0 - s.beta2) * g * g;
            let update = (*m / unbias1) / ((*v / unbias2).sqrt() + s.epsilon);
            *p = (*p - rate * (update + s.decay * *p)).clamp(-WEIGHT_BOUND, WEIGHT_BOUND);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_go_down_the_gradient_decay_and_stay_bounded() {
        let mut adam = AdamW::new(3, AdamWSettings::default());
        let mut p = [0.5, -0.5, 1.97];
        // Adam's first step moves each parameter by about the rate, against its gradient's sign.
        adam.step(&mut p, &[1.0, -2.0, -5.0], 0.1);
        assert!((p[0] - (0.5 - 0.1 - 0.0005)).abs() < 1e-4, "{p:?}");
        assert!((p[1] - (-0.5 + 0.1 + 0.0005)).abs() < 1e-4, "{p:?}");
        assert_eq!(p[2], WEIGHT_BOUND);
        // With no gradient, the decay alone pulls towards zero.
        let mut q = [1.0];
        AdamW::new(1, AdamWSettings::default()).step(&mut q, &[0.0], 0.5);
        assert!((q[0] - 0.995).abs() < 1e-6, "{q:?}");
    }
}
