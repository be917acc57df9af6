//! Sharded matches through the real binary: the shards of a match, run by the recipes of
//! docs/cluster/ (GNU parallel, a Slurm array emulated by its environment), merge into the results of
//! one unsharded run; a shard killed mid-game resumes without losing or repeating a game; bad results
//! files are refused by name and nothing is merged; the rating list of three engines.

use crate::common;

use common::temp_dir::TempDir;
use duel_rules::games::Duel;
use duel_rules::record::pgn;
use duel_tools::matches::MatchResults;
use duel_tools::shard::ShardSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const DUEL: &str = env!("CARGO_BIN_EXE_duel");

/// Three deterministic built-in players, round robin: 3 pairings, so the pairs of a round spread
/// over the shards.
const BUILTINS: &[&str] = &[
    "--engine",
    "name=g1",
    "builtin=greedy",
    "--engine",
    "name=g2",
    "builtin=greedy",
    "--engine",
    "name=r",
    "builtin=random",
    "--depth",
    "1",
];

fn docs(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs/cluster")
        .join(name)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Asserts that a command succeeded, showing its output if not.
fn succeeded(output: Output) -> Output {
    assert!(
        output.status.success(),
        "{}\n{}",
        text(&output.stdout),
        text(&output.stderr)
    );
    output
}

fn read_results(path: &Path) -> MatchResults {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// `duel match` with `args`, writing `<tag>.pgn` and `<tag>.json` in `dir`.
fn play(dir: &TempDir, tag: &str, args: &[&str]) -> MatchResults {
    let json = dir.join(&format!("{tag}.json"));
    succeeded(
        Command::new(DUEL)
            .arg("match")
            .args(args)
            .arg("--pgnout")
            .arg(dir.join(&format!("{tag}.pgn")))
            .arg("--results")
            .arg(&json)
            .output()
            .unwrap(),
    );
    read_results(&json)
}

/// `duel results` over `files`.
fn merge(files: &[PathBuf], extra: &[&str]) -> Output {
    Command::new(DUEL)
        .arg("results")
        .args(files)
        .args(extra)
        .output()
        .unwrap()
}

/// The games of PGN files as (round, White, Black, moves), sorted.
fn games(paths: &[PathBuf]) -> Vec<(String, String, String, String)> {
    let mut all = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path).unwrap();
        for game in pgn::read::<Duel>(&text).unwrap() {
            let tag = |name| game.tag(name).unwrap().to_string();
            all.push((
                tag("Round"),
                tag("White"),
                tag("Black"),
                format!("{:?}", game.record.moves()),
            ));
        }
    }
    all.sort();
    all
}

/// Asserts that merged shards hold the statistics of the one run, and that `duel results` prints the
/// same summary (pairings, Elo, SPRT, terminations, rating list) for both.
fn assert_same_match(merged: &Path, one_run: &Path, sprt: &[&str]) {
    let (m, one) = (read_results(merged), read_results(one_run));
    assert_eq!(m.pairings, one.pairings);
    assert_eq!(m.terminations, one.terminations);
    assert_eq!(m.faults, one.faults);
    assert_eq!(
        (&m.variant, &m.engines, m.seed, &m.settings),
        (&one.variant, &one.engines, one.seed, &one.settings)
    );
    assert!(m.shards.as_ref().unwrap().missing().is_empty());
    assert_eq!(one.shards, None);
    let merged_text = text(&succeeded(merge(&[merged.to_path_buf()], sprt)).stdout);
    let one_text = text(&succeeded(merge(&[one_run.to_path_buf()], sprt)).stdout);
    assert_eq!(merged_text, one_text);
}

/// Each shard's PGN holds exactly the pairs i with i mod N = K (3 pairings: pair i is round
/// i / 3 + 1, pairing i mod 3), both games of each.
fn assert_pairs_by_shard(pgn_of: impl Fn(u32) -> PathBuf, shards: u32, rounds: usize) {
    let pairings = [("g1", "g2"), ("g1", "r"), ("g2", "r")];
    for k in 0..shards {
        let held = games(&[pgn_of(k)]);
        let mut expected = Vec::new();
        for i in (k as usize..rounds * 3).step_by(shards as usize) {
            let (first, second) = pairings[i % 3];
            let round = i / 3 + 1;
            expected.push((format!("{round}.1"), first.to_string(), second.to_string()));
            expected.push((format!("{round}.2"), second.to_string(), first.to_string()));
        }
        expected.sort();
        let got: Vec<(String, String, String)> = held
            .into_iter()
            .map(|(round, white, black, _)| (round, white, black))
            .collect();
        assert_eq!(got, expected, "shard {k}/{shards}");
    }
}

/// The GNU parallel recipe (docs/cluster/parallel.sh) on this machine: 4 shards of built-in players,
/// merged, equal one unsharded run. `.ci/run` installs GNU parallel, so CI always runs this test;
/// elsewhere it is skipped, with a message, when `parallel` is not installed.
#[test]
fn the_parallel_recipe_merges_into_the_one_run() {
    let available = Command::new("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !available {
        eprintln!("skipped: GNU parallel is not installed (apt-get install parallel)");
        return;
    }
    let dir = TempDir::new("duel-shards-parallel");
    let mut args = BUILTINS.to_vec();
    args.extend(["--rounds", "7", "--seed", "9"]);
    let out = dir.join("out");
    let output = succeeded(
        Command::new("bash")
            .arg(docs("parallel.sh"))
            .args(&args)
            .env("SHARDS", "4")
            .env("OUT", &out)
            .env("DUEL", DUEL)
            .current_dir(dir.path())
            .output()
            .unwrap(),
    );
    let stdout = text(&output.stdout);
    assert!(stdout.contains("shard 3\t"), "{stdout}");
    assert!(stdout.contains("Ratings ("), "{stdout}");
    play(&dir, "one", &args);
    assert_same_match(&out.join("total.json"), &dir.join("one.json"), &[]);
    let shard_pgns: Vec<PathBuf> = (0..4).map(|k| out.join(format!("shard-{k}.pgn"))).collect();
    assert_eq!(games(&shard_pgns), games(&[dir.join("one.pgn")]));
    assert_pairs_by_shard(|k| out.join(format!("shard-{k}.pgn")), 4, 7);
}

/// The Slurm recipe (docs/cluster/slurm.sh), run as a job array's tasks would be: with
/// SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT set, more shards than pairs in the last round.
#[test]
fn the_slurm_recipe_plays_one_shard_per_array_task() {
    let dir = TempDir::new("duel-shards-slurm");
    // Two engines (for the SPRT), 2 pairs, 5 shards: three shards have nothing to play. Two pairs
    // cannot decide the test, so the one run plays them all too.
    let args = [
        "--engine",
        "name=g",
        "builtin=greedy",
        "--engine",
        "name=r",
        "builtin=random",
        "--depth",
        "1",
        "--rounds",
        "2",
        "--seed",
        "4",
        "--sprt",
        "elo0=0",
        "elo1=5",
    ];
    let out = dir.join("shards");
    for k in 0..5 {
        succeeded(
            Command::new("bash")
                .arg(docs("slurm.sh"))
                .args(args)
                .env("SLURM_ARRAY_TASK_ID", k.to_string())
                .env("SLURM_ARRAY_TASK_COUNT", "5")
                .env("OUT", &out)
                .env("DUEL", DUEL)
                .current_dir(dir.path())
                .output()
                .unwrap(),
        );
    }
    let files: Vec<PathBuf> = (0..5)
        .map(|k| out.join(format!("shard-{k}.json")))
        .collect();
    let merged = dir.join("merged.json");
    succeeded(merge(&files, &["--output", merged.to_str().unwrap()]));
    play(&dir, "one", &args);
    assert_same_match(
        &merged,
        &dir.join("one.json"),
        &["--sprt", "elo0=0", "elo1=5"],
    );
    let empty = read_results(&files[4]);
    assert_eq!(empty.pairings[0].tally.games(), 0);
    // Without the array's variables the script says how to submit it.
    let bare = Command::new("bash")
        .arg(docs("slurm.sh"))
        .env_remove("SLURM_ARRAY_TASK_ID")
        .output()
        .unwrap();
    assert!(!bare.status.success());
    assert!(
        text(&bare.stderr).contains("sbatch --array"),
        "{}",
        text(&bare.stderr)
    );
}

/// The Kubernetes recipe: an Indexed Job whose pods play shard `$JOB_COMPLETION_INDEX` of
/// `completions`, resuming from a shared volume.
#[test]
fn the_kubernetes_job_plays_one_shard_per_completion_index() {
    let yaml = std::fs::read_to_string(docs("k8s-indexed-job.yaml")).unwrap();
    let value = |key: &str| {
        yaml.lines()
            .find_map(|line| line.trim().strip_prefix(key))
            .map(|v| v.trim().trim_matches('"').to_string())
            .unwrap_or_else(|| panic!("{key} missing"))
    };
    assert_eq!(value("completionMode:"), "Indexed");
    let completions = value("completions:");
    let env_shards = yaml
        .split("name: SHARDS")
        .nth(1)
        .and_then(|rest| rest.lines().nth(1))
        .and_then(|line| line.trim().strip_prefix("value:"))
        .map(|v| v.trim().trim_matches('"').to_string());
    assert_eq!(
        env_shards,
        Some(completions),
        "SHARDS must equal completions"
    );
    for needle in [
        "--shard \"$JOB_COMPLETION_INDEX/$SHARDS\" --resume",
        "--pgnout \"/results/shard-$JOB_COMPLETION_INDEX.pgn\"",
        "--results \"/results/shard-$JOB_COMPLETION_INDEX.json\"",
        "mountPath: /results",
    ] {
        assert!(yaml.contains(needle), "{needle}");
    }
}

/// A shard killed in the middle of its games (SIGKILL: no summary, no results file) and restarted
/// with `--resume` keeps every finished game, completes the pair whose second game is missing,
/// drops a game cut off in mid-write, and merges with the other shard into the one run's results.
/// The engine plays itself at a node limit: deterministic, and slow enough to be killed mid-match.
#[test]
fn a_killed_shard_resumes_and_merges_into_the_one_run() {
    let dir = TempDir::new("duel-shards-resume");
    let engine = format!("cmd={DUEL}");
    let args = [
        "--engine",
        "name=a",
        &engine,
        "--engine",
        "name=b",
        &engine,
        "option.Hash=1",
        "--games",
        "20",
        "--nodes",
        "400",
        "--seed",
        "3",
    ];
    play(&dir, "one", &args);
    let shard_args = |k: u32| {
        let mut a: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        a.extend([
            "--shard".into(),
            format!("{k}/2"),
            "--pgnout".into(),
            dir.join(&format!("shard-{k}.pgn")).display().to_string(),
            "--results".into(),
            dir.join(&format!("shard-{k}.json")).display().to_string(),
        ]);
        a
    };
    succeeded(
        Command::new(DUEL)
            .arg("match")
            .args(shard_args(0))
            .output()
            .unwrap(),
    );

    // Shard 1: kill it once three games are in its PGN.
    let pgn_path = dir.join("shard-1.pgn");
    let mut child = Command::new(DUEL)
        .arg("match")
        .args(shard_args(1))
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let finished =
        |path: &Path| std::fs::read_to_string(path).map_or(0, |t| t.matches("\n\n[Event ").count());
    let deadline = Instant::now() + Duration::from_secs(60);
    while finished(&pgn_path) < 3 {
        assert!(Instant::now() < deadline, "no game finished");
        std::thread::sleep(Duration::from_millis(10));
    }
    let still_running = child.try_wait().unwrap().is_none();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(still_running, "the shard ended before it could be killed");
    assert!(!dir.join("shard-1.json").exists());

    // Leave the file as a kill between a pair's games and one in the middle of a write would: an
    // odd number of finished games, then the start of another.
    let written = std::fs::read_to_string(&pgn_path).unwrap();
    let complete = pgn::read::<Duel>(&written[..finished_prefix(&written)])
        .unwrap()
        .len();
    let kept = if complete % 2 == 1 {
        complete
    } else {
        complete - 1
    };
    // Game n starts where the first n games end.
    let starts: Vec<usize> = written.match_indices("[Event ").map(|(i, _)| i).collect();
    let end = starts
        .get(kept)
        .copied()
        .unwrap_or(finished_prefix(&written));
    let cut = format!("{}{}", &written[..end], &written[..150]);
    std::fs::write(&pgn_path, cut).unwrap();

    let resumed = succeeded(
        Command::new(DUEL)
            .arg("match")
            .args(shard_args(1))
            .arg("--resume")
            .output()
            .unwrap(),
    );
    let stdout = text(&resumed.stdout);
    assert!(
        stdout.contains("Cut an unfinished game (150 bytes)"),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!(
            "Resuming from {}: {kept} of 10 games played",
            pgn_path.display()
        )),
        "{stdout}"
    );
    let files = [dir.join("shard-0.json"), dir.join("shard-1.json")];
    let merged = dir.join("merged.json");
    succeeded(merge(&files, &["--output", merged.to_str().unwrap()]));
    assert_same_match(&merged, &dir.join("one.json"), &[]);
    assert_eq!(
        games(&[dir.join("shard-0.pgn"), pgn_path.clone()]),
        games(&[dir.join("one.pgn")]),
        "every game once"
    );

    // Resuming a complete shard plays nothing more; resuming with another seed is refused.
    let again = succeeded(
        Command::new(DUEL)
            .arg("match")
            .args(shard_args(1))
            .arg("--resume")
            .output()
            .unwrap(),
    );
    assert!(text(&again.stdout).contains("10 of 10 games played"));
    let mut other_seed = shard_args(1);
    let at = other_seed.iter().position(|a| a == "--seed").unwrap();
    other_seed[at + 1] = "4".into();
    let refused = Command::new(DUEL)
        .arg("match")
        .args(other_seed)
        .arg("--resume")
        .output()
        .unwrap();
    assert!(!refused.status.success());
    assert!(
        text(&refused.stderr).contains("another --seed"),
        "{}",
        text(&refused.stderr)
    );
}

/// Games lost by a fault are read back with their fault: an engine that plays an illegal move at
/// once (no move in the record, so its reason is only in the final comment), resumed after its first
/// game, counts the same faults as the uninterrupted run.
#[test]
fn games_lost_by_a_fault_resume_with_their_fault() {
    let dir = TempDir::new("duel-shards-faults");
    let engine = format!(
        "cmd={}",
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/engines/illegal.sh")
            .display()
    );
    let args = [
        "--engine",
        "name=illegal",
        &engine,
        "--engine",
        "builtin=random",
        "--games",
        "4",
        "--depth",
        "1",
        "--opening-plies",
        "0",
    ];
    let whole = play(&dir, "whole", &args);
    assert_eq!(whole.faults["illegal"]["illegal move: illegal move"], 4);
    let pgn_path = dir.join("whole.pgn");
    let written = std::fs::read_to_string(&pgn_path).unwrap();
    let second = written.match_indices("[Event ").nth(1).unwrap().0;
    std::fs::write(&pgn_path, &written[..second]).unwrap();
    let mut resumed_args = args.to_vec();
    resumed_args.push("--resume");
    let resumed = play(&dir, "whole", &resumed_args);
    assert_eq!(resumed, whole);
    assert_eq!(games(&[pgn_path]).len(), 4);
}

/// The length of the finished games at the start of a PGN text: up to the last blank line after a
/// result.
fn finished_prefix(text: &str) -> usize {
    ["1-0\n\n", "0-1\n\n", "1/2-1/2\n\n"]
        .iter()
        .filter_map(|end| text.rfind(end).map(|at| at + end.len()))
        .max()
        .unwrap_or(0)
}

/// Bad input for `duel results`, each refused with an error naming the file and the problem, with
/// nothing printed and no output file written.
#[test]
fn bad_results_files_are_refused_by_name_and_nothing_is_merged() {
    let dir = TempDir::new("duel-shards-refused");
    let mut args = BUILTINS.to_vec();
    args.extend(["--rounds", "2"]);
    let shard = |k: u32, n: u32, seed: &str, extra: &[&str]| {
        let mut a = args.clone();
        let spec = format!("{k}/{n}");
        a.extend(["--seed", seed, "--shard", &spec]);
        a.extend(extra);
        let tag = format!("s{k}of{n}-seed{seed}-{}", extra.len());
        play(&dir, &tag, &a);
        dir.join(&format!("{tag}.json"))
    };
    let (a0, a1) = (shard(0, 2, "1", &[]), shard(1, 2, "1", &[]));
    let other_seed = shard(1, 2, "2", &[]);
    let other_settings = shard(1, 2, "1", &["--maxplies", "40"]);
    let other_split = shard(1, 3, "1", &[]);
    let mut dipole_args = args.clone();
    dipole_args.extend(["--variant", "dipole", "--seed", "1", "--shard", "1/2"]);
    play(&dir, "dipole", &dipole_args);
    let dipole = dir.join("dipole.json");
    let whole = {
        play(&dir, "whole", &args);
        dir.join("whole.json")
    };
    let garbage = dir.join("garbage.json");
    std::fs::write(&garbage, "{\"variant\": \"duel\", \"pairings\": 3}").unwrap();
    let inconsistent = dir.join("inconsistent.json");
    let mut bad = read_results(&a1);
    bad.shards = Some(ShardSet {
        count: 2,
        indices: vec![5],
    });
    std::fs::write(&inconsistent, serde_json::to_string(&bad).unwrap()).unwrap();
    let output = dir.join("total.json");

    let cases: [(&PathBuf, &str); 8] = [
        (&a0, "shard 0/2 is given twice"),
        (&other_seed, "--seed 2"),
        (&other_settings, "settings (fingerprint"),
        (&other_split, "into 3 shards"),
        (&dipole, "results of dipole"),
        (&whole, "is a whole run"),
        (&garbage, "is not a results file"),
        (&inconsistent, "shard 5/2"),
    ];
    for (bad_file, problem) in cases {
        let files = [a0.clone(), a1.clone(), bad_file.clone()];
        let refused = merge(&files, &["--output", output.to_str().unwrap()]);
        let stderr = text(&refused.stderr);
        assert!(!refused.status.success(), "{problem}");
        assert!(
            stderr.contains(&bad_file.display().to_string()),
            "{problem}: {stderr}"
        );
        assert!(stderr.contains(problem), "{problem}: {stderr}");
        assert!(refused.stdout.is_empty(), "{problem}: nothing printed");
        assert!(!output.exists(), "{problem}: nothing written");
    }
    // The good pair merges; a missing shard is reported.
    let partial = succeeded(merge(std::slice::from_ref(&a1), &[]));
    assert!(text(&partial.stdout).contains("Shards: 1 of 2 (missing: 0)"));
    succeeded(merge(&[a0, a1], &["--output", output.to_str().unwrap()]));
    assert!(read_results(&output).shards.unwrap().missing().is_empty());
}

/// Three engines: the match ends with the rating list, anchored on the first engine or on
/// `--anchor`; an unknown anchor is an error.
#[test]
fn three_engines_get_a_rating_list() {
    let dir = TempDir::new("duel-shards-ratings");
    let mut args = BUILTINS.to_vec();
    args.extend(["--rounds", "10", "--seed", "5"]);
    let stdout = text(
        &succeeded(
            Command::new(DUEL)
                .arg("match")
                .args(&args)
                .arg("--results")
                .arg(dir.join("r.json"))
                .output()
                .unwrap(),
        )
        .stdout,
    );
    assert!(stdout.contains("Ratings (maximum likelihood"), "{stdout}");
    assert!(stdout.contains("g1 = 0)"), "{stdout}");
    assert!(stdout.contains("Likelihood of superiority"), "{stdout}");
    let anchored = text(&succeeded(merge(&[dir.join("r.json")], &["--anchor", "r"])).stdout);
    assert!(anchored.contains("r = 0)"), "{anchored}");
    let line = |text: &str, name: &str| -> f64 {
        let row = text
            .lines()
            .find(|l| l.split_whitespace().nth(1) == Some(name) && l.contains('%'))
            .unwrap();
        row.split_whitespace().nth(2).unwrap().parse().unwrap()
    };
    // Re-anchoring shifts every rating by the same amount.
    let shift = line(&anchored, "g1") - line(&stdout, "g1");
    assert!((line(&anchored, "g2") - line(&stdout, "g2") - shift).abs() < 0.11);
    assert!((line(&anchored, "r") - line(&stdout, "r") - shift).abs() < 0.11);
    let unknown = merge(&[dir.join("r.json")], &["--anchor", "nobody"]);
    assert!(!unknown.status.success());
    assert!(text(&unknown.stderr).contains("--anchor nobody"));
    let unknown = Command::new(DUEL)
        .arg("match")
        .args(&args)
        .args(["--anchor", "nobody"])
        .output()
        .unwrap();
    assert!(!unknown.status.success());
    assert!(text(&unknown.stderr).contains("--anchor nobody"));
}
