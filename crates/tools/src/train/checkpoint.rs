//! `duel train`'s checkpoint, `<out>.checkpoint`: the float model, the optimiser's moments and the
//! epochs done, after the engine's file header (the game, the settings and the sizes). `--resume`
//! reads it and goes on; it must have been written with the same settings.
//!
//! ```text
//! header (FILE_KIND; game=, epoch=, features=, hidden=, steps=, buckets= and bucket_span= where
//! there are more than one, then the settings)
//! parameters, first moments, second moments: f32 each, little-endian
//! ```
//!
//! A checkpoint not written, or not resumed, is a [`CheckpointError`].

mod error;

pub use error::{CheckpointError, ResumeError};

use super::adamw::{AdamW, AdamWSettings};
use super::model::Model;
use super::{TrainSettings, TrainingState};
use duel_engine::search::nnue::{FileHeader, FileKind, OutputBuckets};
use duel_rules::game::Game;
use std::path::{Path, PathBuf};

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
pub fn write<G: Game>(
    settings: &TrainSettings,
    state: &TrainingState,
) -> Result<(), CheckpointError> {
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
    std::fs::write(&path, bytes).map_err(|source| CheckpointError::Write { path, source })
}

/// Reads the checkpoint of a run with `settings`, whose data gives `buckets`; errors name the file
/// and what differs. A checkpoint from before output buckets has one.
pub fn read<G: Game>(
    settings: &TrainSettings,
    buckets: OutputBuckets,
) -> Result<TrainingState, CheckpointError> {
    let path = path(settings);
    resume::<G>(&path, settings, buckets).map_err(|source| CheckpointError::Resume { path, source })
}

/// [`read`] from the checkpoint at `path`.
fn resume<G: Game>(
    path: &Path,
    settings: &TrainSettings,
    buckets: OutputBuckets,
) -> Result<TrainingState, ResumeError> {
    let bytes = std::fs::read(path).map_err(ResumeError::Read)?;
    let (header, at) = FileHeader::decode(&bytes, FILE_KIND).map_err(ResumeError::Header)?;
    same_run::<G>(&header, settings)?;
    let number = |key: &'static str| -> Result<u64, ResumeError> {
        header
            .get(key)
            .and_then(|v| v.parse().ok())
            .ok_or(ResumeError::NoNumber { key })
    };
    let (features, hidden) = (number("features")? as usize, number("hidden")? as usize);
    if hidden != settings.hidden {
        return Err(ResumeError::OtherHidden {
            found: hidden,
            wanted: settings.hidden,
        });
    }
    let found = OutputBuckets::from_header(&header).map_err(ResumeError::Buckets)?;
    if found != buckets {
        return Err(ResumeError::OtherBuckets {
            found,
            wanted: buckets,
        });
    }
    let count = Model::parameter_count(features, hidden, buckets);
    let [parameters, first, second] = values(&bytes[at..], count)?;
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
fn same_run<G: Game>(header: &FileHeader, settings: &TrainSettings) -> Result<(), ResumeError> {
    if header.game != G::NAME {
        return Err(ResumeError::OtherGame {
            found: header.game.clone(),
            expected: G::NAME,
        });
    }
    let mut wanted = settings.header_lines();
    wanted.retain(|(k, _)| k != "epochs");
    for (key, value) in wanted {
        if header.get(&key) != Some(value.as_str()) {
            return Err(ResumeError::OtherSetting {
                found: header.get(&key).map(str::to_string),
                key,
                wanted: value,
            });
        }
    }
    Ok(())
}

/// The values after the header: the model's `count` parameters, then the optimiser's two moments
/// of as many, each a little-endian `f32`.
fn values(bytes: &[u8], count: usize) -> Result<[Vec<f32>; 3], ResumeError> {
    if bytes.len() != 12 * count {
        return Err(ResumeError::ValuesLength {
            found: bytes.len(),
            expected: 12 * count,
        });
    }
    let floats: Vec<f32> = bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let mut parts = floats.chunks_exact(count).map(<[f32]>::to_vec);
    let mut next = || parts.next().expect("three parts, counted above");
    Ok([next(), next(), next()])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::temp_dir::TempDir;
    use duel_rules::games::{Dame, Duel};

    /// A run of 4 hidden neurons writing `out`.
    fn settings(out: PathBuf) -> TrainSettings {
        TrainSettings {
            data: vec![PathBuf::from("d.bin")],
            out,
            hidden: 4,
            output_buckets: 1,
            epochs: 2,
            batch: 8,
            rate: 0.01,
            wdl: 0.3,
            scale: Some(400.0),
            seed: 1,
            threads: 1,
            validation_every: 0,
            tablebase: None,
            resume: true,
            command: "test".to_string(),
        }
    }

    /// The state of a run with `settings` after one epoch, on 6 features.
    fn state(settings: &TrainSettings) -> TrainingState {
        let model = Model::new(6, settings.hidden, OutputBuckets::ONE, settings.seed);
        let count = model.parameters.len();
        TrainingState {
            model,
            optimiser: AdamW::new(count, AdamWSettings::default()),
            epoch: 1,
        }
    }

    /// The refusal of resuming `settings` as game `G`.
    fn refusal<G: Game>(settings: &TrainSettings) -> ResumeError {
        match read::<G>(settings, OutputBuckets::ONE) {
            Err(CheckpointError::Resume { path: at, source }) => {
                assert_eq!(at, path(settings));
                source
            }
            other => panic!("{:?}", other.map(|s| s.epoch)),
        }
    }

    #[test]
    fn a_checkpoint_reads_back_and_other_runs_are_refused_by_variant() {
        let dir = TempDir::new("duel-checkpoint");
        let run = settings(dir.join("net.nnue"));
        write::<Duel>(&run, &state(&run)).unwrap();
        let back = read::<Duel>(&run, OutputBuckets::ONE).unwrap();
        assert_eq!((back.epoch, back.model.hidden), (1, 4));

        let err = refusal::<Dame>(&run);
        assert!(
            matches!(&err, ResumeError::OtherGame { found, expected: "dame" } if found == "duel")
        );
        assert_eq!(err.to_string(), "a checkpoint of duel, not of dame");
        let other = TrainSettings {
            wdl: 0.5,
            ..run.clone()
        };
        let err = refusal::<Duel>(&other);
        assert!(matches!(&err, ResumeError::OtherSetting { key, .. } if key == "wdl"));
        assert_eq!(err.to_string(), "made with wdl=0.3, this run has wdl=0.5");
        let buckets = OutputBuckets::covering(2, 10).unwrap();
        assert!(matches!(
            read::<Duel>(&run, buckets),
            Err(CheckpointError::Resume {
                source: ResumeError::OtherBuckets { .. },
                ..
            })
        ));

        let missing = settings(dir.join("never.nnue"));
        let err = read::<Duel>(&missing, OutputBuckets::ONE).unwrap_err();
        assert!(matches!(
            &err,
            CheckpointError::Resume {
                source: ResumeError::Read(_),
                ..
            }
        ));
        assert!(err.to_string().starts_with("--resume: "), "{err}");
        assert!(std::error::Error::source(&err).is_some());
        std::fs::write(path(&missing), b"not a checkpoint").unwrap();
        assert!(matches!(refusal::<Duel>(&missing), ResumeError::Header(_)));
        let mut bytes = std::fs::read(path(&run)).unwrap();
        bytes.pop();
        std::fs::write(path(&run), &bytes).unwrap();
        assert!(matches!(
            refusal::<Duel>(&run),
            ResumeError::ValuesLength { .. }
        ));

        let unwritable = settings(dir.join("no-folder").join("net.nnue"));
        let err = write::<Duel>(&unwritable, &state(&unwritable)).unwrap_err();
        assert!(matches!(err, CheckpointError::Write { .. }), "{err:?}");
    }
}
