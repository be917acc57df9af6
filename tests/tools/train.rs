//! `duel train`: on a small generated file its loss falls, the net it writes is a net of the game
//! that the engine loads, a resumed run goes on from its checkpoint, and bad arguments and files are
//! refused by name.

use crate::common::legal_moves;
use crate::common::temp_dir::TempDir;
use crate::small_data::generated;
use duel_engine::search::nnue::FileHeader;
use duel_engine::search::nnue::{Network, network};
use duel_engine::search::tablebase::Tablebases;
use duel_rules::game::{Game, NetFeatures, Outcome, Side};
use duel_rules::games::{Alice, Dame, Duel, HostedGame};
use duel_tools::datagen::format::{GameData, Ply};
use duel_tools::tablebase::{self, TablebaseArgs};
use duel_tools::train::{self, TrainSettings};
use duel_tools::train::{database_results, samples};
use std::path::PathBuf;
use std::process::Command;

/// A small run's settings: 8 epochs of a 16-neuron net.
fn settings(data: PathBuf, out: PathBuf) -> TrainSettings {
    TrainSettings {
        data: vec![data],
        out,
        hidden: 16,
        output_buckets: 1,
        epochs: 8,
        batch: 256,
        rate: 0.01,
        wdl: 0.3,
        scale: None,
        seed: 5,
        threads: 2,
        validation_every: 5,
        tablebase: None,
        resume: false,
        command: "test".to_string(),
    }
}

/// Trains on a small file of `G`: the training loss falls, the net written is `G`'s and records how it was
/// made, and the same seed gives the same net.
fn training_lowers_the_loss<G: HostedGame>() {
    let dir = TempDir::new(&format!("duel-train-{}", G::NAME));
    let data = generated::<G>(dir.path(), 30, 3);
    let run = settings(data, dir.path().join("net.nnue"));
    let summary = train::run::<G>(&run, &mut std::io::sink()).unwrap();
    assert!(
        summary.training > 300 && summary.validation > 0,
        "{summary:?}"
    );
    let (first, last) = (&summary.epochs[0], summary.epochs.last().unwrap());
    assert!(
        last.training_loss < 0.8 * first.training_loss,
        "{first:?} {last:?}"
    );
    // Thirty games are too few to generalise from: the held-out loss is reported, not asserted to
    // fall.
    assert!(last.validation_loss.is_some_and(f64::is_finite), "{last:?}");
    let bytes = std::fs::read(&run.out).unwrap();
    let net = Network::from_bytes(&bytes, G::NAME, G::FEATURE_COUNT).unwrap();
    assert_eq!(net.hidden(), 16);
    assert_eq!(net.header().get("epoch"), Some("8"));
    assert!(
        net.header()
            .get("data")
            .unwrap()
            .ends_with(&*run.data[0].file_name().unwrap().to_string_lossy())
    );
    let again = TrainSettings {
        out: dir.path().join("again.nnue"),
        ..run.clone()
    };
    train::run::<G>(&again, &mut std::io::sink()).unwrap();
    assert_eq!(
        std::fs::read(&again.out).unwrap(),
        bytes,
        "the same seed, the same net"
    );
}

#[test]
fn training_on_a_small_duel_file_lowers_the_loss() {
    training_lowers_the_loss::<Duel>();
}

#[test]
fn training_on_a_small_alice_file_lowers_the_loss() {
    training_lowers_the_loss::<Alice>();
}

/// `--output-buckets`: the net has that many output layers, spread over the data's counts of
/// pieces; the engine's reading of it agrees with the float model, bucket by bucket (the unit tests
/// check the quantisation); a run that resumes with another count is refused by name.
#[test]
fn a_run_with_output_buckets_writes_a_bucketed_net() {
    let dir = TempDir::new("duel-train-buckets");
    let data = generated::<Dame>(dir.path(), 12, 3);
    let run = TrainSettings {
        output_buckets: 3,
        epochs: 2,
        ..settings(data, dir.path().join("buckets.nnue"))
    };
    train::run::<Dame>(&run, &mut std::io::sink()).unwrap();
    let bytes = std::fs::read(&run.out).unwrap();
    let net = Network::from_bytes(&bytes, "dame", Dame::FEATURE_COUNT).unwrap();
    // Spread up to the most men a training position has (at most Dame's 24 at the start): three
    // buckets of `most / 3 + 1` each, so that the last begins at or below the most.
    let most = samples::load::<Dame>(&run.data, run.validation_every, None)
        .unwrap()
        .training
        .most_active();
    assert!((12..=24).contains(&most), "{most}");
    assert_eq!(
        (net.buckets().count(), net.buckets().span()),
        (3, most / 3 + 1),
        "{:?}",
        net.header()
    );
    assert_eq!(net.header().get("output_buckets"), Some("3"));
    let other = TrainSettings {
        output_buckets: 2,
        resume: true,
        ..run
    };
    let err = train::run::<Dame>(&other, &mut std::io::sink()).unwrap_err();
    assert!(
        err.contains("made with output_buckets=3, this run has output_buckets=2"),
        "{err}"
    );
}

#[test]
fn a_resumed_run_goes_on_from_its_checkpoint_with_the_same_settings_only() {
    let dir = TempDir::new("duel-train-resume");
    let data = generated::<Duel>(dir.path(), 12, 3);
    let run = settings(data, dir.path().join("resumed.nnue"));
    // A run of 3 epochs leaves a checkpoint after its third; a run of 8 resumes it (the number of
    // epochs may grow, nothing else may change).
    let first = TrainSettings {
        epochs: 3,
        ..run.clone()
    };
    train::run::<Duel>(&first, &mut std::io::sink()).unwrap();
    let resumed = TrainSettings {
        resume: true,
        ..run
    };
    let summary = train::run::<Duel>(&resumed, &mut std::io::sink()).unwrap();
    let epochs: Vec<u32> = summary.epochs.iter().map(|e| e.epoch).collect();
    assert_eq!(epochs, [4, 5, 6, 7, 8]);
    let bytes = std::fs::read(&resumed.out).unwrap();
    let net = Network::from_bytes(&bytes, "duel", Duel::FEATURE_COUNT).unwrap();
    assert_eq!(net.header().get("epoch"), Some("8"));
    let refused = TrainSettings {
        wdl: 0.5,
        ..resumed.clone()
    };
    let err = train::run::<Duel>(&refused, &mut std::io::sink()).unwrap_err();
    assert!(
        err.contains("made with wdl=0.3, this run has wdl=0.5"),
        "{err}"
    );
    let missing = TrainSettings {
        out: dir.path().join("never.nnue"),
        ..resumed
    };
    let err = train::run::<Duel>(&missing, &mut std::io::sink()).unwrap_err();
    assert!(err.contains("never.nnue.checkpoint"), "{err}");
}

#[test]
fn the_binary_trains_and_names_bad_arguments_and_files() {
    let dir = TempDir::new("duel-train-cli");
    let data = generated::<Duel>(dir.path(), 6, 3);
    let out = dir.path().join("cli.nnue");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_duel"))
            .arg("train")
            .args(args)
            .output()
            .expect("duel train runs")
    };
    let (data, out_text) = (data.to_str().unwrap(), out.to_str().unwrap());
    let made = run(&[
        "--data", data, "--out", out_text, "--epochs", "2", "--hidden", "8",
    ]);
    assert!(made.status.success(), "{made:?}");
    let stderr = String::from_utf8_lossy(&made.stderr);
    assert!(stderr.contains("epoch 2/2, training loss"), "{stderr}");
    let bytes = std::fs::read(&out).unwrap();
    let (header, _) = FileHeader::decode(&bytes, network::FILE_KIND).unwrap();
    assert!(header.get("command").unwrap().contains("--epochs 2"));
    for (args, named) in [
        (
            &["--data", data, "--out", out_text, "--hidden", "0"][..],
            "--hidden",
        ),
        (
            &["--data", data, "--out", out_text, "--wdl", "1.5"][..],
            "--wdl",
        ),
        (
            &["--data", data, "--out", out_text, "--output-buckets", "17"][..],
            "--output-buckets 17 is above 16",
        ),
        (
            &["--data", data, "--out", out_text, "--variant", "alice"][..],
            "not of alice",
        ),
        (&["--data", out_text, "--out", out_text][..], "DUELDATA"),
        (
            &["--data", "/no/such.data", "--out", out_text][..],
            "/no/such.data",
        ),
    ] {
        let refused = run(args);
        assert!(!refused.status.success(), "{args:?}");
        let stderr = String::from_utf8_lossy(&refused.stderr);
        assert!(stderr.contains(named), "{args:?}: {stderr}");
    }
}

/// The only legal move of `pos` (a capture due, in the positions below).
fn only_move(pos: &Dame) -> <Dame as Game>::Move {
    let moves = legal_moves(pos);
    assert_eq!(moves.len(), 1, "{pos:?}");
    moves[0]
}

/// `--tablebase`: from the first position the databases hold, each kept position gets their value
/// as its result, and every earlier one that of the first held position; a game that never reaches
/// one keeps its result. A run with them records the folder, and a folder without them is refused.
#[test]
fn the_databases_replace_the_results_of_the_endings_they_hold() {
    let dir = TempDir::new("duel-train-tablebase");
    let folder = dir.path().join("tb");
    let args = TablebaseArgs {
        pieces: 2,
        out: folder.clone(),
        threads: Some(2),
        verify: false,
        verify_only: Vec::new(),
    };
    tablebase::run::<Dame>(&args).unwrap();
    let (tables, refused) = Tablebases::load_some::<Dame>(&folder).unwrap();
    assert!(refused.is_empty(), "{refused:?}");

    // Three pieces, more than the tables hold: Black's man must take the king on b6, leaving
    // White's king on a1 to catch the man on c5, a win the game recorded (wrongly) as a draw.
    let start = Dame::from_text("8/m7/1K6/8/8/8/8/K7 b").unwrap();
    let first = only_move(&start);
    let held = start.make_move(first);
    assert_eq!(tables.probe(&start), None);
    assert_eq!(tables.probe(&held).map(|v| v.wdl()), Some(1));
    let plies = [first, legal_moves(&held)[0]].map(|mv| Ply {
        mv,
        score: 0,
        kept: true,
    });
    let game = GameData {
        start,
        plies: plies.to_vec(),
        outcome: Outcome::Draw,
    };
    // Black, to move first, loses what White, to move at the held position, wins, whatever
    // White's move there was.
    assert_eq!(database_results::kept_results(&game, &tables), [0.0, 1.0]);
    let unkept = GameData {
        plies: vec![
            plies[0],
            Ply {
                kept: false,
                ..plies[1]
            },
        ],
        ..game.clone()
    };
    assert_eq!(database_results::kept_results(&unkept, &tables), [0.0]);

    // From the start position no piece is taken in two plies: the game's result stays.
    let opening = Dame::start();
    let a = legal_moves(&opening)[0];
    let plies = [a, legal_moves(&opening.make_move(a))[0]].map(|mv| Ply {
        mv,
        score: 0,
        kept: true,
    });
    let far = GameData {
        start: opening,
        plies: plies.to_vec(),
        outcome: Outcome::Win(Side::White),
    };
    assert_eq!(database_results::kept_results(&far, &tables), [1.0, 0.0]);

    // A run over real games with the databases: it trains and names the folder in the net.
    let data = generated::<Dame>(dir.path(), 6, 3);
    let with_tables = TrainSettings {
        epochs: 1,
        tablebase: Some(folder.clone()),
        ..settings(data, dir.path().join("tb.nnue"))
    };
    train::run::<Dame>(&with_tables, &mut std::io::sink()).unwrap();
    let bytes = std::fs::read(&with_tables.out).unwrap();
    let net = Network::from_bytes(&bytes, "dame", Dame::FEATURE_COUNT).unwrap();
    assert_eq!(net.header().get("tablebase"), folder.to_str());

    let empty = dir.path().join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let refused = TrainSettings {
        tablebase: Some(empty),
        ..with_tables
    };
    let err = train::run::<Dame>(&refused, &mut std::io::sink()).unwrap_err();
    assert!(err.contains("--tablebase: no dame database in"), "{err}");
}
