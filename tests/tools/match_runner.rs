//! `duel match` run as a real process: faulty engines lose with the right reason and the match goes
//! on; PGN and results files read back; the same seed gives the same games.

use crate::common;

use common::temp_dir::TempDir;
use duel_rules::game::{Game, Side};
use duel_rules::games::Duel;
use duel_rules::record::pgn::{self, MoveComment};
use duel_tools::matches::MatchResults;
use std::path::Path;
use std::process::Command;

/// The path of the broken engine `tests/engines/<name>`.
pub(crate) fn script(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/engines")
        .join(name)
        .display()
        .to_string()
}

/// A folder of the test's own, removed when the test ends.
fn scratch() -> TempDir {
    TempDir::new("duel-match-test")
}

/// Runs `duel match` with `args`, returning its results file, its PGN text and its standard output.
fn run_match(tag: &str, args: &[&str]) -> (MatchResults, String, String) {
    run_match_in(&scratch(), tag, args)
}

/// [`run_match`], leaving the results file `<tag>.json` and the PGN file `<tag>.pgn` in `dir`.
fn run_match_in(dir: &TempDir, tag: &str, args: &[&str]) -> (MatchResults, String, String) {
    let (results, pgn_path) = (
        dir.join(&format!("{tag}.json")),
        dir.join(&format!("{tag}.pgn")),
    );
    let output = Command::new(env!("CARGO_BIN_EXE_duel"))
        .arg("match")
        .args(args)
        .arg("--results")
        .arg(&results)
        .arg("--pgnout")
        .arg(&pgn_path)
        .output()
        .expect("duel match runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let results = serde_json::from_str(&std::fs::read_to_string(&results).unwrap()).unwrap();
    (results, std::fs::read_to_string(&pgn_path).unwrap(), stdout)
}

/// Each game of a PGN text as its Round tag and its moves, sorted by round: concurrent games finish
/// in any order.
fn games_by_round(pgn_text: &str) -> Vec<(String, String)> {
    let mut games: Vec<(String, String)> = pgn::read::<Duel>(pgn_text)
        .unwrap()
        .iter()
        .map(|g| {
            (
                g.tag("Round").unwrap().to_string(),
                format!("{:?}", g.record.moves()),
            )
        })
        .collect();
    games.sort();
    games
}

/// Asserts that the faulty engine lost every game, with `reason` recorded for each.
fn assert_all_lost(results: &MatchResults, games: u64, faulty: &str, reason: &str) {
    let tally = results.pairings[0].tally;
    assert_eq!(results.pairings[0].first, faulty);
    assert_eq!(
        (tally.wins, tally.draws, tally.losses),
        (0, 0, games),
        "{results:?}"
    );
    assert_eq!(results.faults[faulty][reason], games, "{results:?}");
}

/// A match of the broken engine `tests/engines/<name>.sh` against a built-in player; `rest` holds the
/// other arguments, separated by spaces.
fn faulty_match(name: &str, opponent: &str, rest: &str) -> (MatchResults, String) {
    let engine = format!("cmd={}", script(&format!("{name}.sh")));
    let named = format!("name={name}");
    let builtin = format!("builtin={opponent}");
    let mut args = vec!["--engine", &named, &engine, "--engine", &builtin];
    args.extend(rest.split_whitespace());
    let (results, pgn_text, _) = run_match(name, &args);
    (results, pgn_text)
}

#[test]
fn an_illegal_move_loses() {
    let (results, pgn_text) = faulty_match("illegal", "random", "--games 4 --depth 2");
    assert_all_lost(&results, 4, "illegal", "illegal move: illegal move");
    assert!(pgn_text.contains("[Termination \"illegal move\"]"));
    assert!(pgn_text.contains("illegal move 'D1-D6'"), "{pgn_text}");
}

#[test]
fn a_hanging_engine_loses_and_the_match_finishes() {
    let (results, pgn_text) =
        faulty_match("hang", "random", "--games 2 --movetime 20 --timeout 300");
    assert_all_lost(&results, 2, "hang", "abandoned: no bestmove");
    assert!(pgn_text.contains("no bestmove after"), "{pgn_text}");
}

#[test]
fn a_crashing_engine_loses_and_is_restarted() {
    let (results, _) = faulty_match("crash", "greedy", "--games 4 --depth 1");
    assert_all_lost(&results, 4, "crash", "abandoned: crashed");
}

#[test]
fn an_engine_that_never_answers_uci_loses() {
    let (results, pgn_text) = faulty_match("mute", "random", "--games 2 --depth 1 --timeout 200");
    assert_all_lost(&results, 2, "mute", "abandoned: no uciok");
    assert!(pgn_text.contains("no uciok in time"));
}

#[test]
fn a_slow_engine_loses_on_time() {
    let (results, pgn_text) =
        faulty_match("slow", "random", "--games 2 --tc 0.1+0 --timemargin 20");
    assert_all_lost(&results, 2, "slow", "time forfeit: loses on time");
    assert!(pgn_text.contains("[TimeControl \"0.1\"]"), "{pgn_text}");
}

#[test]
fn an_engine_plays_under_its_own_clock() {
    // The slow engine thinks 400 ms a move (and its second move is illegal). Under its own minute it
    // does not lose on time although the match clock is 0.1 s; under its own 0.1 s it loses on time
    // although the match clock is a minute.
    let slow = format!("cmd={}", script("slow.sh"));
    let odds = |tag: &str, own: &str, shared: &str| {
        let own = format!("tc={own}");
        let args = [
            "--engine",
            "name=slow",
            &slow,
            &own,
            "--engine",
            "builtin=random",
            "--games",
            "2",
            "--tc",
            shared,
            "--timemargin",
            "20",
        ];
        let (results, pgn_text, _) = run_match(tag, &args);
        (results, pgn_text)
    };
    let (results, pgn_text) = odds("odds-long", "60", "0.1");
    assert_all_lost(&results, 2, "slow", "illegal move: illegal move");
    assert!(pgn_text.contains("[WhiteTimeControl \"60\"]\n[BlackTimeControl \"0.1\"]"));
    let (results, pgn_text) = odds("odds-short", "0.1", "60");
    assert_all_lost(&results, 2, "slow", "time forfeit: loses on time");
    assert!(pgn_text.contains("[TimeControl \"?\"]"), "{pgn_text}");
    assert!(pgn_text.contains("[WhiteTimeControl \"0.1\"]\n[BlackTimeControl \"60\"]"));
    assert!(pgn_text.contains("[WhiteTimeControl \"60\"]\n[BlackTimeControl \"0.1\"]"));
}

#[test]
fn pgn_reads_back_into_the_same_games() {
    let (results, pgn_text, _) = run_match(
        "pgn",
        &[
            "--engine",
            "builtin=greedy",
            "--engine",
            "builtin=random",
            "--games",
            "10",
            "--depth",
            "1",
        ],
    );
    let games = pgn::read::<Duel>(&pgn_text).unwrap();
    assert_eq!(games.len(), 10);
    let tally = results.pairings[0].tally;
    let greedy_points: f64 = games
        .iter()
        .map(|g| match (g.result.as_str(), g.tag("White")) {
            ("1-0", Some("greedy")) | ("0-1", Some("random")) => 1.0,
            ("1/2-1/2", _) => 0.5,
            _ => 0.0,
        })
        .sum();
    assert_eq!(greedy_points, tally.wins as f64 + tally.draws as f64 / 2.0);
    for game in &games {
        assert_eq!(
            game.tag("PlyCount"),
            Some(game.record.moves().len().to_string().as_str())
        );
        let over = game.record.termination().map(|t| t.outcome().pgn());
        assert_eq!(
            over,
            Some(game.result.as_str()),
            "the rules decided every game"
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_games() {
    let args = |seed: &'static str| {
        vec![
            "--engine",
            "builtin=greedy",
            "--engine",
            "builtin=random",
            "--games",
            "8",
            "--depth",
            "1",
            "--concurrency",
            "2",
            "--seed",
            seed,
        ]
    };
    let (_, first, _) = run_match("seed-a", &args("7"));
    let (_, second, _) = run_match("seed-b", &args("7"));
    let (_, other, _) = run_match("seed-c", &args("8"));
    assert_eq!(games_by_round(&first), games_by_round(&second));
    assert_ne!(games_by_round(&first), games_by_round(&other));
}

#[test]
fn results_of_several_runs_sum() {
    let args = [
        "--engine",
        "builtin=greedy",
        "--engine",
        "builtin=random",
        "--games",
        "4",
        "--depth",
        "1",
    ];
    let dir = scratch();
    let (a, _, _) = run_match_in(&dir, "sum-a", &args);
    let (b, _, _) = run_match_in(&dir, "sum-b", &args);
    let output = Command::new(env!("CARGO_BIN_EXE_duel"))
        .args(["results"])
        .arg(dir.join("sum-a.json").as_os_str())
        .arg(dir.join("sum-b.json").as_os_str())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    let games = a.pairings[0].tally.games() + b.pairings[0].tally.games();
    assert!(text.contains(&format!("Games: {games},")), "{text}");
}

#[test]
fn bad_arguments_are_rejected_with_a_reason() {
    let cases: [(&[&str], &str); 6] = [
        (
            &["--engine", "builtin=random", "--games", "2", "--depth", "1"],
            "at least two",
        ),
        (
            &[
                "--engine",
                "builtin=random",
                "--engine",
                "builtin=greedy",
                "--games",
                "2",
            ],
            "limit",
        ),
        (
            &[
                "--engine",
                "builtin=random",
                "--engine",
                "builtin=greedy",
                "--depth",
                "1",
            ],
            "--games or --rounds",
        ),
        (
            &[
                "--engine",
                "builtin=random",
                "--engine",
                "builtin=greedy",
                "--games",
                "2",
                "--tc",
                "x",
            ],
            "--tc: time control 'x'",
        ),
        (
            &[
                "--engine",
                "builtin=random",
                "--engine",
                "builtin=random",
                "--games",
                "2",
                "--depth",
                "1",
            ],
            "names must differ",
        ),
        (
            &[
                "--engine",
                "builtin=random",
                "--engine",
                "cmd=duel",
                "tc=1+0.01",
                "--games",
                "2",
            ],
            "give --tc or tc= to every engine",
        ),
    ];
    for (args, expected) in cases {
        let output = Command::new(env!("CARGO_BIN_EXE_duel"))
            .arg("match")
            .args(args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            !output.status.success() && stderr.contains(expected),
            "{args:?}: {stderr}"
        );
    }
}

/// The engine, run as a process, against a built-in player: every game must be won.
fn engine_sweeps(tag: &str, opponent: &str, extra: &str) {
    let engine = format!("cmd={}", env!("CARGO_BIN_EXE_duel"));
    let builtin = format!("builtin={opponent}");
    let mut args = vec!["--engine", "name=engine", &engine, "--engine", &builtin];
    args.extend(extra.split_whitespace());
    let (results, pgn_text, _) = run_match(tag, &args);
    let tally = results.pairings[0].tally;
    assert_eq!(results.pairings[0].first, "engine");
    assert_eq!(
        (tally.draws, tally.losses),
        (0, 0),
        "{results:?}\n{pgn_text}"
    );
    assert_eq!(tally.wins, 20);
}

#[test]
fn the_engine_beats_random_every_game() {
    engine_sweeps(
        "sweep-random",
        "random",
        "--games 20 --depth 3 --concurrency 2",
    );
}

#[test]
fn the_engine_beats_greedy_every_game() {
    engine_sweeps(
        "sweep-greedy",
        "greedy",
        "--games 20 --depth 3 --concurrency 2",
    );
}

/// Dipole through the same runner and engine (`UCI_Variant` is set because the engine offers it).
/// Random plies make lopsided Dipole openings (one side bears off its whole stack), so the games
/// start from the start position; the random player still varies them.
#[test]
fn the_engine_beats_random_at_dipole_every_game() {
    engine_sweeps(
        "sweep-dipole",
        "random",
        "--variant dipole --games 20 --depth 3 --opening-plies 0",
    );
}

/// Dame the same way, from 8 random opening plies.
#[test]
fn the_engine_beats_random_at_dame_every_game() {
    engine_sweeps(
        "sweep-dame",
        "random",
        "--variant dame --games 20 --depth 3 --concurrency 2",
    );
}

/// Alice chess through the same runner and engine, from random openings, against both built-in
/// players.
#[test]
fn the_engine_beats_random_at_alice_every_game() {
    engine_sweeps(
        "sweep-alice-random",
        "random",
        "--variant alice --games 20 --depth 3 --concurrency 2",
    );
}

#[test]
fn the_engine_beats_greedy_at_alice_every_game() {
    engine_sweeps(
        "sweep-alice-greedy",
        "greedy",
        "--variant alice --games 20 --depth 3 --concurrency 2",
    );
}

/// With node limits the engine is deterministic too: the same seed replays the same games.
#[test]
fn the_same_seed_and_node_limit_give_the_same_engine_games() {
    let engine = format!("cmd={}", env!("CARGO_BIN_EXE_duel"));
    let args = [
        "--engine",
        "name=engine",
        &engine,
        "--engine",
        "builtin=random",
        "--games",
        "4",
        "--nodes",
        "3000",
        "--seed",
        "11",
    ];
    let (_, first, _) = run_match("nodes-a", &args);
    let (_, second, _) = run_match("nodes-b", &args);
    assert_eq!(games_by_round(&first), games_by_round(&second));
}

/// The engine declares `UCI_ShowWDL`, so the runner asks for its chances and writes them in each of
/// its moves' comments (`wdl W D L`, summing to 1000); an engine's own `option.UCI_ShowWDL=false`
/// wins over the handshake's.
#[test]
fn the_engines_chances_go_into_the_move_comments() {
    let engine = format!("cmd={}", env!("CARGO_BIN_EXE_duel"));
    let args = [
        "--engine",
        "name=shown",
        &engine,
        "--engine",
        "name=quiet",
        &engine,
        "option.UCI_ShowWDL=false",
        "--games",
        "2",
        "--nodes",
        "500",
        "--maxplies",
        "30",
    ];
    let (_, pgn_text, _) = run_match("wdl", &args);
    let games = pgn::read::<Duel>(&pgn_text).unwrap();
    assert_eq!(games.len(), 2);
    let (mut shown, mut quiet) = (0, 0);
    for game in &games {
        let positions = game.record.positions();
        for (ply, comment) in game.comments.iter().enumerate() {
            // The opening's moves have no comment, and the reader gives the last move the words
            // on the game's end that follow its own.
            let Some(comment) = comment
                .as_deref()
                .filter(|c| MoveComment::parse(c).is_some())
            else {
                continue;
            };
            let mover = match positions[ply].side_to_move() {
                Side::White => game.tag("White"),
                Side::Black => game.tag("Black"),
            };
            let chances: Vec<u32> = comment
                .split_whitespace()
                .skip_while(|word| *word != "wdl")
                .skip(1)
                .take(3)
                .map(|n| n.parse().unwrap())
                .collect();
            if mover == Some("quiet") {
                assert!(chances.is_empty(), "{comment}");
                quiet += 1;
                continue;
            }
            assert_eq!(chances.len(), 3, "{comment}");
            assert_eq!(chances.iter().sum::<u32>(), 1000, "{comment}");
            let read = MoveComment::parse(comment).unwrap();
            assert!(read.wdl.is_some(), "{comment}");
            shown += 1;
        }
    }
    assert!(shown > 0 && quiet > 0, "{pgn_text}");
}

/// The SPRT ends the match as soon as the log-likelihood ratio crosses a bound.
#[test]
fn the_sprt_stops_the_match_when_it_decides() {
    let engine = format!("cmd={}", env!("CARGO_BIN_EXE_duel"));
    let args = [
        "--engine",
        "name=engine",
        &engine,
        "--engine",
        "builtin=random",
        "--games",
        "1000",
        "--depth",
        "2",
        "--sprt",
        "elo0=0",
        "elo1=100",
        "--concurrency",
        "2",
    ];
    let (results, pgn_text, stdout) = run_match("sprt", &args);
    let tally = results.pairings[0].tally;
    assert!(stdout.contains("H1 accepted"), "{stdout}");
    assert!(tally.games() < 1000, "stopped early: {tally:?}");
    let sprt = results.sprt.expect("the results record the test");
    assert!(sprt.llr(&tally) >= sprt.upper_bound());
    // Games in progress when the test decided do not count; every finished one is in the PGN.
    assert_eq!(
        pgn::read::<Duel>(&pgn_text).unwrap().len() as u64,
        tally.games()
    );
}

/// Ctrl-C ends the match with its summary; every finished game is in the PGN.
#[test]
fn ctrl_c_ends_the_match_with_its_summary() {
    let dir = scratch();
    let pgn_path = dir.join("interrupted.pgn");
    let engine = format!("cmd={}", env!("CARGO_BIN_EXE_duel"));
    let child = Command::new(env!("CARGO_BIN_EXE_duel"))
        .args([
            "match", "--engine", "name=a", &engine, "--engine", "name=b", &engine,
        ])
        .args(["--games", "100000", "--movetime", "20", "--pgnout"])
        .arg(&pgn_path)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Let some games finish, then interrupt the match process (not its engines).
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while std::fs::read_to_string(&pgn_path).map_or(0, |t| t.matches("[Event ").count()) < 2 {
        assert!(std::time::Instant::now() < deadline, "no game finished");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(stdout.contains("Results of a vs b:"), "{stdout}");
    let games = pgn::read::<Duel>(&std::fs::read_to_string(&pgn_path).unwrap()).unwrap();
    assert!(games.len() >= 2);
    assert!(
        stdout.contains(&format!("Games: {},", games.len())),
        "{stdout}"
    );
}

/// Without --openings or --opening-plies a match plays the game's shipped book: every game starts
/// with one of its openings. --opening-plies still gives random openings instead.
#[test]
fn the_shipped_book_gives_the_default_openings() {
    use duel_rules::games::Dipole;
    let book =
        duel_tools::openings::load::<Dipole>(duel_tools::openings::shipped("dipole").unwrap())
            .unwrap();
    let from_book = |pgn_text: &str| -> Vec<bool> {
        pgn::read::<Dipole>(pgn_text)
            .unwrap()
            .iter()
            .map(|game| {
                let moves = game.record.moves();
                book.iter().any(|opening| {
                    let line = opening.moves();
                    moves.len() >= line.len() && moves[..line.len()] == *line
                })
            })
            .collect()
    };
    let args = |extra: &'static [&'static str]| {
        let mut args = vec![
            "--variant",
            "dipole",
            "--engine",
            "builtin=greedy",
            "--engine",
            "builtin=random",
            "--games",
            "6",
            "--depth",
            "1",
        ];
        args.extend_from_slice(extra);
        args
    };
    let (_, booked, _) = run_match("book-default", &args(&[]));
    assert_eq!(from_book(&booked), vec![true; 6]);
    // Another seed: the book was made from seed 1's random plies, which a match of seed 1 and as
    // many plies would replay in its first round.
    let (_, random, _) = run_match(
        "book-random",
        &args(&["--opening-plies", "6", "--seed", "5"]),
    );
    assert_eq!(from_book(&random), vec![false; 6]);
}
