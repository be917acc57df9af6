//! `duel spsa` run as a real process on a toy engine with a known optimum
//! (`tests/engines/toy_spsa.sh`: the real engine searching fewer nodes the farther its option X is
//! from 37).

use crate::common;

use common::temp_dir::TempDir;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Where X's strength peaks in the toy engine.
const OPTIMUM: f64 = 37.0;
/// How far from the optimum the tuned X may end. The toy's nodes halve every 6 of |X − 37|, so
/// the sides of a probe around 37 search alike and θ settles within a few units of it (37.4 here).
const TOLERANCE: f64 = 5.0;

fn toy(crash_marker: Option<&Path>) -> Vec<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/toy_spsa.sh");
    let mut args = env!("CARGO_BIN_EXE_duel").to_string();
    if let Some(marker) = crash_marker {
        args = format!("{args} {}", marker.display());
    }
    vec![
        "--engine".into(),
        format!("cmd={}", script.display()),
        format!("args={args}"),
    ]
}

/// `duel spsa` on the toy with `rest`, its state and picture in `dir`.
fn spsa_command(dir: &Path, engine: Vec<String>, rest: &str) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_duel"));
    command
        .arg("spsa")
        .args(engine)
        .args([
            "--state",
            &path(dir, "state.json"),
            "--svg",
            &path(dir, "paths.svg"),
        ])
        .args(rest.split_whitespace());
    command
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).display().to_string()
}

fn run(dir: &Path, engine: Vec<String>, rest: &str) -> Output {
    spsa_command(dir, engine, rest).output().expect("duel runs")
}

fn state(dir: &Path) -> Value {
    let text = std::fs::read_to_string(dir.join("state.json")).expect("a state file");
    serde_json::from_str(&text).expect("JSON")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn spsa_finds_the_toy_engines_optimum() {
    let dir = TempDir::new("duel-spsa-optimum");
    let started = Instant::now();
    let out = run(
        dir.path(),
        toy(None),
        "--param X,80,0,100,6,0.05 --iterations 60 --games-per-iteration 2 --nodes 400 \
         --concurrency 2 --opening-plies 4 --maxplies 120 --seed 3",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    let saved = state(dir.path());
    assert_eq!(saved["done"], 60);
    let x = saved["theta"][0].as_f64().unwrap();
    eprintln!(
        "tuned X = {x:.2} in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    assert!(
        (x - OPTIMUM).abs() <= TOLERANCE,
        "X = {x}, expected {OPTIMUM} ± {TOLERANCE}:\n{stdout}"
    );
    assert!(stdout.contains("iteration 60/60: X="), "{stdout}");
    assert!(
        stdout.contains("tuned values after 60 iterations:\nX = "),
        "{stdout}"
    );
    let svg = std::fs::read_to_string(dir.join("paths.svg")).unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains("<polyline"),
        "{svg}"
    );
}

#[test]
fn spsa_refuses_bad_parameters_by_name_before_any_game() {
    let dir = TempDir::new("duel-spsa-bad");
    for (rest, said) in [
        (
            "--param Y,50,0,100,6,0.05",
            "parameter Y: the engine has no spin option",
        ),
        (
            "--param X,150,0,100,6,0.05",
            "parameter X: start 150 is outside [0, 100]",
        ),
        (
            "--param X,50,0,200,6,0.05",
            "parameter X: [0, 200] is outside the engine's range",
        ),
        (
            "--param X,50,0,100",
            "expected name,start,min,max,c_end,r_end",
        ),
    ] {
        let out = run(
            dir.path(),
            toy(None),
            &format!("{rest} --iterations 2 --nodes 100"),
        );
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{rest}: {stderr}");
        assert!(stderr.contains(said), "{rest}: {stderr}");
        assert!(!dir.join("state.json").exists(), "{rest}: no iteration ran");
    }
    let out = run(dir.path(), toy(None), "--iterations 2 --nodes 100");
    assert!(text(&out.stderr).contains("give at least one --param"));
}

#[test]
fn spsa_resumes_a_killed_run_where_it_stood() {
    let dir = TempDir::new("duel-spsa-resume");
    let rest =
        "--param X,60,0,100,6,0.05 --iterations 6 --nodes 200 --opening-plies 4 --maxplies 60";
    let mut child = spsa_command(dir.path(), toy(None), rest)
        .stdout(Stdio::null())
        .spawn()
        .expect("duel runs");
    let deadline = Instant::now() + Duration::from_secs(60);
    while !dir.join("state.json").exists() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().expect("killed");
    child.wait().unwrap();
    let killed = state(dir.path());
    let done = killed["done"].as_u64().unwrap();
    assert!((1..6).contains(&done), "{killed}");
    // Without --resume the state file is not overwritten.
    let out = run(dir.path(), toy(None), rest);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("give --resume"),
        "{}",
        text(&out.stderr)
    );
    let out = run(dir.path(), toy(None), &format!("{rest} --resume"));
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains(&format!("resuming at iteration {} of 6", done + 1)),
        "{stdout}"
    );
    let resumed = state(dir.path());
    assert_eq!(resumed["done"], 6);
    let history = resumed["history"].as_array().unwrap();
    assert_eq!(history.len(), 7);
    let before = killed["history"].as_array().unwrap();
    assert_eq!(&history[..before.len()], &before[..], "θ so far is kept");
    // Another run's parameters are refused.
    let other = rest.replace("X,60", "X,61");
    let out = run(dir.path(), toy(None), &format!("{other} --resume"));
    assert!(
        text(&out.stderr).contains("holds another run"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn spsa_plays_an_iteration_again_when_an_engine_dies() {
    let dir = TempDir::new("duel-spsa-crash");
    let marker: PathBuf = dir.join("crashed");
    let out = run(
        dir.path(),
        toy(Some(&marker)),
        "--param X,50,0,100,6,0.05 --iterations 2 --nodes 200 --opening-plies 4 --maxplies 60",
    );
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(marker.exists(), "the engine died once");
    assert!(stderr.contains("the iteration is played again"), "{stderr}");
    // Each iteration counted its two games, none lost to the dead engine.
    for line in stdout.lines().filter(|l| l.starts_with("iteration ")) {
        let counts: Vec<u64> = line
            .split(['(', ' '])
            .filter_map(|w| w.strip_prefix(['+', '=', '-']).and_then(|n| n.parse().ok()))
            .collect();
        assert_eq!(counts.iter().take(3).sum::<u64>(), 2, "{line}");
    }
    assert_eq!(state(dir.path())["done"], 2);
}
