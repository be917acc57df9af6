//! `duel spsa`: SPSA (simultaneous perturbation stochastic approximation) over any UCI engine's
//! spin options, as fishtest and OpenBench tune Stockfish-class engines (docs/spsa.md).
//!
//! Each iteration draws a direction Δ (±1 per parameter), plays θ + c_k·Δ against θ − c_k·Δ (the
//! same engine command, each side's values set by `setoption`) in colour-swapped pairs through the
//! match runner, and moves θ by the result (`schedule.rs` holds the formulas). The parameters come
//! from the command line or a file (`param.rs`), the engine's options are checked before any game
//! (`probe.rs`), an iteration's games are one small match (`iteration.rs`), the checked settings
//! (`settings.rs`) are played by `run.rs`, the run's state is a JSON file written after every
//! iteration (`state.rs`), and the paths of θ end as an SVG (`svg.rs`).

mod cli;
mod iteration;
mod param;
mod probe;
mod run;
mod schedule;
mod settings;
mod state;
mod svg;

pub use cli::SpsaArgs;
pub use settings::Settings;
