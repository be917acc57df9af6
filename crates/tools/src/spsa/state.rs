//! The run's state file (JSON), written after every iteration so that `--resume` continues a killed
//! run where it stood: the parameters and schedule, θ, the iterations done and every θ so far.
//! The random directions need no saved generator: iteration k's Δ is drawn from a generator seeded
//! by the run's seed and k, so the seed and the iteration count are the generator's whole state.

use super::param::Param;
use super::schedule::Schedule;
use duel_rules::game::Rng;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Where a run stands.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// The tuned parameters as the run started them.
    pub params: Vec<Param>,
    /// The iterations of the whole run.
    pub iterations: u64,
    /// Game pairs per iteration.
    pub pairs_per_iteration: u64,
    /// A, the stability constant.
    pub stability: f64,
    /// The seed of the directions and of each iteration's openings.
    pub seed: u64,
    /// Iterations done.
    pub done: u64,
    /// θ now, one value per parameter.
    pub theta: Vec<f64>,
    /// θ at the start and after every iteration.
    pub history: Vec<Vec<f64>>,
}

impl State {
    /// A run that has played nothing yet.
    pub fn new(
        params: Vec<Param>,
        iterations: u64,
        pairs: u64,
        stability: f64,
        seed: u64,
    ) -> State {
        let theta: Vec<f64> = params.iter().map(|p| p.start).collect();
        State {
            params,
            iterations,
            pairs_per_iteration: pairs,
            stability,
            seed,
            done: 0,
            history: vec![theta.clone()],
            theta,
        }
    }

    /// The run's schedule.
    pub fn schedule(&self) -> Schedule {
        Schedule {
            pairs: (self.iterations * self.pairs_per_iteration) as f64,
            stability: self.stability,
        }
    }

    /// The game pairs played before the next iteration: fishtest's k.
    pub fn pairs_done(&self) -> u64 {
        self.done * self.pairs_per_iteration
    }

    /// The next iteration's direction: ±1 per parameter.
    pub fn flips(&self) -> Vec<f64> {
        let mut rng = Rng::new(self.seed ^ self.done.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        rng.next_u64();
        self.params
            .iter()
            .map(|_| if rng.next_u64() >> 63 == 1 { 1.0 } else { -1.0 })
            .collect()
    }

    /// Records an iteration that moved θ to `theta`.
    pub fn advance(&mut self, theta: Vec<f64>) {
        self.done += 1;
        self.history.push(theta.clone());
        self.theta = theta;
    }

    /// Writes the state to `path` whole: to a temporary file first, then renamed over it, so a kill
    /// never leaves half a file.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let json = serde_json::to_string_pretty(self).map_err(|e| e.to_string())?;
        let partial = path.with_extension("partial");
        std::fs::write(&partial, json + "\n")
            .and_then(|()| std::fs::rename(&partial, path))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    /// Reads a state file back.
    pub fn load(path: &Path) -> Result<State, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        serde_json::from_str(&text)
            .map_err(|e| format!("{} is not an SPSA state file: {e}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::temp_dir::TempDir;

    #[test]
    fn a_state_survives_the_file_and_replays_its_directions() {
        let params = vec![
            Param::parse("A,1,0,2,1,0.1").unwrap(),
            Param::parse("B,5,0,9,1,0.1").unwrap(),
        ];
        let mut state = State::new(params, 10, 2, 2.0, 7);
        let first = state.flips();
        state.advance(vec![1.5, 5.5]);
        let dir = TempDir::new("spsa-state");
        let path = dir.join("state.json");
        state.save(&path).unwrap();
        let back = State::load(&path).unwrap();
        assert_eq!(back, state);
        assert_eq!(back.pairs_done(), 2);
        assert_eq!(back.flips(), state.flips());
        assert!(first.iter().all(|f| f.abs() == 1.0));
        // Over many iterations both directions come up.
        let signs: Vec<f64> = (0..64)
            .map(|k| {
                State {
                    done: k,
                    ..state.clone()
                }
                .flips()[0]
            })
            .collect();
        assert!(signs.contains(&1.0) && signs.contains(&-1.0));
    }
}
