//! `duel train`: fits a net to the positions of datagen files on the CPU and writes it quantised.
//!
//! The samples ([`samples`]) are shuffled each epoch with the seed; each mini-batch is split into
//! equal parts, one per thread, whose gradients ([`model`]) are summed in a fixed order, so a seed
//! gives the same net on any machine with the same thread count. AdamW ([`adamw`]) takes a step per
//! batch, its rate falling along a cosine from `--lr` to a hundredth of it. After each epoch the
//! held-out games' loss is reported, and a checkpoint (the float model and the optimiser) and the
//! quantised net are written, so a run cut short keeps its last epoch and `--resume` goes on from it.

pub mod adamw;
mod checkpoint;
mod cli;
pub mod database_results;
pub mod model;
pub mod samples;

pub use cli::TrainArgs;

use adamw::{AdamW, AdamWSettings};
use duel_engine::search::nnue::{FileHeader, OutputBuckets};
use duel_engine::search::tablebase::Tablebases;
use duel_rules::game::{Rng, Searchable};
use model::Model;
use samples::{Dataset, Samples, Target};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The learning rate at the end of the cosine, as a share of the starting one.
const FINAL_RATE_SHARE: f32 = 0.01;

/// What a run trains, and how; the net's header records all of it.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainSettings {
    /// The datagen files.
    pub data: Vec<PathBuf>,
    /// The net file written (and `<out>.checkpoint` beside it).
    pub out: PathBuf,
    /// Neurons of the hidden layer.
    pub hidden: usize,
    /// Output layers, spread evenly over the counts of active features up to the data's most
    /// ([`OutputBuckets::covering`]).
    pub output_buckets: usize,
    /// Passes over the training samples.
    pub epochs: u32,
    /// Samples per optimiser step.
    pub batch: usize,
    /// The starting learning rate.
    pub rate: f32,
    /// The result's weight in the target.
    pub wdl: f32,
    /// The sigmoid's scale, in the game's unit, and so the net's output unit; `None`: fitted to the
    /// data ([`samples::Samples::fitted_scale`]).
    pub scale: Option<f32>,
    /// The seed of the initial weights and the shuffles.
    pub seed: u64,
    /// Threads computing each batch's gradient.
    pub threads: usize,
    /// Every this many games one is held out for validation (0: none).
    pub validation_every: usize,
    /// The endgame databases whose values replace the games' results where they reach
    /// ([`database_results`]), if any.
    pub tablebase: Option<PathBuf>,
    /// Whether to go on from the checkpoint of an earlier run with the same settings.
    pub resume: bool,
    /// The command line, for the header.
    pub command: String,
}

impl TrainSettings {
    /// The settings as header lines, the command last: what the net and the checkpoint record.
    /// `output_buckets` only where there is more than one, so that a net without buckets has the
    /// header the nets before them had.
    pub fn header_lines(&self) -> Vec<(String, String)> {
        let data: Vec<String> = self.data.iter().map(|p| p.display().to_string()).collect();
        let buckets =
            (self.output_buckets > 1).then(|| ("output_buckets", self.output_buckets.to_string()));
        let lines = [
            ("data", data.join(" ")),
            ("epochs", self.epochs.to_string()),
            ("batch", self.batch.to_string()),
            ("lr", self.rate.to_string()),
            ("wdl", self.wdl.to_string()),
            (
                "scale",
                self.scale.map_or("fitted".to_string(), |s| s.to_string()),
            ),
            ("seed", self.seed.to_string()),
            ("threads", self.threads.to_string()),
            ("validation_every", self.validation_every.to_string()),
            (
                "tablebase",
                self.tablebase
                    .as_ref()
                    .map_or("none".to_string(), |p| p.display().to_string()),
            ),
        ];
        let lines = lines.into_iter().chain(buckets);
        lines.map(|(k, v)| (k.to_string(), v)).collect()
    }
}

/// One epoch's figures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpochReport {
    /// The epoch, from 1.
    pub epoch: u32,
    /// The mean loss over the training samples during the epoch.
    pub training_loss: f64,
    /// The mean loss over the held-out samples after it, if any are held out.
    pub validation_loss: Option<f64>,
    /// Its duration.
    pub seconds: f64,
}

/// What a run did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TrainSummary {
    /// Games read.
    pub games: usize,
    /// Samples trained on.
    pub training: usize,
    /// Samples held out.
    pub validation: usize,
    /// The epochs run now (a resumed run starts after its checkpoint's).
    pub epochs: Vec<EpochReport>,
}

/// Runs `duel train` for game `G`, reporting each epoch to `progress`.
pub fn run<G: Searchable>(
    settings: &TrainSettings,
    progress: &mut dyn Write,
) -> Result<TrainSummary, String> {
    if G::FEATURE_COUNT == 0 {
        return Err(format!("{} has no net features to train", G::NAME));
    }
    let (data, scale) = load_samples::<G>(settings, progress)?;
    let buckets = OutputBuckets::covering(settings.output_buckets, data.training.most_active())
        .map_err(|e| e.to_string())?;
    if buckets != OutputBuckets::ONE {
        let _ = writeln!(
            progress,
            "train: {} output buckets of {} active features each",
            buckets.count(),
            buckets.span()
        );
    }
    let mut state = initial_state::<G>(settings, buckets, progress)?;
    let mut summary = TrainSummary {
        games: data.games,
        training: data.training.len(),
        validation: data.validation.len(),
        epochs: Vec::new(),
    };
    let batches_per_epoch = data.training.len().div_ceil(settings.batch) as u64;
    let total_steps = batches_per_epoch * u64::from(settings.epochs);
    while state.epoch < settings.epochs {
        let report = next_epoch(&mut state, &data, settings, total_steps);
        checkpoint::write::<G>(settings, &state).map_err(|e| e.to_string())?;
        write_net::<G>(settings, scale, &state.model, &summary, &report)?;
        let _ = writeln!(
            progress,
            "train: epoch {}/{}, training loss {:.6}, validation loss {}, {:.1} s ({:.0} positions/s)",
            report.epoch,
            settings.epochs,
            report.training_loss,
            report
                .validation_loss
                .map_or("-".to_string(), |l| format!("{l:.6}")),
            report.seconds,
            data.training.len() as f64 / report.seconds.max(1e-9)
        );
        summary.epochs.push(report);
    }
    Ok(summary)
}

/// The samples of the datagen files with their targets, and the scale of those (the settings', or
/// fitted to the data); what was read is reported to `progress`.
fn load_samples<G: Searchable>(
    settings: &TrainSettings,
    progress: &mut dyn Write,
) -> Result<(Dataset, f32), String> {
    let started = Instant::now();
    let tables = match &settings.tablebase {
        Some(folder) => Some(load_tables::<G>(folder)?),
        None => None,
    };
    let mut data = samples::load::<G>(&settings.data, settings.validation_every, tables.as_ref())?;
    if data.training.is_empty() {
        return Err("the data holds no training positions".to_string());
    }
    let scale = settings
        .scale
        .unwrap_or_else(|| data.training.fitted_scale())
        .round();
    let target = Target {
        wdl: settings.wdl,
        scale,
    };
    data.training.set_targets(target);
    data.validation.set_targets(target);
    let _ = writeln!(
        progress,
        "train: {} games, {} training and {} validation positions, read in {:.1} s{}; scale {scale}{}",
        data.games,
        data.training.len(),
        data.validation.len(),
        started.elapsed().as_secs_f64(),
        if data.cut_short > 0 {
            " (a partial game at the end of a file left out)"
        } else {
            ""
        },
        if settings.scale.is_none() {
            " (fitted to the data)"
        } else {
            ""
        }
    );
    if let Some(tables) = &tables {
        let _ = writeln!(
            progress,
            "train: {} databases of up to {} pieces changed the result of {} positions",
            tables.len(),
            tables.max_pieces(),
            data.results_changed
        );
    }
    Ok((data, scale))
}

/// The databases of `folder` for `--tablebase`, all of them: a file left out would change the
/// targets without saying so, so it is refused by name.
fn load_tables<G: Searchable>(folder: &Path) -> Result<Tablebases, String> {
    let (tables, refused) =
        Tablebases::load_some::<G>(folder).map_err(|e| format!("--tablebase: {e}"))?;
    match refused.first() {
        Some(file) => Err(format!("--tablebase: {file}")),
        None => Ok(tables),
    }
}

/// The state training starts from: a new seeded model with `buckets` (its factoriser rows zero), or
/// with `--resume` the checkpoint's.
fn initial_state<G: Searchable>(
    settings: &TrainSettings,
    buckets: OutputBuckets,
    progress: &mut dyn Write,
) -> Result<TrainingState, String> {
    if settings.resume {
        let state = checkpoint::read::<G>(settings, buckets).map_err(|e| e.to_string())?;
        let _ = writeln!(progress, "train: resuming after epoch {}", state.epoch);
        return Ok(state);
    }
    let rows = G::FEATURE_COUNT + G::FACTOR_COUNT;
    let count = Model::parameter_count(rows, settings.hidden, buckets);
    let mut model = Model::new(rows, settings.hidden, buckets, settings.seed);
    model.zero_rows_from(G::FEATURE_COUNT);
    Ok(TrainingState {
        model,
        optimiser: AdamW::new(count, AdamWSettings::default()),
        epoch: 0,
    })
}

/// The next epoch trained, and the held-out samples' loss after it.
fn next_epoch(
    state: &mut TrainingState,
    data: &Dataset,
    settings: &TrainSettings,
    total_steps: u64,
) -> EpochReport {
    let began = Instant::now();
    let training_loss = train_epoch(state, &data.training, settings, total_steps);
    let validation_loss = (!data.validation.is_empty())
        .then(|| mean_loss(&state.model, &data.validation, settings.threads));
    state.epoch += 1;
    EpochReport {
        epoch: state.epoch,
        training_loss,
        validation_loss,
        seconds: began.elapsed().as_secs_f64(),
    }
}

/// The model, the optimiser and the epochs done: what a checkpoint holds.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainingState {
    /// The model.
    pub model: Model,
    /// The optimiser.
    pub optimiser: AdamW,
    /// Epochs done.
    pub epoch: u32,
}

/// One pass over `samples` in a seeded order; returns the mean training loss.
fn train_epoch(
    state: &mut TrainingState,
    samples: &Samples,
    settings: &TrainSettings,
    total_steps: u64,
) -> f64 {
    let mut order: Vec<u32> = (0..samples.len() as u32).collect();
    let mut rng = Rng::new(settings.seed ^ u64::from(state.epoch + 1).wrapping_mul(0x9e37_79b9));
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let threads = settings.threads.max(1);
    let count = state.model.parameters.len();
    let mut gradients = vec![vec![0.0f32; count]; threads];
    let mut loss = 0.0;
    for batch in order.chunks(settings.batch) {
        let part = batch.len().div_ceil(threads);
        let model = &state.model;
        let losses: Vec<f64> = std::thread::scope(|scope| {
            let handles: Vec<_> = gradients
                .iter_mut()
                .zip(batch.chunks(part))
                .map(|(gradient, indices)| {
                    scope.spawn(move || {
                        gradient.fill(0.0);
                        model.add_gradient(samples, indices, gradient)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a gradient thread panicked"))
                .collect()
        });
        loss += losses.iter().sum::<f64>();
        // Threads that got no part of a short last batch left their buffers stale: skip them.
        let used = batch.chunks(part).count();
        let (total, others) = gradients.split_first_mut().expect("one thread at least");
        for other in &others[..used - 1] {
            for (t, o) in total.iter_mut().zip(other) {
                *t += o;
            }
        }
        let scale = 1.0 / batch.len() as f32;
        total.iter_mut().for_each(|g| *g *= scale);
        let rate = cosine_rate(settings.rate, state.optimiser.steps, total_steps);
        state
            .optimiser
            .step(&mut state.model.parameters, total, rate);
    }
    loss / samples.len() as f64
}

/// The learning rate after `step` of `total` steps: a cosine from `start` down to
/// [`FINAL_RATE_SHARE`] of it.
fn cosine_rate(start: f32, step: u64, total: u64) -> f32 {
    let progress = (step as f32 / total.max(1) as f32).min(1.0);
    let end = start * FINAL_RATE_SHARE;
    end + 0.5 * (start - end) * (1.0 + (std::f32::consts::PI * progress).cos())
}

/// The mean loss of `model` over `samples`, split over `threads`.
pub fn mean_loss(model: &Model, samples: &Samples, threads: usize) -> f64 {
    let part = samples.len().div_ceil(threads.max(1)).max(1);
    let total: f64 = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..samples.len())
            .step_by(part)
            .map(|start| {
                let end = (start + part).min(samples.len());
                scope.spawn(move || model.loss(samples, start..end))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a loss thread panicked"))
            .sum()
    });
    total / samples.len().max(1) as f64
}

/// Writes the quantised net of `model`, whose output is in units of `scale`, to `--out`, its header
/// naming the data, the settings and the epoch's losses.
fn write_net<G: Searchable>(
    settings: &TrainSettings,
    scale: f32,
    model: &Model,
    summary: &TrainSummary,
    report: &EpochReport,
) -> Result<(), String> {
    let mut lines = settings.header_lines();
    let figures = [
        ("games", summary.games.to_string()),
        ("positions", summary.training.to_string()),
        ("validation_positions", summary.validation.to_string()),
        ("epoch", report.epoch.to_string()),
        ("training_loss", format!("{:.6}", report.training_loss)),
        (
            "validation_loss",
            report
                .validation_loss
                .map_or("-".to_string(), |l| format!("{l:.6}")),
        ),
        ("command", settings.command.clone()),
    ];
    lines.extend(figures.into_iter().map(|(k, v)| (k.to_string(), v)));
    let header = FileHeader {
        game: G::NAME.to_string(),
        lines,
    };
    let net = model.quantise::<G>(scale as i32, header);
    std::fs::write(&settings.out, net.to_bytes())
        .map_err(|e| format!("--out {}: {e}", settings.out.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_engine::search::nnue::evaluate_afresh;
    use duel_rules::game::{Game, MoveList, NetFeatures};
    use duel_rules::games::Duel;
    use samples::training_features;

    #[test]
    fn the_rate_falls_along_a_cosine() {
        assert_eq!(cosine_rate(0.001, 0, 100), 0.001);
        assert!((cosine_rate(0.001, 50, 100) - 0.000505).abs() < 1e-7);
        assert!((cosine_rate(0.001, 100, 100) - 0.00001).abs() < 1e-9);
    }

    /// The quantised net's evaluation is the float model's within 1% of the scale (4 units at a
    /// scale of 400), over positions of random games: the rounding of every weight to 1/255 or 1/512.
    /// The model has coarse features, which the net folds into the real ones' rows, and an output
    /// bucket every two pieces, each made different, so that a wrong bucket would show.
    #[test]
    fn the_quantised_net_matches_the_float_model() {
        let rows = Duel::FEATURE_COUNT + Duel::FACTOR_COUNT;
        let buckets = OutputBuckets::new(12, 2).unwrap();
        let mut model = Model::new(rows, 32, buckets, 5);
        let outputs = model.parameters.len() - buckets.count() * (2 * 32 + 1);
        let mut rng = Rng::new(4);
        for value in &mut model.parameters[outputs..] {
            *value += (rng.below(201) as f32 - 100.0) / 2000.0;
        }
        let header = FileHeader {
            game: "duel".to_string(),
            lines: Vec::new(),
        };
        let net = model.quantise::<Duel>(400, header);
        let mut rng = Rng::new(9);
        let mut moves = MoveList::new();
        let mut pos = Duel::start();
        let (mut worst, mut checked) = (0.0f32, 0);
        for _ in 0..300 {
            let (mut us, mut them) = (Vec::new(), Vec::new());
            let side = pos.side_to_move();
            let active = training_features(&pos, side, &mut us);
            training_features(&pos, side.opponent(), &mut them);
            let float = model.evaluate(&us, &them, active) * 400.0;
            let quantised = evaluate_afresh(&net, &pos) as f32;
            worst = worst.max((float - quantised).abs());
            checked += 1;
            pos.generate_moves(&mut moves);
            match rng.pick(&moves) {
                Some(&mv) if pos.decided_winner().is_none() => pos = pos.make_move(mv),
                _ => pos = Duel::start(),
            }
        }
        assert!(
            worst <= 4.0,
            "worst difference {worst} over {checked} positions"
        );
    }
}
