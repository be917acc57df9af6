//! `duel annotate` run as a real process: in each game a move that hangs a piece (in Duel, one that
//! lets the opponent force a win) is a blunder with the engine's better line as a variation, the
//! engine's own opening move is not marked, the accuracy tags are there; bad games among good ones
//! are skipped by number and reason.
//!
//! Each blunder game was found with the engine: its opening moves are the engine's own choices
//! (5,000 nodes a move), the blunder a move its search scores far below the best, and the reply the
//! capture (or the attack) that punishes it.

use crate::common;

use common::temp_dir::TempDir;
use std::path::Path;
use std::process::{Command, Output};

/// The node count of the tests' searches: a few milliseconds a position in a debug build, and
/// enough to see a piece hang.
const NODES: &str = "3000";

/// A folder of the test's own, removed when the test ends.
fn scratch() -> TempDir {
    TempDir::new("duel-annotate-test")
}

fn duel(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_duel"))
        .args(args)
        .output()
        .expect("duel runs")
}

/// `duel annotate` on `pgn` (written to a file first) with `extra` options; the output, and the
/// annotated file's text.
fn annotate(dir: &TempDir, pgn: &str, extra: &[&str]) -> (Output, String) {
    let input = dir.join("games.pgn");
    std::fs::write(&input, pgn).unwrap();
    let mut args = vec!["annotate", input.to_str().unwrap(), "--nodes", NODES];
    args.extend(extra);
    let output = duel(&args);
    let annotated = std::fs::read_to_string(dir.join("games.annotated.pgn")).unwrap_or_default();
    (output, annotated)
}

/// One game's PGN: its variant, its moves and result.
fn game(variant: &str, white: &str, movetext: &str) -> String {
    format!(
        "[Event \"annotate test\"]\n[White \"{white}\"]\n[Black \"b\"]\n[Variant \"{variant}\"]\n\n\
         {movetext}\n\n"
    )
}

/// The movetext of `text` (its first game) on one line, the spaces made single.
fn movetext(text: &str) -> String {
    let body = text.split("\n\n").nth(1).expect("a movetext");
    body.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The value of tag `name` in `text`.
fn tag<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    let start = format!("[{name} \"");
    let line = text.lines().find(|l| l.starts_with(&start))?;
    line.strip_prefix(&start)?.strip_suffix("\"]")
}

/// Reviews the one game `movetext` of `variant` and checks that `blunder` (after the text `before`
/// in the movetext) is marked `??` with a variation after its comment, and that the first move is
/// not marked.
fn blunder_is_marked(variant: &str, movetext_in: &str, before: &str, blunder: &str) {
    let dir = scratch();
    let (output, annotated) = annotate(&dir, &game(variant, "a", movetext_in), &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}\n{output:?}");
    let moves = movetext(&annotated);
    let marked = format!("{before} {blunder}?? {{");
    let at = moves
        .find(&marked)
        .unwrap_or_else(|| panic!("{blunder} is not marked ??:\n{annotated}"));
    // The comment names the blunder and the better move, and the variation follows it.
    let after = &moves[at + marked.len()..];
    let comment_end = after.find('}').unwrap();
    let comment = &after[..comment_end];
    assert!(comment.contains("Blunder: "), "{comment}");
    let best = comment
        .split("Best was ")
        .nth(1)
        .and_then(|b| b.strip_suffix('.'))
        .unwrap_or_else(|| panic!("no better move in {comment}"));
    assert_ne!(best, blunder);
    let variation = after[comment_end + 1..].trim_start();
    assert!(
        variation.starts_with('('),
        "no variation after the comment:\n{annotated}"
    );
    let first_move = variation.split_whitespace().nth(1).unwrap();
    assert_eq!(first_move.trim_end_matches(')'), best, "{annotated}");
    // The engine's own first move is clean; every move has its comment.
    let first = moves.split_whitespace().nth(1).unwrap();
    assert!(
        !first.ends_with('?') && !first.ends_with('!'),
        "{annotated}"
    );
    assert_eq!(tag(&annotated, "Variant"), Some(variant));
    assert!(tag(&annotated, "Annotator").is_some_and(|a| a.contains("3000 nodes")));
    for side in ["White", "Black"] {
        let accuracy: f64 = tag(&annotated, &format!("{side}Accuracy"))
            .unwrap_or_else(|| panic!("no {side}Accuracy:\n{annotated}"))
            .parse()
            .unwrap();
        assert!((0.0..=100.0).contains(&accuracy), "{accuracy}");
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.starts_with(&format!("game 1 ({variant}, ")),
        "{stdout}"
    );
    assert!(stdout.contains("1 blunder"), "{stdout}");
}

#[test]
fn a_die_left_to_be_taken_is_a_duel_blunder() {
    // 2. F1-F7 puts a die beside G8, which takes it.
    blunder_is_marked("duel", "1. B1-B2 B8-B7 2. F1-F7 G8xf7 *", "2.", "F1-F7");
}

#[test]
fn a_stack_left_to_be_taken_is_a_dipole_blunder() {
    // 2. e1-h4 moves a stack where d8 takes it.
    blunder_is_marked("dipole", "1. e1-c3 d8-f6 2. e1-h4 d8xh4 *", "2.", "e1-h4");
}

#[test]
fn a_man_left_to_be_taken_is_a_dame_blunder() {
    // 4. f4-g5 walks into h6's capture.
    blunder_is_marked(
        "dame",
        "1. c3-d4 f6-e5 2. d4xf6 g7xe5 3. e3-f4 h8-g7 4. f4-g5 h6xf4 *",
        "4.",
        "f4-g5",
    );
}

#[test]
fn a_queen_left_to_be_taken_is_an_alice_blunder() {
    // 2... d8h4 puts the queen where the knight on f3 takes it.
    blunder_is_marked(
        "alice",
        "1. e2e3 e7e6 2. g1f3 d8h4 3. f3h4 *",
        "2...",
        "d8h4",
    );
}

#[test]
fn bad_games_are_skipped_by_number_and_reason_and_the_good_ones_reviewed() {
    let dir = scratch();
    let pgn = [
        game("duel", "first", "1. B1-B2 B8-B7 *"),
        // An illegal move.
        game("duel", "second", "1. D1-D6 *"),
        game("dame", "third", "1. c3-d4 f6-e5 *"),
        // A game no engine here plays.
        game("chess", "fourth", "1. e4 e5 *"),
        // Not PGN at all.
        "this is not a game\n".to_string(),
    ]
    .concat();
    let (output, annotated) = annotate(&dir, &pgn, &["--concurrency", "2"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains("warning: game 2 skipped: ply 1, 'D1-D6'"),
        "{stderr}"
    );
    assert!(
        stderr.contains("warning: game 4 skipped: unknown variant 'chess'"),
        "{stderr}"
    );
    assert!(
        stderr.contains("warning: game 5 skipped: the game has no result token at its end"),
        "{stderr}"
    );
    assert!(
        stderr.contains("annotate: 2 games reviewed, 3 skipped; written to "),
        "{stderr}"
    );
    // The good games, in the file's order, each with its summary line.
    let whites: Vec<&str> = annotated
        .lines()
        .filter_map(|l| l.strip_prefix("[White \""))
        .collect();
    assert_eq!(whites, ["first\"]", "third\"]"], "{annotated}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let summaries: Vec<&str> = stdout.lines().collect();
    assert_eq!(summaries.len(), 2, "{stdout}");
    assert!(summaries[0].starts_with("game 1 (duel, 2 moves): White \"first\" "));
    assert!(summaries[1].starts_with("game 3 (dame, 2 moves): White \"third\" "));

    // --variant keeps one game's games; an annotated file reads again.
    let again = dir.join("again.pgn");
    let out = dir.join("again.out.pgn");
    std::fs::write(&again, &annotated).unwrap();
    let only = duel(&[
        "annotate",
        again.to_str().unwrap(),
        "--depth",
        "2",
        "--variant",
        "dame",
        "--out",
        out.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&only.stderr);
    assert!(only.status.success(), "{stderr}");
    assert!(
        stderr.contains("warning: game 1 skipped: it is a game of duel, not of dame (--variant)"),
        "{stderr}"
    );
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(tag(&text, "White"), Some("third"), "{text}");
    assert_eq!(text.matches("[WhiteAccuracy ").count(), 1, "{text}");
    assert!(tag(&text, "Annotator").is_some_and(|a| a.contains("depth 2")));
}

#[test]
fn a_file_with_nothing_to_review_fails_and_bad_options_are_refused() {
    let dir = scratch();
    let (output, _) = annotate(&dir, "no games here", &[]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("error: no game reviewed: 1 skipped"),
        "{stderr}"
    );
    assert!(
        !dir.join("games.annotated.pgn").exists(),
        "no empty file left"
    );
    let missing = dir.join("missing.pgn");
    for (args, message) in [
        (vec![missing.to_str().unwrap()], "cannot read"),
        (
            vec![missing.to_str().unwrap(), "--nodes", "0"],
            "--nodes must be at least 1",
        ),
        (
            vec![missing.to_str().unwrap(), "--concurrency", "0"],
            "--concurrency must be at least 1",
        ),
    ] {
        let output = duel(&[&["annotate"], args.as_slice()].concat());
        assert_eq!(output.status.code(), Some(2), "{output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(message), "{stderr}");
    }
    // The input is never the output.
    let input = dir.join("games.pgn");
    let same = duel(&[
        "annotate",
        input.to_str().unwrap(),
        "--out",
        input.to_str().unwrap(),
    ]);
    assert_eq!(same.status.code(), Some(2), "{same:?}");
    assert!(Path::new(&input).exists());
}

#[test]
fn help_lists_every_option() {
    let output = duel(&["annotate", "--help"]);
    assert!(output.status.success());
    let help = String::from_utf8_lossy(&output.stdout);
    for option in [
        "--nodes",
        "--movetime",
        "--depth",
        "--out",
        "--concurrency",
        "--variant",
    ] {
        assert!(help.contains(option), "{option}:\n{help}");
    }
}
