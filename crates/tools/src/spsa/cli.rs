//! The command-line arguments of `duel spsa`, checked into [`Settings`].

use super::param::{Param, parse_file};
use super::settings::Settings;
use super::state::State;
use crate::cli_error::CliError;
use crate::matches::{EngineKind, GameOptions, MatchArgs, MatchConfig};
use crate::tool::{Call, Tool};
use clap::Args;
use duel_rules::games::HostedGame;
use std::path::PathBuf;
use std::process::ExitCode;

/// `duel spsa`: tune an engine's spin options by SPSA, θ + c_k·Δ against θ − c_k·Δ.
#[derive(Args, Debug)]
pub struct SpsaArgs {
    /// The engine to tune: `cmd=<path> [args="…"] [proto=uci|ugi] [option.<Name>=<v>]…`, as
    /// `duel match` takes it; both sides of every game run this command.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE", required = true, action = clap::ArgAction::Append)]
    pub engine: Vec<String>,
    /// A parameter, as fishtest takes it: `name,start,min,max,c_end,r_end` (c_end: the
    /// perturbation at the end; r_end: the learning rate at the end). Repeat for each.
    #[arg(long, value_name = "NAME,START,MIN,MAX,C_END,R_END")]
    pub param: Vec<String>,
    /// A file of parameters, one `name,start,min,max,c_end,r_end` per line, `#` starting a comment.
    #[arg(long, value_name = "FILE")]
    pub params: Option<PathBuf>,
    /// Iterations: each plays --games-per-iteration pairs and updates θ once.
    #[arg(long)]
    pub iterations: u64,
    /// Game pairs per iteration (each side once with each colour per pair).
    #[arg(long, default_value_t = 1)]
    pub games_per_iteration: u64,
    /// How each game is played, as in `duel match` (--concurrency: games at once within an
    /// iteration).
    #[command(flatten)]
    pub game: GameOptions,
    /// A, the stability constant of the learning rate (default: a tenth of the run's pairs).
    #[arg(long, value_name = "A")]
    pub stability: Option<f64>,
    /// Seed of the directions Δ and of each iteration's openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How many times an iteration whose engine died is played again before the run fails.
    #[arg(long, default_value_t = 3)]
    pub retries: u32,
    /// The state file, written after every iteration.
    #[arg(long, default_value = "spsa-state.json")]
    pub state: PathBuf,
    /// Continue the run the state file holds (same θ, iteration and directions).
    #[arg(long)]
    pub resume: bool,
    /// The picture of every parameter's path, written at the end (SVG).
    #[arg(long, default_value = "spsa.svg")]
    pub svg: PathBuf,
}

impl SpsaArgs {
    /// The parameters of `--param` and `--params`, at least one, names unique.
    fn parameters(&self) -> Result<Vec<Param>, String> {
        let mut params = self
            .param
            .iter()
            .map(|text| Param::parse(text))
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(path) = &self.params {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            params.extend(parse_file(&text).map_err(|e| format!("{}: {e}", path.display()))?);
        }
        if params.is_empty() {
            return Err("give at least one --param or a --params file".to_string());
        }
        for (i, p) in params.iter().enumerate() {
            if params[..i]
                .iter()
                .any(|q| q.name.eq_ignore_ascii_case(&p.name))
            {
                return Err(format!("parameter {} is given twice", p.name));
            }
        }
        Ok(params)
    }

    /// The match runner's configuration of one iteration, checked as `duel match` checks its own.
    fn template(&self, engine: &[String], variant: &str) -> Result<MatchConfig, String> {
        let words = |name: &str| {
            let mut words = vec![format!("name={name}")];
            words.extend(engine.iter().filter(|w| !w.starts_with("name=")).cloned());
            words
        };
        let args = MatchArgs {
            engine: Vec::new(),
            game: self.game.clone(),
            games: None,
            rounds: Some(
                u32::try_from(self.games_per_iteration)
                    .map_err(|_| "--games-per-iteration is too large".to_string())?,
            ),
            seed: self.seed,
            gauntlet: false,
            sprt: None,
            pgnout: None,
            results: None,
            event: "duel spsa".to_string(),
            shard: None,
            resume: false,
            anchor: None,
        };
        args.config(&[words("plus"), words("minus")], variant)
    }

    /// The run's state: a new one, or with `--resume` the state file's, which must be of the same
    /// run (parameters, iterations, pairs, A, seed).
    fn state(&self, params: Vec<Param>) -> Result<State, String> {
        let pairs = self.iterations * self.games_per_iteration;
        let stability = self.stability.unwrap_or(0.1 * pairs as f64);
        let fresh = State::new(
            params,
            self.iterations,
            self.games_per_iteration,
            stability,
            self.seed,
        );
        let path = &self.state;
        if !path.exists() {
            return Ok(fresh);
        }
        if !self.resume {
            return Err(format!(
                "{} exists: give --resume to continue its run, or another --state",
                path.display()
            ));
        }
        let saved = State::load(path)?;
        let same_run = State {
            done: 0,
            theta: fresh.theta.clone(),
            history: fresh.history.clone(),
            ..saved.clone()
        };
        if same_run != fresh {
            return Err(format!(
                "{} holds another run (parameters, iterations, pairs, A or seed differ)",
                path.display()
            ));
        }
        Ok(saved)
    }
}

impl Tool for SpsaArgs {
    type Settings = Settings;

    fn settings(&self, call: &Call<'_>) -> Result<Settings, String> {
        let [engine] = call.engines else {
            return Err("give exactly one --engine: both sides run it".to_string());
        };
        if self.iterations == 0 || self.games_per_iteration == 0 {
            return Err("--iterations and --games-per-iteration must be at least 1".to_string());
        }
        let template = self.template(engine, call.variant)?;
        let EngineKind::Process(command) = template.engines[0].kind.clone() else {
            return Err(
                "--engine: SPSA tunes a program's options: give cmd=, not builtin=".to_string(),
            );
        };
        Ok(Settings {
            template,
            command,
            state: self.state(self.parameters()?)?,
            state_path: self.state.clone(),
            svg: self.svg.clone(),
            retries: self.retries,
        })
    }

    fn run<G: HostedGame>(settings: &Settings) -> Result<ExitCode, CliError> {
        super::run::run::<G>(settings)
    }
}
