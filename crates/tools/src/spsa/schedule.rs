//! The SPSA schedule and update of fishtest (`server/fishtest/spsa_handler.py`) and OpenBench.
//!
//! With N the run's game pairs, A its stability constant, α = 0.602 and γ = 0.101, each parameter
//! gets c = c_end · N^γ and a = r_end · c_end² · (A + N)^α once; after k pairs, the next probe uses
//! c_k = c / (k + 1)^γ and a_k = a / (A + k + 1)^α, and plays θ + c_k·Δ against θ − c_k·Δ (Δ = ±1
//! per parameter). With R_k = a_k / c_k², the pairs' result r (wins − losses of θ + c_k·Δ) moves
//! θ ← clamp(θ + R_k · c_k · r · Δ), which is θ + a_k · r / (c_k · Δ), the textbook step.

use super::param::Param;

/// The learning rate's decay exponent.
pub const ALPHA: f64 = 0.602;
/// The perturbation's decay exponent.
pub const GAMMA: f64 = 0.101;

/// The constants of a run: its length in game pairs and A.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    /// N: the game pairs of the whole run (iterations × pairs per iteration).
    pub pairs: f64,
    /// A: the stability constant, by default a tenth of N.
    pub stability: f64,
}

/// One parameter's perturbation and gain for the next probe.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    /// c_k.
    pub c: f64,
    /// a_k.
    pub a: f64,
}

impl Schedule {
    /// c and a of `param` for this run.
    fn scale(&self, param: &Param) -> (f64, f64) {
        let c = param.c_end * self.pairs.powf(GAMMA);
        let a = param.r_end * param.c_end * param.c_end * (self.stability + self.pairs).powf(ALPHA);
        (c, a)
    }

    /// c_k and a_k of `param` after `k` game pairs.
    pub fn step(&self, param: &Param, k: u64) -> Step {
        let (c, a) = self.scale(param);
        let k = k as f64;
        Step {
            c: c / (k + 1.0).powf(GAMMA),
            a: a / (self.stability + k + 1.0).powf(ALPHA),
        }
    }
}

impl Step {
    /// θ after a probe in direction `flip` (±1) whose pairs scored `result` (wins − losses of the
    /// side θ + c_k·flip), clamped to the parameter's range.
    pub fn update(&self, param: &Param, theta: f64, flip: f64, result: f64) -> f64 {
        let r = self.a / (self.c * self.c);
        param.clamp(theta + r * self.c * result * flip)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn param() -> Param {
        Param::parse("X,50,0,100,4,0.002").unwrap()
    }

    #[test]
    fn the_schedule_ends_at_c_end_and_r_end() {
        let schedule = Schedule {
            pairs: 1000.0,
            stability: 100.0,
        };
        let p = param();
        let first = schedule.step(&p, 0);
        assert!((first.c - 4.0 * 1000f64.powf(GAMMA)).abs() < 1e-9);
        let last = schedule.step(&p, 999);
        assert!((last.c - 4.0).abs() < 1e-9, "c_N = c_end");
        // a_N / c_N² = r_end
        assert!((last.a / (last.c * last.c) - 0.002).abs() < 1e-12);
    }

    #[test]
    fn a_win_moves_theta_towards_the_winning_side_and_stays_in_range() {
        let step = Step { c: 4.0, a: 0.032 };
        let p = param();
        // R = 0.002, so a win of θ + c moves θ by R · c = 0.008 towards it.
        assert!((step.update(&p, 50.0, 1.0, 1.0) - 50.008).abs() < 1e-12);
        assert!((step.update(&p, 50.0, -1.0, 1.0) - 49.992).abs() < 1e-12);
        assert_eq!(step.update(&p, 50.0, 1.0, 0.0), 50.0);
        assert_eq!(step.update(&p, 99.999, 1.0, 2.0), 100.0);
    }
}
