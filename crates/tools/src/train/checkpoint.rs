//! `duel train`'s checkpoint, `<out>.checkpoint`: the float model, the optimiser's moments and the
//! epochs done, after the engine's file header (the game, the settings and the sizes). `--resume`
//! reads it and goes on; it must have been written with the same settings.
//!
//! ```text
//! header (FILE_KIND; game=, epoch=, features=, hidden=, steps=, buckets= and bucket_span= where
//! there are more than one, then the settings)
//! parameters, first moments, second moments: f32 each, little-endian
//! ```

use super::adamw::{AdamW, AdamWSettings};
use super::model::Model;
use super::{TrainSettings, TrainingState};
use duel_engine::search::nnue::{FileHeader, FileKind, OutputBuckets};
use duel_rules::game::Game;
use std::path::PathBuf;

/// What a checkpoint file is, to its header.
const FILE_KIND: FileKind = FileKind {
    magic: b"DUELCKPT",
    version: 1,
    name: "duel train checkpoint",
};

/// Where the checkpoint of a run writing `out` goes.
pub fn path(settings: &TrainSettings) -> PathBuf {
    let mut name = settings.out.clone().into_os_string();
    name.push(".checkpoint");
    PathBuf::from(name)
}

/// Writes the checkpoint of `state`.
pub fn write<G: Game>(settings: &TrainSettings, state: &TrainingState) -> Result<(), String> {
    let mut lines = vec![
        ("epoch".to_string(), state.epoch.to_string()),
        ("features".to_string(), state.model.features.to_string()),
        ("hidden".to_string(), state.model.hidden.to_string()),
        ("steps".to_string(), state.optimiser.steps.to_string()),
    ];
    let buckets = state.model.buckets.header_sizes().into_iter();
    lines.extend(buckets.map(|(key, value)| (key.to_string(), value.to_string())));
    lines.extend(settings.header_lines());
    let header = FileHeader {
        game: G::NAME.to_string(),
        lines,
    };
    let mut bytes = header.encode(FILE_KIND);
    for values in [
        &state.model.parameters,
        &state.optimiser.first,
        &state.optimiser.second,
    ] {
        bytes.extend(values.iter().flat_map(|v| v.to_le_bytes()));
    }
    let path = path(settings);
    std::fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads the checkpoint of a run with `settings`, whose data gives `buckets`; errors name the file
/// and what differs. A checkpoint from before output buckets has one.
pub fn read<G: Game>(
    settings: &TrainSettings,
    buckets: OutputBuckets,
) -> Result<TrainingState, String> {
    let path = path(settings);
    let named = |e: &dyn std::fmt::Display| format!("--resume: {}: {e}", path.display());
    let bytes = std::fs::read(&path).map_err(|e| named(&e))?;
    let (header, at) = FileHeader::decode(&bytes, FILE_KIND).map_err(|e| named(&e))?;
    same_run::<G>(&header, settings).map_err(|e| named(&e))?;
    let number = |key: &str| -> Result<u64, String> {
        header
            .get(key)
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| named(&format!("no number {key}= in the header")))
    };
    let (features, hidden) = (number("features")? as usize, number("hidden")? as usize);
    if hidden != settings.hidden {
        return Err(named(&format!(
            "hidden={hidden}, this run has {}",
            settings.hidden
        )));
    }
    let found = OutputBuckets::from_header(&header).map_err(|e| named(&e))?;
    if found != buckets {
        return Err(named(&format!(
            "{} output buckets of {} features, this run has {} of {}",
            found.count(),
            found.span(),
            buckets.count(),
            buckets.span()
        )));
    }
    let count = Model::parameter_count(features, hidden, buckets);
    let [parameters, first, second] = values(&bytes[at..], count).map_err(|e| named(&e))?;
    Ok(TrainingState {
        model: Model {
            features,
            hidden,
            buckets,
            parameters,
        },
        optimiser: AdamW {
            settings: AdamWSettings::default(),
            first,
            second,
            steps: number("steps")?,
        },
        epoch: number("epoch")? as u32,
    })
}

/// Why a checkpoint with `header` is not one of game `G` by a run with `settings` (the number of
/// epochs aside), if it is not.
fn same_run<G: Game>(header: &FileHeader, settings: &TrainSettings) -> Result<(), String> {
    if header.game != G::NAME {
        return Err(format!(
            "a checkpoint of {}, not of {}",
            header.game,
            G::NAME
        ));
    }
    let mut wanted = settings.header_lines();
    wanted.retain(|(k, _)| k != "epochs");
    for (key, value) in &wanted {
        if header.get(key) != Some(value.as_str()) {
            return Err(format!(
                "made with {key}={}, this run has {key}={value}",
                header.get(key).unwrap_or("(none)")
            ));
        }
    }
    Ok(())
}

/// The values after the header: the model's `count` parameters, then the optimiser's two moments
/// of as many, each a little-endian `f32`.
fn values(bytes: &[u8], count: usize) -> Result<[Vec<f32>; 3], String> {
    if bytes.len() != 12 * count {
        return Err(format!(
            "{} bytes of values, expected {}",
            bytes.len(),
            12 * count
        ));
    }
    let floats: Vec<f32> = bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let mut parts = floats.chunks_exact(count).map(<[f32]>::to_vec);
    let mut next = || parts.next().expect("three parts, counted above");
    Ok([next(), next(), next()])
}
