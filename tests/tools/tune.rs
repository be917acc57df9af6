//! `duel tune` run as a real process on games that `duel match` played.

use crate::common;

use common::temp_dir::TempDir;
use std::process::{Command, Output};

/// A folder of the test's own, removed when the test ends.
fn scratch() -> TempDir {
    TempDir::new("duel-tune-test")
}

fn duel(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_duel"))
        .args(args)
        .output()
        .expect("duel runs")
}

/// The two mean squared errors (before, after) of the report line starting with `set`.
fn errors(report: &str, set: &str) -> (f64, f64) {
    let line = report
        .lines()
        .find(|l| l.starts_with(set))
        .unwrap_or_else(|| panic!("no {set} line in:\n{report}"));
    let numbers: Vec<f64> = line
        .split([' ', ',', ':'])
        .filter_map(|w| w.parse().ok())
        .collect();
    // positions, before, after
    (numbers[1], numbers[2])
}

#[test]
fn tunes_the_weights_on_played_games() {
    let dir = scratch();
    let pgn = dir.join("games.pgn");
    let _ = std::fs::remove_file(&pgn);
    let engine = format!("cmd={}", env!("CARGO_BIN_EXE_duel"));
    let played = duel(&[
        "match",
        "--engine",
        "name=a",
        &engine,
        "--engine",
        "name=b",
        &engine,
        "--depth",
        "2",
        "--games",
        "40",
        "--concurrency",
        "2",
        "--pgnout",
        pgn.to_str().unwrap(),
    ]);
    assert!(played.status.success(), "{played:?}");

    let tuned = duel(&["tune", pgn.to_str().unwrap(), "--iterations", "300"]);
    let report = String::from_utf8_lossy(&tuned.stdout);
    assert!(tuned.status.success(), "{report}\n{tuned:?}");
    assert!(
        report.starts_with("games 40 (0 unfinished, 0 lost by a fault and "),
        "{report}"
    );
    let (before, after) = errors(&report, "training");
    assert!(
        after <= before,
        "the fit lowers the training error:\n{report}"
    );
    // The anchor keeps its value; every weight appears in the table and in source form.
    let anchor = report
        .lines()
        .find(|l| l.starts_with("DIE_VALUE "))
        .expect("DIE_VALUE row");
    let columns: Vec<&str> = anchor.split_whitespace().collect();
    assert_eq!(
        columns,
        ["DIE_VALUE", "material", "100", "100", "(fixed)"],
        "{report}"
    );
    for name in ["MOBILITY", "KING_RUN_1", "TEMPO", "TOP_6", "KING_ESCAPES"] {
        assert!(
            report.contains(&format!("{name:?}")),
            "{name} in source form:\n{report}"
        );
    }

    let with_score_weight = |weight: &str| {
        duel(&[
            "tune",
            pgn.to_str().unwrap(),
            "--iterations",
            "300",
            "--score-weight",
            weight,
        ])
    };
    // `--score-weight 0` is the default fit, byte for byte.
    let weight_zero = with_score_weight("0");
    assert_eq!(weight_zero.stdout, tuned.stdout);
    // On the movers' scores alone the targets are the scores through their own curve.
    let scored = with_score_weight("1");
    let report = String::from_utf8_lossy(&scored.stdout);
    assert!(scored.status.success(), "{report}\n{scored:?}");
    let header = report.lines().next().unwrap_or_default();
    assert!(header.contains(", unscored "), "{report}");
    assert!(
        report.contains("search scores: K_s ")
            && report.contains("targets 1.00·score + 0.00·result"),
        "{report}"
    );
    let (before, after) = errors(&report, "training");
    assert!(after <= before, "{report}");
    assert!(
        report.contains("against the game results alone, validation: "),
        "{report}"
    );
}

#[test]
fn bad_input_is_named() {
    let dir = scratch();
    let missing = dir.join("missing.pgn");
    let cases: [(&[&str], &str); 8] = [
        (&[missing.to_str().unwrap()], "cannot read"),
        (&["Cargo.toml", "--fix", "NOPE"], "--fix: no weight 'NOPE'"),
        (
            &["Cargo.toml", "--iterations", "0"],
            "--iterations: must be at least 1",
        ),
        (
            &["Cargo.toml", "--rate", "inf"],
            "--rate: must be a positive",
        ),
        (&["Cargo.toml", "--rate=-1"], "--rate: must be a positive"),
        (
            &["Cargo.toml", "--score-weight", "1.5"],
            "--score-weight: must be a number from 0 to 1, not 1.5",
        ),
        (
            &["Cargo.toml", "--score-weight=-0.1"],
            "--score-weight: must be a number from 0 to 1",
        ),
        (
            &["Cargo.toml", "--score-weight", "NaN"],
            "--score-weight: must be a number from 0 to 1",
        ),
    ];
    for (args, expected) in cases {
        let mut all = vec!["tune"];
        all.extend_from_slice(args);
        let output = duel(&all);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            !output.status.success() && stderr.contains(expected),
            "{args:?}: {stderr}"
        );
    }
}
