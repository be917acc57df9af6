//! `duel match` under load: a round robin played at a concurrency far above the machine's cores, the
//! real engine against engines that crash (`tests/engines/crash.sh`), hang (`hang.sh`) and spam
//! (`spam.sh`: the real engine with a hundred lines of noise before each of its lines).
//!
//! What must hold, because a long unattended run is only worth its records: no game is lost, the PGN
//! holds every scheduled game and reads back, the results file's totals are the number of games;
//! every fault is recorded, each with its reason, one per game a faulty engine spoiled; the noise
//! costs the spamming engine nothing: its games end by the rules (or the ply limit), as the engine's
//! own would; and no engine process outlives the match. The figures (games, concurrency, time,
//! faults by kind) are printed for docs/fuzzing.md, "Load tests"
//! (`cargo test --release --test tools match_load -- --nocapture`). No time is asserted: a slow
//! machine must not fail it.

use crate::common::temp_dir::TempDir;
use crate::match_runner::script;
use duel_rules::games::Duel;
use duel_rules::record::pgn;
use duel_tools::matches::MatchResults;
use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Games played at once: far above the two cores the tests are sized for.
const CONCURRENCY: u64 = 24;
/// Rounds: each pairing plays this many colour-swapped pairs.
const ROUNDS: u64 = 4;
/// The round robin's engines, the faulty ones with the one reason each of their faults must have.
const ENGINES: [(&str, Option<&str>); 4] = [
    ("engine", None),
    ("spam", None),
    ("crash", Some("abandoned: crashed")),
    ("hang", Some("abandoned: no bestmove")),
];

/// The processes whose environment holds `marker` (`NAME=value`), as their command lines.
fn processes_marked(marker: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(environ) = std::fs::read(entry.path().join("environ")) else {
            continue;
        };
        if environ.split(|&b| b == 0).any(|v| v == marker.as_bytes()) {
            let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
            found.push(String::from_utf8_lossy(&cmdline).replace('\0', " "));
        }
    }
    found
}

fn reason_of(engine: &str) -> Option<&'static str> {
    ENGINES.iter().find(|(name, _)| *name == engine)?.1
}

#[test]
fn a_round_robin_far_above_the_cores_loses_no_game_and_records_every_fault() {
    let dir = TempDir::new("duel-match-load");
    let (results_path, pgn_path) = (dir.join("load.json"), dir.join("load.pgn"));
    let duel = env!("CARGO_BIN_EXE_duel");
    let specs = [
        vec!["name=engine".to_string(), format!("cmd={duel}")],
        vec![
            "name=spam".to_string(),
            format!("cmd={}", script("spam.sh")),
            format!("args={duel}"),
        ],
        vec![
            "name=crash".to_string(),
            format!("cmd={}", script("crash.sh")),
        ],
        vec![
            "name=hang".to_string(),
            format!("cmd={}", script("hang.sh")),
        ],
    ];
    // Every engine the match starts inherits this, and so can be found if it outlives the match.
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let marker = format!("DUEL_MATCH_LOAD={}-{nanos}", std::process::id());
    let (key, value) = marker.split_once('=').unwrap();
    let mut command = Command::new(duel);
    command.arg("match").env(key, value);
    for spec in &specs {
        command.arg("--engine").args(spec);
    }
    // The hanging engine is given up after its move time, the margin and --timeout (the default,
    // 5 s), which also bounds every handshake: generous for the sound engines on a loaded machine,
    // where two dozen of them start at once. The ply limit bounds the engine's games against itself.
    command
        .args(["--rounds", &ROUNDS.to_string()])
        .args(["--concurrency", &CONCURRENCY.to_string()])
        .args(["--movetime", "20", "--timeout", "5000", "--maxplies", "160"])
        .arg("--results")
        .arg(&results_path)
        .arg("--pgnout")
        .arg(&pgn_path);
    let started = Instant::now();
    let output = command.output().expect("duel match runs");
    let elapsed = started.elapsed();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );

    // No engine outlives the match (the hanging ones are killed; the others quit or are killed).
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut left = processes_marked(&marker);
    while !left.is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
        left = processes_marked(&marker);
    }
    assert!(left.is_empty(), "engines left after the match: {left:?}");

    // Every scheduled game: each of the round robin's pairings plays ROUNDS pairs.
    let pairings = ENGINES.len() * (ENGINES.len() - 1) / 2;
    let scheduled = pairings as u64 * ROUNDS * 2;
    let results: MatchResults =
        serde_json::from_str(&std::fs::read_to_string(&results_path).unwrap()).unwrap();
    results.check().expect("the results file is consistent");
    assert_eq!(results.pairings.len(), pairings, "{results:?}");
    let tallied: u64 = results.pairings.iter().map(|p| p.tally.games()).sum();
    assert_eq!(tallied, scheduled, "{results:?}");
    assert_eq!(results.terminations.values().sum::<u64>(), scheduled);
    let pgn_text = std::fs::read_to_string(&pgn_path).unwrap();
    assert_eq!(pgn_text.matches("[Event ").count() as u64, scheduled);
    let games = pgn::read::<Duel>(&pgn_text).expect("the PGN reads back");
    assert_eq!(games.len() as u64, scheduled);
    let distinct: BTreeSet<(&str, &str, &str)> = games
        .iter()
        .map(|g| {
            let tag = |name| g.tag(name).unwrap_or("?");
            (tag("White"), tag("Black"), tag("Round"))
        })
        .collect();
    assert_eq!(distinct.len() as u64, scheduled, "a game written twice");

    // Each game a faulty engine plays is spoiled by exactly one fault: its own against a sound
    // engine, either one's between the two faulty ones.
    let mut spoiled = 0;
    let mut normal_spam_games = 0;
    let mut plies = 0;
    for game in &games {
        let players = [game.tag("White").unwrap(), game.tag("Black").unwrap()];
        let termination = game.tag("Termination").unwrap_or("?");
        if players.iter().any(|p| reason_of(p).is_some()) {
            spoiled += 1;
            assert_eq!(termination, "abandoned", "{players:?}: {termination}");
        } else {
            assert!(
                ["normal", "adjudication"].contains(&termination),
                "{players:?}: {termination}"
            );
            normal_spam_games += 1;
            plies += game.record.moves().len();
        }
    }
    let faults = |engine: &str| -> u64 {
        results
            .faults
            .get(engine)
            .map_or(0, |reasons| reasons.values().sum())
    };
    assert_eq!(faults("crash") + faults("hang"), spoiled, "{results:?}");
    for (engine, reason) in ENGINES {
        match reason {
            None => assert_eq!(faults(engine), 0, "{engine}: {results:?}"),
            Some(reason) => {
                let reasons: Vec<&String> = results.faults[engine].keys().collect();
                assert_eq!(reasons, [reason], "{engine}: {results:?}");
            }
        }
    }
    // Against a sound engine, the faulty one lost every game.
    for pairing in &results.pairings {
        let (first, second) = (pairing.first.as_str(), pairing.second.as_str());
        let tally = pairing.tally;
        match (reason_of(first), reason_of(second)) {
            (Some(_), None) => assert_eq!(tally.losses, tally.games(), "{pairing:?}"),
            (None, Some(_)) => assert_eq!(tally.wins, tally.games(), "{pairing:?}"),
            _ => {}
        }
    }

    let mut by_kind: BTreeMap<&str, u64> = BTreeMap::new();
    for (reason, count) in results.faults.values().flatten() {
        *by_kind.entry(reason).or_default() += count;
    }
    println!(
        "duel match load: {scheduled} games ({pairings} pairings x {ROUNDS} rounds x 2), \
         concurrency {CONCURRENCY} on {} cores, {:.1} s",
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        elapsed.as_secs_f64()
    );
    println!(
        "  faults by kind: {by_kind:?}; by engine: {:?}",
        results.faults
    );
    println!("  terminations: {:?}", results.terminations);
    println!("  engine vs spam: {normal_spam_games} games ended normally, {plies} plies");
}
