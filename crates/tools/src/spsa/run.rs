//! A `duel spsa` run: the engine's options checked, then iteration after iteration until the last,
//! the state file written after each, and at the end the tuned values and the picture.

use super::iteration::{self, Sides, Unplayed};
use super::probe;
use super::schedule::Step;
use super::settings::Settings;
use super::state::State;
use super::svg;
use crate::cli_error::CliError;
use duel_rules::games::HostedGame;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Runs the tuning described by `settings` for game `G`.
pub fn run<G: HostedGame>(settings: &Settings) -> Result<ExitCode, CliError> {
    let mut state = settings.state.clone();
    probe::check_options(
        &settings.command,
        &state.params,
        G::NAME,
        settings.template.timeout,
    )
    .map_err(CliError::Usage)?;
    if state.done > 0 {
        println!(
            "resuming at iteration {} of {}",
            state.done + 1,
            state.iterations
        );
    }
    let stop = interrupt_flag();
    while state.done < state.iterations {
        match iterate::<G>(settings, &mut state, &stop) {
            Ok(line) => println!("{line}"),
            Err(Unplayed::Interrupted) => {
                println!(
                    "interrupted after iteration {}; --resume continues from {}",
                    state.done,
                    settings.state_path.display()
                );
                return Ok(ExitCode::SUCCESS);
            }
            Err(Unplayed::Failed(e)) => return Err(CliError::Failed(e)),
        }
        state.save(&settings.state_path).map_err(CliError::Failed)?;
    }
    finish(settings, &state)
}

/// A flag that Ctrl-C sets: the iteration under way is dropped, the state file keeps the last one.
fn interrupt_flag() -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    let on_interrupt = Arc::clone(&stop);
    if let Err(e) = ctrlc::set_handler(move || on_interrupt.store(true, Ordering::Relaxed)) {
        eprintln!("warning: Ctrl-C will not end the run cleanly: {e}");
    }
    stop
}

/// Plays the next iteration and moves θ; the progress line it returns says what happened.
fn iterate<G: HostedGame>(
    settings: &Settings,
    state: &mut State,
    stop: &AtomicBool,
) -> Result<String, Unplayed> {
    let started = Instant::now();
    let schedule = state.schedule();
    let flips = state.flips();
    let steps: Vec<Step> = (state.params.iter())
        .map(|p| schedule.step(p, state.pairs_done()))
        .collect();
    let probe = |sign: f64| -> Vec<i64> {
        (state
            .params
            .iter()
            .zip(&state.theta)
            .zip(&flips)
            .zip(&steps))
        .map(|(((p, theta), flip), step)| p.clamp(theta + sign * step.c * flip).round() as i64)
        .collect()
    };
    let (plus, minus) = (probe(1.0), probe(-1.0));
    let names: Vec<String> = state.params.iter().map(|p| p.name.clone()).collect();
    let sides = Sides {
        names: &names,
        plus: &plus,
        minus: &minus,
    };
    let seed = state.seed.wrapping_add(state.done);
    let score = iteration::play::<G>(&settings.template, &sides, seed, settings.retries, stop)?;
    let theta: Vec<f64> = (state
        .params
        .iter()
        .zip(&state.theta)
        .zip(&flips)
        .zip(&steps))
    .map(|(((p, theta), flip), step)| step.update(p, *theta, *flip, score.result()))
    .collect();
    state.advance(theta);
    let values: Vec<String> = (names.iter().zip(&state.theta))
        .map(|(name, theta)| format!("{name}={theta:.2}"))
        .collect();
    Ok(format!(
        "iteration {}/{}: {} (+{} ={} -{} for θ+cΔ, c_k {:.2}) {:.1} s",
        state.done,
        state.iterations,
        values.join(" "),
        score.wins,
        score.draws,
        score.losses,
        steps.first().map_or(0.0, |s| s.c),
        started.elapsed().as_secs_f64()
    ))
}

/// Prints the tuned values (rounded, as the engine takes them) and writes the picture.
fn finish(settings: &Settings, state: &State) -> Result<ExitCode, CliError> {
    println!("tuned values after {} iterations:", state.done);
    for (param, theta) in state.params.iter().zip(&state.theta) {
        println!(
            "{} = {} (θ {theta:.3}, start {})",
            param.name,
            theta.round(),
            param.start
        );
    }
    let picture = svg::draw(&state.params, &state.history);
    std::fs::write(&settings.svg, picture)
        .map_err(|e| CliError::Failed(format!("cannot write {}: {e}", settings.svg.display())))?;
    println!("the paths: {}", settings.svg.display());
    Ok(ExitCode::SUCCESS)
}
