//! A search in progress: what `stop`, `isready`, `quit`, end of input and new commands do to it.
//! Every `go` must yield exactly one `bestmove`.

use crate::harness::{Engine, assert_legal_bestmove, record_of};
use duel_rules::game::Game;
use duel_rules::games::Duel;
use std::time::{Duration, Instant};

fn count_bestmoves(lines: &[String]) -> usize {
    lines.iter().filter(|l| l.starts_with("bestmove")).count()
}

#[test]
fn stop_ends_go_infinite_with_one_bestmove() {
    let mut engine = Engine::start();
    engine.send("position startpos moves D1-e6");
    engine.send("go infinite");
    // An infinite search holds its move however long it runs.
    engine.expect_silence_except_info(Duration::from_millis(300));
    engine.send("stop");
    let lines = engine.read_bestmove();
    let position = record_of(&["D1-e6".into()]).current().to_owned();
    let best = assert_legal_bestmove(&position, lines.last().unwrap());
    // `stop` is answered with a last `info` line, whose principal variation starts with the move.
    let info = &lines[lines.len() - 2];
    assert!(info.starts_with("info depth "), "{lines:?}");
    assert!(info.contains(&format!(" pv {best}")), "{lines:?}");
    assert_eq!(count_bestmoves(&engine.sync()), 0);
}

#[test]
fn go_infinite_holds_a_settled_mate_until_stop() {
    // White mates in 2: the search settles within a few depths instead of climbing to the last one,
    // and still gives its move only when asked.
    let mate_in_2 = "9/9/9/4bK4/9/9/wK3w544/1w125w631 w 0 1";
    let mut engine = Engine::start();
    engine.send(&format!("position fen {mate_in_2}"));
    engine.send("go infinite");
    let deadline = Instant::now() + Duration::from_millis(500);
    let mut lines = Vec::new();
    while let Some(line) =
        engine.next_line_within(deadline.saturating_duration_since(Instant::now()))
    {
        assert!(line.starts_with("info "), "{line:?} before stop");
        lines.push(line);
    }
    engine.send("stop");
    lines.extend(engine.read_bestmove());
    let depths: Vec<u32> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .filter_map(|rest| rest.split(' ').next()?.parse().ok())
        .collect();
    // The 3 plies that prove it, the settle margin of 6, one to spare.
    assert!(depths.iter().all(|&d| d <= 10), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains(" score mate 2 ")),
        "{lines:?}"
    );
    assert_legal_bestmove(&Duel::from_text(mate_in_2).unwrap(), lines.last().unwrap());
    assert_eq!(count_bestmoves(&engine.sync()), 0);
}

#[test]
fn isready_is_answered_at_once_during_a_search_without_stopping_it() {
    let mut engine = Engine::start();
    engine.send("go infinite");
    for _ in 0..5 {
        let lines = engine.sync();
        assert_eq!(
            count_bestmoves(&lines),
            0,
            "isready stopped the search: {lines:?}"
        );
    }
    engine.send("stop");
    let lines = engine.read_bestmove();
    assert_legal_bestmove(&Duel::start(), lines.last().unwrap());
}

#[test]
fn stop_is_done_before_the_next_command_answers() {
    // `stop` joins the search, so its bestmove always precedes a later readyok.
    let mut engine = Engine::start();
    engine.send("go infinite");
    engine.send("stop");
    let lines = engine.sync();
    assert_eq!(count_bestmoves(&lines), 1, "{lines:?}");
}

#[test]
fn quit_during_a_search_prints_its_bestmove_and_exits() {
    let mut engine = Engine::start();
    engine.send("go infinite");
    engine.sync();
    engine.send("quit");
    let lines = engine.read_bestmove();
    assert_legal_bestmove(&Duel::start(), lines.last().unwrap());
    assert!(engine.wait_exit().success());
}

#[test]
fn end_of_input_during_a_search_prints_its_bestmove_and_exits() {
    let mut engine = Engine::start();
    engine.send("go infinite");
    engine.sync();
    engine.close_input();
    let lines = engine.read_bestmove();
    assert_legal_bestmove(&Duel::start(), lines.last().unwrap());
    assert!(engine.wait_exit().success());
}

#[test]
fn a_new_go_stops_the_running_search_first() {
    let mut engine = Engine::start();
    engine.send("go infinite");
    engine.send("position startpos moves D1-e6");
    engine.send("go depth 1");
    let first = engine.read_bestmove();
    assert_legal_bestmove(&Duel::start(), first.last().unwrap());
    let second = engine.read_bestmove();
    let position = record_of(&["D1-e6".into()]).current().to_owned();
    assert_legal_bestmove(&position, second.last().unwrap());
    assert_eq!(count_bestmoves(&engine.sync()), 0);
}

#[test]
fn a_new_position_does_not_disturb_the_running_search() {
    let mut engine = Engine::start();
    engine.send("go infinite");
    engine.send("position startpos moves D1-e6 D8-D2");
    let lines = engine.sync();
    assert_eq!(count_bestmoves(&lines), 0, "{lines:?}");
    engine.send("stop");
    // The move is for the position the search started from.
    let lines = engine.read_bestmove();
    assert_legal_bestmove(&Duel::start(), lines.last().unwrap());
    engine.send("query p1turn");
    assert_eq!(engine.sync(), ["response true"]);
}

#[test]
fn newgame_and_hash_changes_during_a_search_end_it_with_its_bestmove() {
    let mut engine = Engine::start();
    for interruption in [
        "ucinewgame",
        "uginewgame",
        "setoption name Hash value 2",
        "setoption name Clear Hash",
        "go perft 1",
        "bench 1",
    ] {
        engine.send("go infinite");
        engine.send(interruption);
        let lines = engine.sync();
        assert_eq!(count_bestmoves(&lines), 1, "{interruption}: {lines:?}");
    }
}

#[test]
fn options_that_only_affect_the_next_search_leave_this_one_running() {
    let mut engine = Engine::start();
    engine.send("go infinite");
    engine.send("setoption name MultiPV value 2");
    engine.send("setoption name Move Overhead value 20");
    assert_eq!(count_bestmoves(&engine.sync()), 0);
    engine.send("stop");
    engine.read_bestmove();
}

#[test]
fn go_movetime_ends_by_itself() {
    let mut engine = Engine::start();
    engine.send("go movetime 100");
    let lines = engine.read_bestmove();
    assert_legal_bestmove(&Duel::start(), lines.last().unwrap());
}

#[test]
fn every_bestmove_of_a_game_is_legal() {
    // Engine against itself in the UCI dialect, a dozen moves, checked move by move with the library.
    let mut engine = Engine::start();
    engine.send("uci");
    engine.read_until(|l| l == "uciok");
    engine.send("ucinewgame");
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..12 {
        let record = record_of(&moves);
        if record.termination().is_some() {
            break;
        }
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        engine.send("go wtime 2000 btime 2000 winc 20 binc 20 depth 2");
        let lines = engine.read_bestmove();
        let best = assert_legal_bestmove(record.current(), lines.last().unwrap());
        let mv = record.current().parse_move(&best).expect("checked above");
        moves.push(record.current().format_move(mv));
    }
    assert!(!moves.is_empty());
}

#[test]
fn the_hard_limit_holds_whatever_the_iteration_in_progress() {
    // The start position's iterations soon take seconds: only the hard limit can end these searches
    // in time. Each bestmove must come within its hard limit, with 200 ms to spare for a loaded
    // machine; the limits follow protocol.md (Move Overhead 10 ms by default).
    let mut engine = Engine::start();
    engine.send("position startpos");
    for (go, hard_ms) in [
        // movetime: 300 − 10.
        ("go movetime 300", 290),
        // A tiny clock: min(1.4 · 100 / 10, 100 / 2) − 10.
        ("go wtime 100 btime 100", 4),
        // The last move before the control: at most half the time left, less the overhead.
        ("go wtime 1000 btime 1000 movestogo 1", 490),
    ] {
        let sent = Instant::now();
        engine.send(go);
        let lines = engine.read_bestmove();
        let took = sent.elapsed();
        assert_legal_bestmove(&Duel::start(), lines.last().unwrap());
        assert!(
            took < Duration::from_millis(hard_ms + 200),
            "{go}: {took:?}, {lines:?}"
        );
    }
    // The overhead is kept back from movetime too.
    engine.send("setoption name Move Overhead value 250");
    let sent = Instant::now();
    engine.send("go movetime 300");
    let lines = engine.read_bestmove();
    assert_legal_bestmove(&Duel::start(), lines.last().unwrap());
    assert!(sent.elapsed() < Duration::from_millis(250), "{lines:?}");
}
