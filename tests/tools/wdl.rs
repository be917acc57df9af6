//! `duel wdl`: a model fitted to a small generated file reads back as the game's model, its check
//! prints the reliability table and beats the constant rates, its picture is written, and bad
//! arguments and files are refused by name.

use crate::common::temp_dir::TempDir;
use crate::small_data::generated;
use duel_rules::game::WinRateModel;
use duel_rules::games::Dame;
use std::process::{Command, Output};

fn wdl(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_duel"))
        .arg("wdl")
        .args(args)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_fitted_model_reads_back_and_its_check_beats_the_constant_rates() {
    let dir = TempDir::new("duel-wdl");
    let fit = generated::<Dame>(dir.path(), 40, 1);
    let fresh = generated::<Dame>(dir.path(), 15, 2);
    let (model, picture) = (dir.path().join("dame.wdl"), dir.path().join("dame.svg"));
    let output = wdl(&[
        "--variant",
        "dame",
        "--bins",
        "3",
        "--data",
        fit.to_str().unwrap(),
        "--check",
        fresh.to_str().unwrap(),
        "--out",
        model.to_str().unwrap(),
        "--svg",
        picture.to_str().unwrap(),
    ]);
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", text(&output.stderr));
    let written = std::fs::read_to_string(&model).unwrap();
    assert!(
        written.starts_with("# The win-rate model of dame"),
        "{written}"
    );
    let read = WinRateModel::parse(&written, Some("dame")).unwrap();
    assert!(read.wdl(200, read.reference_phase).win > read.wdl(-200, read.reference_phase).win);
    assert!(stdout.contains("check on "), "{stdout}");
    assert!(stdout.contains("predicted win"), "{stdout}");
    // A model of the score beats predicting the same chances everywhere.
    let log_loss = |name: &str| -> f64 {
        let line = stdout
            .lines()
            .find(|l| l.trim_start().starts_with(name))
            .unwrap();
        line.split_whitespace()
            .rev()
            .nth(1)
            .unwrap()
            .parse()
            .unwrap()
    };
    assert!(log_loss("model") < log_loss("constant rates"), "{stdout}");
    let svg = std::fs::read_to_string(&picture).unwrap();
    assert!(
        svg.starts_with("<svg") && svg.matches("<polyline").count() >= 7,
        "{svg}"
    );
}

#[test]
fn bad_arguments_and_files_are_named() {
    let dir = TempDir::new("duel-wdl-bad");
    let dame = generated::<Dame>(dir.path(), 2, 1);
    let missing = dir.path().join("missing.data");
    let dame_path = dame.to_str().unwrap();
    let cases: [(&[&str], &str); 4] = [
        (
            &["--variant", "dame", "--bins", "0", "--data", dame_path],
            "--bins must be from 1 to 32",
        ),
        (&["--variant", "duel", "--data", dame_path], "dame"),
        (
            &["--variant", "dame", "--data", missing.to_str().unwrap()],
            "missing.data",
        ),
        (
            &["--variant", "dame", "--bins", "32", "--data", dame_path],
            "too few to fit 32 bins",
        ),
    ];
    for (args, message) in cases {
        let output = wdl(args);
        let stderr = text(&output.stderr);
        assert!(!output.status.success(), "{args:?}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}
