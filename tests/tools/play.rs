//! `duel play` as a player meets it: the real binary, driven through its standard input, every read
//! with a deadline (the protocol tests' harness), the engine at depth 1 or 2 unless a test needs it to
//! think for long.
//!
//! Output through a pipe is plain text, so the lines can be matched exactly.

use crate::common;
use crate::harness;

use common::temp_dir::TempDir;
use duel_rules::game::{BoardStyle, Game, Presentation, Side, Termination};
use duel_rules::games::Duel;
use duel_rules::record::game_end::GameEnd;
use duel_rules::record::pgn;
use harness::Engine as Process;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// `duel play` with `args`.
fn play(args: &[&str]) -> Process {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    Process::start_with(&all)
}

/// A folder of the test's own, removed when the test ends.
fn scratch() -> TempDir {
    TempDir::new("duel-play-test")
}

/// Reads until a line equal to `line`; returns everything read.
fn expect_line(game: &mut Process, line: &str) -> Vec<String> {
    game.read_until(|l| l == line)
}

/// Reads until a line starting with `start`; returns that line.
fn expect_start(game: &mut Process, start: &str) -> String {
    game.read_until(|l| l.starts_with(start)).pop().unwrap()
}

/// Sends `quit` and checks that the session ends well.
fn quit(game: &mut Process) {
    game.send("quit");
    let status = game.wait_exit();
    assert!(status.success(), "{status:?}");
}

/// The start of a two-player game.
fn two_players(args: &[&str]) -> Process {
    let mut all = vec!["--color", "both"];
    all.extend_from_slice(args);
    let mut game = play(&all);
    expect_line(&mut game, "White to move, move 1");
    game
}

#[test]
fn a_game_to_duel_matt() {
    let mut game = two_players(&[]);
    game.send("D1-D7");
    expect_line(&mut game, "White plays 1. D1-D7");
    expect_line(&mut game, "Black to move, move 1");
    game.send("G8-f7");
    expect_line(&mut game, "Black plays 1... G8-f7");
    game.send("F1-e6");
    expect_line(&mut game, "White plays 2. F1-e6++");
    expect_line(
        &mut game,
        "DUEL-MATT! (Black's king is attacked and cannot escape)",
    );
    expect_line(&mut game, "White wins: Black has no legal move (DUEL-MATT)");
    game.send("E8-E7");
    expect_start(&mut game, "error: the game is over (White wins");
    quit(&mut game);
}

#[test]
fn duel_is_announced_in_words() {
    let mut game = two_players(&[]);
    game.send("F1-e6");
    expect_line(&mut game, "White plays 1. F1-e6+");
    expect_line(&mut game, "DUEL! (Black's king is attacked)");
    expect_line(&mut game, "Black to move, move 1");
    quit(&mut game);
}

#[test]
fn a_king_on_the_goal_square_wins() {
    let mut game = two_players(&["--fen", "bK8/4wK4/9/9/9/9/9/9 w 0 1"]);
    game.send("E7-E8");
    expect_line(&mut game, "White plays 1. E7-E8");
    expect_line(&mut game, "White wins: White's king reached E8");
    quit(&mut game);
}

#[test]
fn the_third_repetition_is_a_draw() {
    let mut game = two_players(&["--fen", "bK8/9/9/9/9/9/9/8wK w 0 1"]);
    for _ in 0..2 {
        for mv in ["I1-I2", "A8-A7", "I2-I1", "A7-A8"] {
            game.send(mv);
        }
    }
    expect_line(
        &mut game,
        "Draw: the same position occurred for the third time (repetition)",
    );
    quit(&mut game);
}

#[test]
fn every_kind_of_wrong_input_gets_its_reason() {
    // D2 shows 3 behind a die on D3; the dice on E2 and F2 shield the king on E1 from the die on F4.
    let mut game = two_players(&["--fen", "bK8/9/9/9/5b413/3w145/3w35w14w143/4wK4 w 0 1"]);
    let cases = [
        (
            "D2-D6",
            "error: D2 shows 3: it must move exactly 3 squares, not 4",
        ),
        ("D2-D5", "error: the path D2–D5 is blocked at D3"),
        ("F2-G2", "error: this move leaves your king attacked by F4"),
        ("A2-A3", "error: there is no piece on A2"),
        ("F4-F3", "error: the piece on F4 belongs to the opponent"),
        (
            "D2-E4",
            "error: 'D2-E4' is ambiguous: in an L-shaped move exactly one letter is upper case (the vertical leg)",
        ),
        (
            "E1-E3",
            "error: the king on E1 moves exactly one square north, south, east or west",
        ),
        ("E1-E2", "error: E2 holds one of your own pieces"),
        (
            "D2-Z9",
            "error: cannot read move 'D2-Z9': the end square must be a column A-I and a row 1-8",
        ),
        (
            "hi",
            "error: 'hi' is neither a command nor a move (cannot read move 'hi': expected a square, '-' or 'x', and a square, like D1-e6); type help for the commands",
        ),
        ("save", "error: save needs a file name: save <file>"),
        ("undo now", "error: 'undo' takes no argument, but got 'now'"),
        ("moves Z9", "error: no legal move starts with 'Z9'"),
        ("stop", "error: the engine is not thinking"),
        (
            "load /nonexistent/duel.pgn",
            "error: cannot load /nonexistent/duel.pgn: No such file or directory (os error 2)",
        ),
    ];
    for (input, message) in cases {
        game.send(input);
        expect_line(&mut game, message);
    }
    // Input is never echoed raw: a control sequence comes back escaped, a byte that is not UTF-8 is
    // named.
    game.send("\u{1b}[K");
    let escaped = expect_start(
        &mut game,
        "error: '\\u{1b}[K' is neither a command nor a move",
    );
    assert!(!escaped.contains('\u{1b}'), "{escaped}");
    game.send_raw(b"D2\xff\n");
    expect_line(
        &mut game,
        "error: the line is not UTF-8 text (a bad byte after 2 bytes)",
    );
    // The notation is lenient: no mark, a wrong separator, spaces before the mark.
    game.send("d2 - a2");
    expect_start(&mut game, "error: cannot read move 'd2 - a2'");
    game.send("D2xA2 +");
    expect_line(&mut game, "White plays 1. d2-a2");
    quit(&mut game);
}

#[test]
fn a_player_whose_clock_runs_out_loses() {
    let dir = scratch();
    let log = dir.join("flag.pgn");
    let mut game = play(&["--tc", "0.2", "--log", &log.display().to_string()]);
    expect_line(
        &mut game,
        "White (you) to move, move 1   clocks: White 0:00.2, Black 0:00.2",
    );
    std::thread::sleep(Duration::from_millis(500));
    game.send("D1-e6");
    expect_line(&mut game, "Black wins: White ran out of time");
    quit(&mut game);
    let games = pgn::read::<Duel>(&std::fs::read_to_string(&log).unwrap()).unwrap();
    assert_eq!(games[0].result, "0-1");
    assert_eq!(games[0].tag("Termination"), Some("time forfeit"));
    assert_eq!(games[0].tag("TimeControl"), Some("0.2"));
}

#[test]
fn moves_lists_the_legal_moves() {
    let mut game = two_players(&[]);
    game.send("moves");
    let lines = game.read_until(|l| l.contains("I1-I6"));
    let listed: Vec<&str> = lines
        .iter()
        .skip_while(|l| *l != "37 legal moves:")
        .skip(1)
        .flat_map(|l| l.split_whitespace())
        .collect();
    assert_eq!(listed.len(), 37, "{lines:?}");
    assert!(listed.contains(&"F1-e6+") && listed.contains(&"A1-d3+"));
    game.send("moves d1");
    expect_line(&mut game, "9 legal moves starting with d1:");
    expect_line(
        &mut game,
        "  D1-a4 D1-b5 D1-c6 D1-D7 D1-e6 D1-f5 D1-g4 D1-h3 D1-i2",
    );
    quit(&mut game);
}

/// The chances in `text` after `after`, `W 41% D 30% L 29%`: three whole percents that add up to
/// about 100 (each is rounded), or `None` when the text does not have them there.
fn chances_after(text: &str, after: &str) -> Option<[u32; 3]> {
    let rest = &text[text.find(after)? + after.len()..];
    let mut words = rest.split_whitespace();
    let mut percent = |letter: &str| {
        words.next().filter(|w| *w == letter)?;
        let word = words.next()?;
        word.trim_end_matches(',').strip_suffix('%')?.parse().ok()
    };
    let chances = [percent("W")?, percent("D")?, percent("L")?];
    (98..=102)
        .contains(&chances.iter().sum::<u32>())
        .then_some(chances)
}

#[test]
fn the_engine_replies_showing_depth_score_chances_and_variation() {
    let mut game = play(&["--depth", "2"]);
    expect_line(&mut game, "White (you) to move, move 1");
    game.send("D1-e6");
    expect_line(&mut game, "Black (engine) to move, move 1");
    let thinking = expect_start(&mut game, "Black thinking: depth ");
    assert!(
        thinking.contains("  score ") && thinking.contains("  pv "),
        "{thinking}"
    );
    // `score +0.35  W 41% D 30% L 29%  nodes`: the score, then the chances it gives.
    let score = thinking.split("  score ").nth(1).unwrap();
    let score = score.split_whitespace().next().unwrap();
    assert!(
        chances_after(&thinking, &format!("  score {score}")).is_some(),
        "{thinking}"
    );
    let played = expect_start(&mut game, "Black plays 1... ");
    assert!(played.contains("(depth 2, score "), "{played}");
    let score = played.split("score ").nth(1).unwrap();
    let score = score.split_whitespace().next().unwrap();
    assert!(
        chances_after(&played, &format!("score {score}")).is_some(),
        "{played}"
    );
    expect_line(&mut game, "White (you) to move, move 2");
    quit(&mut game);
}

#[test]
fn chances_are_read_only_in_their_form() {
    let line = "Black thinking: depth 2  score +0.35  W 41% D 30% L 29%  nodes 9";
    assert_eq!(chances_after(line, "score +0.35"), Some([41, 30, 29]));
    assert_eq!(
        chances_after("score +0.35 W 41% D 30%", "score +0.35"),
        None
    );
    assert_eq!(
        chances_after("score +0.35 W 41% D 30% L 2%", "score +0.35"),
        None
    );
    assert_eq!(
        chances_after("(score -M2 W 0% D 0% L 100%, 0.10 s)", "score -M2"),
        Some([0, 0, 100])
    );
}

#[test]
fn the_engine_moves_first_when_the_player_has_black() {
    let mut game = play(&["--color", "black", "--depth", "1"]);
    expect_line(&mut game, "White (engine) to move, move 1");
    expect_start(&mut game, "White plays 1. ");
    expect_line(&mut game, "Black (you) to move, move 1");
    quit(&mut game);
}

#[test]
fn input_is_answered_at_once_while_the_engine_thinks() {
    // The engine (White) has 30 s for its first move; everything below must happen well before.
    let started = Instant::now();
    let mut game = play(&["--color", "black", "--movetime", "30000"]);
    expect_line(&mut game, "White (engine) to move, move 1");
    game.send("help");
    let lines = expect_line(&mut game, "Commands:");
    game.send("moves");
    let more = expect_line(&mut game, "37 legal moves:");
    // The player has Black, so the board shows Black at the bottom until flipped.
    game.send("flip");
    let board = expect_start(&mut game, "       A       B");
    game.send("D8-D2");
    let refused = expect_start(&mut game, "error: it is the engine's move");
    for line in lines.iter().chain(&more) {
        assert!(!line.starts_with("White plays"), "the engine moved first");
    }
    assert!(board.ends_with('I') && refused.contains("type stop"));
    game.send("quit");
    assert!(game.wait_exit().success());
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "quit must stop the search: {:?}",
        started.elapsed()
    );
}

#[test]
fn stop_makes_the_engine_move_now() {
    let started = Instant::now();
    let mut game = play(&["--color", "black", "--movetime", "30000"]);
    expect_line(&mut game, "White (engine) to move, move 1");
    game.send("stop");
    expect_start(&mut game, "White plays 1. ");
    assert!(started.elapsed() < Duration::from_secs(20));
    quit(&mut game);
}

#[test]
fn hint_suggests_a_legal_move() {
    let mut game = two_players(&["--depth", "2"]);
    game.send("hint");
    let hint = expect_start(&mut game, "Hint: 1. ");
    let text = hint["Hint: 1. ".len()..].split_whitespace().next().unwrap();
    assert!(Duel::start().parse_move(text).is_ok(), "{hint}");
    quit(&mut game);
}

#[test]
fn undo_takes_back_the_players_move_and_the_engines_reply() {
    let mut game = play(&["--depth", "1"]);
    game.send("undo");
    expect_line(&mut game, "error: there is no move to take back");
    game.send("D1-e6");
    expect_start(&mut game, "Black plays 1... ");
    expect_line(&mut game, "White (you) to move, move 2");
    game.send("undo");
    expect_line(&mut game, "Took back 2 plies.");
    expect_line(&mut game, "White (you) to move, move 1");
    quit(&mut game);

    let mut game = two_players(&[]);
    game.send("F1-e6");
    expect_line(&mut game, "Black to move, move 1");
    game.send("undo");
    expect_line(&mut game, "Took back 1 ply.");
    expect_line(&mut game, "White to move, move 1");
    // The same move again is legal: the position is the start again.
    game.send("F1-e6");
    expect_line(&mut game, "White plays 1. F1-e6+");
    quit(&mut game);
}

#[test]
fn save_and_load_round_trip_a_game_in_progress() {
    let dir = scratch();
    let file = dir.join("saved.pgn");
    let file_text = file.display().to_string();
    let mut game = two_players(&[]);
    for mv in ["D1-e6", "E8-E7", "H1-H2"] {
        game.send(mv);
    }
    expect_line(&mut game, "Black to move, move 2");
    game.send("board");
    let before = game.read_until(|l| l == "Black to move, move 2");
    game.send(&format!("save {file_text}"));
    expect_line(
        &mut game,
        &format!("Saved the game (3 plies) to {file_text}."),
    );
    game.send("new");
    expect_line(&mut game, "White to move, move 1");
    game.send(&format!("load {file_text}"));
    expect_line(
        &mut game,
        &format!("Loaded the game from {file_text}: 3 plies."),
    );
    let after = game.read_until(|l| l == "Black to move, move 2");
    assert_eq!(before, after);
    // The game goes on from there, and the file holds exactly those moves.
    game.send("A8-A3");
    expect_line(&mut game, "Black plays 2... A8-A3");
    quit(&mut game);
    let games = pgn::read::<Duel>(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let moves: Vec<String> = games[0]
        .record
        .positions()
        .iter()
        .zip(games[0].record.moves())
        .map(|(position, &mv)| position.format_move(mv))
        .collect();
    assert_eq!(moves, ["D1-e6", "E8-E7", "H1-H2"]);
    assert_eq!(games[0].result, "*");
}

#[test]
fn the_log_reads_back_with_the_pgn_reader_of_duel_match() {
    let dir = scratch();
    let log = dir.join("log.pgn");
    let log_text = log.display().to_string();
    let mut game = play(&["--depth", "1", "--log", &log_text]);
    game.send("D1-e6");
    expect_line(&mut game, "White (you) to move, move 2");
    game.send("new");
    expect_line(&mut game, "White (you) to move, move 1");
    quit(&mut game);
    // A finished game goes into the same file after the earlier ones.
    let mut game = two_players(&["--log", &log_text]);
    for mv in ["D1-D7", "G8-f7", "F1-e6"] {
        game.send(mv);
    }
    expect_line(&mut game, "White wins: Black has no legal move (DUEL-MATT)");
    quit(&mut game);

    let games = pgn::read::<Duel>(&std::fs::read_to_string(&log).unwrap()).unwrap();
    assert_eq!(games.len(), 2);
    let (first, second) = (&games[0], &games[1]);
    assert_eq!(first.record.moves().len(), 2);
    assert_eq!(first.result, "*");
    assert_eq!(first.tag("White"), Some("human"));
    assert!(first.tag("Black").unwrap().starts_with("duel "));
    assert!(first.comments[0].is_none());
    assert!(
        first.comments[1].as_deref().unwrap().contains("/1 "),
        "{:?}",
        first.comments
    );
    assert_eq!(second.result, "1-0");
    assert_eq!(second.tag("Termination"), Some("normal"));
    assert_eq!(second.record.termination().unwrap().outcome().pgn(), "1-0");
}

#[test]
fn end_of_input_ends_the_session_with_the_game_saved() {
    let dir = scratch();
    let log = dir.join("eof.pgn");
    let mut game = play(&["--depth", "1", "--log", &log.display().to_string()]);
    game.send("D1-e6");
    expect_line(&mut game, "White (you) to move, move 2");
    game.close_input();
    assert!(game.wait_exit().success());
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("1. D1-e6 "), "{text}");
    assert!(text.trim_end().ends_with('*'), "{text}");
}

#[cfg(unix)]
#[test]
fn ctrl_c_saves_the_game_and_leaves() {
    let dir = scratch();
    let log = dir.join("interrupted.pgn");
    let mut game = play(&["--movetime", "30000", "--log", &log.display().to_string()]);
    game.send("D1-e6");
    expect_line(&mut game, "Black (engine) to move, move 1");
    let sent = Command::new("kill")
        .args(["-INT", &game.pid().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    expect_line(&mut game, "Interrupted.");
    let status = game.wait_exit();
    assert_eq!(status.code(), Some(130), "{status:?}");
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("1. D1-e6 *"), "{text}");
}

#[test]
fn the_engine_plays_itself_to_the_end() {
    let dir = scratch();
    let log = dir.join("demo.pgn");
    let mut game = play(&[
        "--color",
        "none",
        "--depth",
        "1",
        "--log",
        &log.display().to_string(),
    ]);
    // Without input the demo still runs to its end, then the session ends.
    game.close_input();
    let end = game.read_until(is_game_end);
    assert!(game.wait_exit().success(), "{end:?}");
    let games = logged_as_announced::<Duel>(&log, end.last().unwrap());
    assert_ne!(games[0].result, "*");
}

/// Whether `line` is the session's last word on a game: who won, or a draw.
fn is_game_end(line: &str) -> bool {
    line.starts_with("White wins: ")
        || line.starts_with("Black wins: ")
        || line.starts_with("Draw: ")
}

/// The games of the PGN log at `log`, after checking that its first ends by the rules, explained
/// as the terminal said it in `end` (who wins a demo at depth 1 depends on the embedded net, so
/// the tests read it from the terminal).
fn logged_as_announced<G: Game + Presentation>(log: &Path, end: &str) -> Vec<pgn::PgnGame<G>> {
    let games = pgn::read::<G>(&std::fs::read_to_string(log).unwrap()).unwrap();
    let record = &games[0].record;
    let termination = record
        .termination()
        .expect("the log's game ended by the rules");
    assert_eq!(GameEnd::Rules(termination).explain(record.current()), end);
    games
}

#[test]
fn the_board_through_a_pipe_is_plain_text() {
    let mut game = play(&["--depth", "1"]);
    let lines = expect_line(&mut game, "White (you) to move, move 1");
    let board = Duel::start().board_text(&BoardStyle::plain());
    let shown = lines[lines.len() - 1 - board.lines().count()..lines.len() - 1].join("\n");
    assert_eq!(shown + "\n", board);
    assert!(lines.iter().all(|l| !l.contains('\x1b')));
    quit(&mut game);
}

#[test]
fn bad_arguments_are_refused_with_the_reason() {
    let cases: [(&[&str], &str); 3] = [
        (&["--fen", "9/9 w"], "error: --fen: "),
        (&["--tc", "soon"], "error: --tc: time control 'soon': "),
        (
            &["--log", "/nonexistent/dir/x.pgn"],
            "error: cannot write the log file ",
        ),
    ];
    for (args, message) in cases {
        let output = Command::new(env!("CARGO_BIN_EXE_duel"))
            .arg("play")
            .args(args)
            .output()
            .expect("duel runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.starts_with(message), "{args:?}: {stderr}");
    }
}

/// Dipole through the same session: two players' scripted game to its end, then the engine against
/// itself with its log read back as Dipole PGN.
#[test]
fn dipole_is_played_with_variant() {
    let mut game = two_players(&["--variant", "dipole"]);
    game.send("e1-e3");
    expect_line(&mut game, "White plays 1. e1-e3");
    game.send("d8-d9");
    let refused = expect_start(&mut game, "error: ");
    assert!(refused.contains("'d9' is not a square"), "{refused}");
    // Black bears off its whole stack and so has no checkers left: it loses.
    game.send("d8-off:12");
    let end = expect_start(&mut game, "White wins: ");
    assert_eq!(end, "White wins: the opponent has no checkers left");
    quit(&mut game);

    let dir = scratch();
    let log = dir.join("dipole.pgn");
    let mut demo = play(&[
        "--variant",
        "dipole",
        "--color",
        "none",
        "--depth",
        "1",
        "--log",
        &log.display().to_string(),
    ]);
    demo.close_input();
    let lines = demo.read_until(|l| l.starts_with("White wins: ") || l.starts_with("Black wins: "));
    assert!(demo.wait_exit().success());
    // The log ends the game as the terminal said.
    let winner = if lines.last().unwrap().starts_with("White") {
        Side::White
    } else {
        Side::Black
    };
    let games =
        pgn::read::<duel_rules::games::Dipole>(&std::fs::read_to_string(&log).unwrap()).unwrap();
    assert_eq!(games[0].tag("Variant"), Some("dipole"));
    assert_eq!(
        games[0].record.termination(),
        Some(Termination::Goal {
            winner,
            how: duel_rules::games::Dipole::GOAL
        })
    );
}

/// Dame through the same session: a scripted opening where a capture falls due (announced, and a
/// plain move refused while it is), then the engine against itself with its log read back as Dame
/// PGN.
#[test]
fn dame_is_played_with_variant() {
    let mut game = two_players(&["--variant", "dame"]);
    game.send("c3-d4");
    expect_line(&mut game, "White plays 1. c3-d4");
    game.send("f6-e5");
    expect_line(&mut game, "Black plays 1... f6-e5");
    expect_line(&mut game, "White must capture.");
    game.send("a3-b4");
    let refused = expect_start(&mut game, "error: ");
    assert_eq!(
        refused,
        "error: a3-b4 captures nothing, but capturing is compulsory (pieces that can capture: d4)"
    );
    game.send("d4xf6");
    expect_line(&mut game, "White plays 2. d4xf6");
    expect_line(&mut game, "Black must capture.");
    game.send("g7xe5");
    expect_line(&mut game, "Black plays 2... g7xe5");
    expect_line(&mut game, "White to move, move 3");
    quit(&mut game);

    let dir = scratch();
    let log = dir.join("dame.pgn");
    let mut demo = play(&[
        "--variant",
        "dame",
        "--color",
        "none",
        "--depth",
        "1",
        "--log",
        &log.display().to_string(),
    ]);
    demo.close_input();
    let end = demo.read_until(is_game_end).pop().unwrap();
    assert!(demo.wait_exit().success());
    let games = logged_as_announced::<duel_rules::games::Dame>(&log, &end);
    assert_eq!(games[0].tag("Variant"), Some("dame"));
}

/// Alice chess through the same session: a scripted game to checkmate (the queen goes to B taking on
/// d7, takes the pawn that came to b5 of B and returns to A, where the black king has no way out),
/// with a move refused on the way.
#[test]
fn alice_is_played_with_variant() {
    let mut game = two_players(&["--variant", "alice"]);
    for (text, echo) in [
        ("d2d3", "White plays 1. d2d3"),
        ("g8h6", "Black plays 1... g8h6"),
        ("d1d7", "White plays 2. d1d7"),
        ("b7b5", "Black plays 2... b7b5"),
    ] {
        game.send(text);
        expect_line(&mut game, echo);
    }
    // The d-pawn left for B: there is nothing on d2 of either board.
    game.send("d2d4");
    let refused = expect_start(&mut game, "error: ");
    assert_eq!(refused, "error: there is no piece on d2");
    game.send("d7b5");
    expect_line(&mut game, "Checkmate! (Black's king on board A)");
    let end = expect_start(&mut game, "White wins: ");
    assert_eq!(end, "White wins: checkmate");
    quit(&mut game);
}
