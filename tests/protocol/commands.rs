//! Every command of both dialects, and what it answers.

use crate::harness::{Engine, assert_legal_bestmove, bestmove_of, errors, record_of};
use duel_engine::search::{Score, chances, on_common_scale};
use duel_rules::game::{Evaluation, Game, Presentation};
use duel_rules::games::{Duel, VARIANTS};
use duel_rules::record::pgn::score_text;
use std::process::Command;

const OPTIONS: [&str; 16] = [
    "option name Hash type spin default 16 min 1 max 12288",
    "option name Threads type spin default 1 min 1 max 256",
    "option name MultiPV type spin default 1 min 1 max 256",
    "option name Move Overhead type spin default 10 min 0 max 5000",
    "option name Clear Hash type button",
    "option name Ponder type check default false",
    "option name UCI_Variant type combo default duel var duel var dipole var dame var alice",
    "option name Skill Level type spin default 20 min 0 max 20",
    "option name UCI_LimitStrength type check default false",
    "option name UCI_Elo type spin default 2063 min 463 max 2063",
    "option name UCI_ShowWDL type check default false",
    "option name Contempt type spin default 0 min 0 max 100",
    "option name Use NNUE type check default true",
    "option name EvalFile type string default <embedded>",
    "option name WDLFile type string default <embedded>",
    "option name TablebasePath type string default <empty>",
];

#[test]
fn uci_identifies_lists_options_and_ends_in_uciok() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until(|l| l == "uciok");
    assert!(lines[0].starts_with("id name duel "), "{lines:?}");
    assert!(lines[1].starts_with("id author "), "{lines:?}");
    assert_eq!(&lines[2..2 + OPTIONS.len()], OPTIONS);
    assert_eq!(lines.len(), OPTIONS.len() + 3);
    assert!(engine.sync().is_empty());
}

#[test]
fn ugi_answers_the_same_ending_in_ugiok() {
    let mut engine = Engine::start();
    engine.send("ugi");
    let lines = engine.read_until(|l| l == "ugiok");
    assert!(lines[0].starts_with("id name duel "));
    assert_eq!(&lines[2..2 + OPTIONS.len()], OPTIONS);
    assert_eq!(lines.len(), OPTIONS.len() + 3);
}

#[test]
fn isready_answers_readyok() {
    let mut engine = Engine::start();
    engine.send("isready");
    assert_eq!(engine.next_line(), "readyok");
}

#[test]
fn every_option_can_be_set_case_insensitively() {
    let mut engine = Engine::start();
    for line in [
        "setoption name Hash value 32",
        "setoption name hash value 1",
        "setoption name THREADS value 2",
        "setoption name MultiPV value 1",
        "setoption name move overhead value 0",
        "setoption name Clear Hash",
        "setoption name Ponder value true",
        "setoption name ponder value FALSE",
        "setoption name skill LEVEL value 20",
        "setoption name uci_limitstrength value False",
        "setoption name UCI_ELO value 1868",
    ] {
        engine.send(line);
    }
    assert!(engine.sync().is_empty());
    engine.send("go depth 1");
    let lines = engine.read_bestmove();
    assert_legal_bestmove(&Duel::start(), lines.last().unwrap());
}

#[test]
fn multipv_above_one_labels_info_lines() {
    let mut engine = Engine::start();
    engine.send("setoption name MultiPV value 3");
    engine.send("go depth 2");
    let lines = engine.read_bestmove();
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(!infos.is_empty(), "{lines:?}");
    assert!(infos.iter().all(|l| l.contains(" multipv ")), "{lines:?}");
}

#[test]
fn info_lines_carry_every_field_in_order() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go depth 2");
    let lines = engine.read_bestmove();
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(!infos.is_empty(), "{lines:?}");
    for info in infos {
        let words: Vec<&str> = info.split_whitespace().collect();
        let at = |key: &str| {
            words
                .iter()
                .position(|w| *w == key)
                .unwrap_or_else(|| panic!("no {key} in {info}"))
        };
        let order = [
            "depth", "seldepth", "score", "nodes", "nps", "hashfull", "time", "pv",
        ];
        let places: Vec<usize> = order.iter().map(|k| at(k)).collect();
        assert!(places.windows(2).all(|w| w[0] < w[1]), "{info}");
        assert!(matches!(words[at("score") + 1], "cp" | "mate"), "{info}");
        for key in ["depth", "seldepth", "nodes", "nps", "hashfull", "time"] {
            assert!(words[at(key) + 1].parse::<u64>().is_ok(), "{key} in {info}");
        }
        // The principal variation is a sequence of legal moves.
        let pv: Vec<String> = words[at("pv") + 1..]
            .iter()
            .map(|w| w.to_string())
            .collect();
        let mut position = Duel::start();
        for text in &pv {
            let mv = position
                .parse_move(text)
                .unwrap_or_else(|e| panic!("{text} in {info}: {e}"));
            position = position.make_move(mv);
        }
    }
}

/// The chances of an `info` line (`None` without `wdl`), after checking that `wdl` follows the score
/// and its bound and that they agree with the score: per mille, summing to 1000, a win at least as
/// likely as a loss above 0 and at most as likely below, a mate certain.
fn chances_of(info: &str) -> Option<[u32; 3]> {
    let words: Vec<&str> = info.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "wdl")?;
    let score = words.iter().position(|w| *w == "score").expect(info);
    let bound = matches!(words[score + 3], "lowerbound" | "upperbound");
    assert_eq!(at, score + 3 + usize::from(bound), "{info}");
    let numbers: Vec<u32> = words[at + 1..at + 4]
        .iter()
        .map(|w| w.parse().unwrap_or_else(|_| panic!("{w} in {info}")))
        .collect();
    let [win, draw, loss] = numbers[..] else {
        panic!("{info}");
    };
    assert_eq!(win + draw + loss, 1000, "{info}");
    let value: i32 = words[score + 2].parse().expect(info);
    match words[score + 1] {
        "cp" => assert!(
            (value <= 0 || win >= loss) && (value >= 0 || win <= loss),
            "{info}"
        ),
        "mate" if value > 0 => assert_eq!(win, 1000, "{info}"),
        "mate" => assert_eq!(loss, 1000, "{info}"),
        other => panic!("score {other} in {info}"),
    }
    Some([win, draw, loss])
}

/// `UCI_ShowWDL` adds the chances to every `info` line with a score, in every game, and nothing while
/// it is off.
#[test]
fn show_wdl_adds_the_chances_to_every_scored_info_line_in_every_game() {
    for variant in VARIANTS {
        let mut engine = Engine::start();
        engine.send(&format!("setoption name UCI_Variant value {variant}"));
        engine.send("setoption name UCI_ShowWDL value true");
        engine.send("position startpos");
        engine.send("go depth 3");
        let lines = engine.read_bestmove();
        let scored: Vec<&String> = lines.iter().filter(|l| l.contains(" score ")).collect();
        assert!(!scored.is_empty(), "{variant}: {lines:?}");
        for info in scored {
            assert!(chances_of(info).is_some(), "{variant}: no wdl in {info}");
        }
        engine.send("setoption name uci_showwdl value FALSE");
        engine.send("go depth 3");
        let lines = engine.read_bestmove();
        assert!(lines.iter().any(|l| l.contains(" score ")), "{lines:?}");
        assert!(
            lines.iter().all(|l| !l.contains(" wdl ")),
            "{variant}: {lines:?}"
        );
        assert!(engine.sync().is_empty());
    }
}

#[test]
fn newgame_in_both_spellings() {
    let mut engine = Engine::start();
    engine.send("position startpos moves D1-e6");
    engine.send("ucinewgame");
    engine.send("query p1turn");
    engine.send("position startpos moves D1-e6");
    engine.send("uginewgame");
    engine.send("query p1turn");
    assert_eq!(engine.sync(), ["response true", "response true"]);
}

#[test]
fn position_startpos_fen_and_moves_with_or_without_marks() {
    let mut engine = Engine::start();
    let after = record_of(&["F1-e6".into()]).current().to_text();
    for line in [
        "position startpos moves F1-e6+".to_string(),
        "position startpos moves F1-e6".to_string(),
        "position startpos moves F1-e6 +".to_string(),
        // Wrong separators and marks are accepted on input, as the rules decide.
        "position startpos moves F1xe6".to_string(),
        "position startpos moves F1-e6++".to_string(),
        format!("position fen {after}"),
        format!(
            "position fen {} moves F1-e6",
            duel_rules::games::duel::START_DFEN
        ),
    ] {
        engine.send(&line);
        engine.send("d");
        let lines = engine.sync();
        assert!(errors(&lines).is_empty(), "{line}: {lines:?}");
        assert!(
            lines.contains(&format!("Fen: {after}")),
            "{line}: {lines:?}"
        );
    }
}

#[test]
fn go_movetime_clocks_depth_nodes_mate_and_searchmoves() {
    let mut engine = Engine::start();
    engine.send("position startpos moves D1-e6");
    let position = record_of(&["D1-e6".into()]).current().to_owned();
    for go in [
        "go movetime 50",
        "go wtime 1000 btime 1000 winc 10 binc 10",
        "go wtime 1000 btime 1000 movestogo 10",
        "go p1time 1000 p2time 1000 p1inc 10 p2inc 10",
        "go depth 2",
        "go nodes 1000",
        "go mate 2 depth 3",
        "go depth 1 movetime 1000 nodes 100000",
    ] {
        engine.send(go);
        let lines = engine.read_bestmove();
        assert!(errors(&lines).is_empty(), "{go}: {lines:?}");
        assert_legal_bestmove(&position, lines.last().unwrap());
    }
    engine.send("go depth 3 searchmoves H8-H7 B8-B7");
    let lines = engine.read_bestmove();
    let best = assert_legal_bestmove(&position, lines.last().unwrap());
    assert!(
        ["H8-H7", "B8-B7"].contains(&best.trim_end_matches('+')),
        "{lines:?}"
    );
}

#[test]
fn a_clock_for_one_side_only_is_fine() {
    let mut engine = Engine::start();
    engine.send("go wtime 500");
    let lines = engine.read_bestmove();
    assert!(errors(&lines).is_empty(), "{lines:?}");
    // Only Black's clock while White is to move: used as the estimate, and said so.
    engine.send("go btime 500 binc 5");
    let lines = engine.read_bestmove();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string ") && l.contains("estimate")),
        "{lines:?}"
    );
    assert!(errors(&lines).is_empty(), "{lines:?}");
    assert_legal_bestmove(&Duel::start(), lines.last().unwrap());
}

#[test]
fn go_before_position_searches_the_start_position() {
    let mut engine = Engine::start();
    engine.send("go depth 1");
    let lines = engine.read_bestmove();
    assert_legal_bestmove(&Duel::start(), lines.last().unwrap());
}

#[test]
fn go_ponder_then_ponderhit_gives_the_bestmove() {
    let mut engine = Engine::start();
    engine.send("setoption name Ponder value true");
    engine.send("position startpos moves D1-e6");
    engine.send("go ponder depth 1");
    // A pondering search holds its move, even once it has finished.
    engine.expect_silence_except_info(std::time::Duration::from_millis(200));
    engine.send("ponderhit");
    let lines = engine.read_bestmove();
    let position = record_of(&["D1-e6".into()]).current().to_owned();
    assert_legal_bestmove(&position, lines.last().unwrap());
    assert!(engine.sync().is_empty());
}

#[test]
fn go_ponder_then_stop_gives_the_bestmove() {
    let mut engine = Engine::start();
    engine.send("go ponder wtime 1000 btime 1000");
    engine.expect_silence_except_info(std::time::Duration::from_millis(100));
    engine.send("stop");
    let lines = engine.read_bestmove();
    assert_legal_bestmove(&Duel::start(), lines.last().unwrap());
}

#[test]
fn ugi_bestmove_is_exactly_two_tokens() {
    let mut engine = Engine::start();
    engine.send("ugi");
    engine.read_until(|l| l == "ugiok");
    for go in ["go depth 3", "go p1time 300 p2time 300"] {
        engine.send(go);
        let lines = engine.read_bestmove();
        assert_eq!(
            lines.last().unwrap().split_whitespace().count(),
            2,
            "{lines:?}"
        );
    }
}

#[test]
fn queries_answer_turn_gameover_and_result() {
    let mut engine = Engine::start();
    engine.send("ugi");
    engine.read_until(|l| l == "ugiok");
    engine.send("position startpos");
    for query in ["query p1turn", "query gameover", "query result"] {
        engine.send(query);
    }
    assert_eq!(
        engine.sync(),
        ["response true", "response false", "response none"]
    );
    engine.send("position startpos moves D1-e6");
    engine.send("query p1turn");
    assert_eq!(engine.sync(), ["response false"]);
}

#[test]
fn query_result_sees_a_repetition_through_the_move_history() {
    let mut engine = Engine::start();
    let cycle = "E1-E2 E8-E7 E2-E1 E7-E8";
    engine.send(&format!("position startpos moves {cycle} {cycle}"));
    engine.send("query gameover");
    engine.send("query result");
    assert_eq!(engine.sync(), ["response true", "response draw"]);
    // The same position without the history is no draw.
    engine.send(&format!(
        "position fen {}",
        duel_rules::games::duel::START_DFEN
    ));
    engine.send("query result");
    assert_eq!(engine.sync(), ["response none"]);
}

#[test]
fn query_result_reports_a_win() {
    // White's king one step from Black's start square: stepping onto it wins at once.
    let mut engine = Engine::start();
    let fen = "b53b13b23b631b63b23b13b53/4wK4/9/9/9/4bK4/9/w54w14w24w641w64w24w14w54 w 0 30";
    engine.send(&format!("position fen {fen}"));
    engine.send("query result");
    // A rejected hand-made position would show here as an error line instead.
    assert_eq!(engine.sync(), ["response none"]);
    engine.send(&format!("position fen {fen} moves E7-E8"));
    engine.send("query gameover");
    engine.send("query result");
    engine.send("query p1turn");
    assert_eq!(
        engine.sync(),
        ["response true", "response p1win", "response false"]
    );
}

#[test]
fn d_shows_the_board_and_facts_about_the_position() {
    let mut engine = Engine::start();
    engine.send("position startpos moves F1-e6");
    engine.send("d");
    let lines = engine.sync();
    let position = record_of(&["F1-e6".into()]).current().to_owned();
    let diagram: Vec<String> = position.diagram().lines().map(str::to_string).collect();
    assert_eq!(&lines[..diagram.len()], diagram.as_slice());
    let facts = &lines[diagram.len()..];
    assert_eq!(facts[0], format!("Fen: {}", position.to_text()));
    assert_eq!(facts[1], format!("Key: {:016X}", position.hash()));
    assert_eq!(facts[2], "Side to move: black");
    assert_eq!(facts[3], "In check: yes");
    assert!(facts[4].starts_with("Legal moves: "));
    assert_eq!(facts[5], "Game over: no");
}

/// Only a game with check has an `In check` line: Duel has one, Dipole (no check) none.
#[test]
fn d_speaks_of_check_only_in_a_game_with_check() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value dipole");
    engine.send("d");
    let lines = engine.sync();
    assert!(
        lines.contains(&"Side to move: white".to_string()),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|l| l.contains("In check")), "{lines:?}");
    engine.send("setoption name UCI_Variant value duel");
    engine.send("d");
    let lines = engine.sync();
    assert!(lines.contains(&"In check: no".to_string()), "{lines:?}");
}

#[test]
fn go_perft_prints_what_duel_perft_prints() {
    let mut engine = Engine::start();
    engine.send("position startpos moves D1-e6");
    engine.send("go perft 2");
    let lines = engine.sync();
    let dfen = record_of(&["D1-e6".into()]).current().to_text();
    let shell = Command::new(env!("CARGO_BIN_EXE_duel"))
        .args(["perft", "2", "--fen", &dfen])
        .output()
        .expect("duel perft runs");
    let shell: Vec<String> = String::from_utf8_lossy(&shell.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    let without_speed = |lines: &[String]| -> Vec<String> {
        lines
            .iter()
            .filter(|l| !l.starts_with("Nodes/second"))
            .cloned()
            .collect()
    };
    assert_eq!(without_speed(&lines), without_speed(&shell));
    assert!(lines.iter().any(|l| l.starts_with("Nodes searched: ")));
}

#[test]
fn eval_prints_the_terms_the_evaluation_and_the_nets() {
    let mut engine = Engine::start();
    engine.send("eval");
    let lines = engine.sync();
    let position = Duel::start();
    for term in position.eval_terms() {
        assert!(
            lines.iter().any(|l| l.starts_with(term.name)),
            "{}: {lines:?}",
            term.name
        );
    }
    let total = format!(
        "Evaluation: {} cp for the side to move (white)",
        position.evaluate()
    );
    assert!(lines.contains(&total), "{lines:?}");
    // Duel's search evaluates with its embedded net, which `eval` shows before the common scale;
    // without it, the hand-written evaluation is the search's.
    let [.., used, common] = &lines[..] else {
        panic!("{lines:?}");
    };
    assert!(used.starts_with("NNUE evaluation: "), "{used}");
    assert!(
        common.starts_with("Common scale: ") && common.contains(" for the side to move (win "),
        "{common}"
    );
    engine.send("setoption name Use NNUE value false");
    engine.send("eval");
    let lines = engine.sync();
    let [.., used, common] = &lines[..] else {
        panic!("{lines:?}");
    };
    assert_eq!(used, "The search uses this evaluation.");
    // The hand-written evaluation, on the common scale, with the chances it gives at the start.
    let own = Score::Centipawns(position.evaluate());
    let wdl = chances(&position, own);
    let percent = |per_mille: u32| format!("{:.1}%", f64::from(per_mille) / 10.0);
    let expected = format!(
        "Common scale: {} for the side to move (win {}, draw {}, loss {})",
        score_text(on_common_scale::<Duel>(own)),
        percent(wdl.win),
        percent(wdl.draw),
        percent(wdl.loss)
    );
    assert_eq!(common, &expected);
}

#[test]
fn bench_ends_with_nodes_and_nps_and_is_deterministic() {
    let mut engine = Engine::start();
    engine.send("bench 2");
    let lines = engine.sync();
    let last = lines.last().unwrap();
    let words: Vec<&str> = last.split_whitespace().collect();
    assert!(
        matches!(words.as_slice(), [n, "nodes", m, "nps"] if n.parse::<u64>().is_ok() && m.parse::<u64>().is_ok()),
        "{last:?}"
    );
    let shell = |depth: &str| {
        let output = Command::new(env!("CARGO_BIN_EXE_duel"))
            .args(["bench", depth])
            .output()
            .expect("duel bench runs");
        assert!(output.status.success());
        let text = String::from_utf8_lossy(&output.stdout).to_string();
        let last = text.lines().last().unwrap_or_default().to_string();
        last.split_whitespace()
            .next()
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(
        shell("2"),
        words[0],
        "bench from the shell and the protocol agree"
    );
    assert_eq!(shell("2"), shell("2"), "the node count is deterministic");
}

#[test]
fn bestmove_none_when_there_is_no_legal_move() {
    // A won game: White's king stands on Black's start square.
    let mut engine = Engine::start();
    let fen = "b53b13b23b631b63b23b13b53/4wK4/9/9/9/4bK4/9/w54w14w24w641w64w24w14w54 w 0 30";
    engine.send(&format!("position fen {fen} moves E7-E8"));
    engine.send("go depth 1");
    let lines = engine.read_bestmove();
    assert_eq!(bestmove_of(lines.last().unwrap()), None);
}

#[test]
fn quit_exits_cleanly() {
    let mut engine = Engine::start();
    engine.send("quit");
    assert!(engine.wait_exit().success());
}

/// `UCI_Variant` switches the game: the position resets to that game's start, the options stay.
#[test]
fn uci_variant_switches_the_game() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until(|l| l == "uciok");
    assert!(
        lines.contains(
            &"option name UCI_Variant type combo default duel var duel var dipole var dame var alice"
                .to_string()
        ),
        "{lines:?}"
    );
    engine.send("setoption name Threads value 2");
    engine.send("setoption name uci_variant value Dipole");
    engine.send("d");
    let lines = engine.sync();
    assert!(
        lines.iter().any(|l| l == "Fen: 3l4/8/8/8/8/8/8/4L3 w"),
        "{lines:?}"
    );
    engine.send("position startpos moves e1-e3");
    engine.send("go depth 3");
    let best = engine.read_bestmove();
    assert!(best.last().unwrap().starts_with("bestmove "), "{best:?}");
    engine.send("setoption name UCI_Variant value chess");
    let error = engine.sync();
    assert_eq!(error.len(), 1);
    assert!(
        error[0].contains("must be one of duel, dipole, dame, alice"),
        "{error:?}"
    );
    engine.send("setoption name UCI_Variant value duel");
    engine.send("d");
    let lines = engine.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Fen: b53b13b23b63bKb63b23b13b53/")),
        "{lines:?}"
    );
}

/// `position fen` takes vchess.club's Alice FEN beside ours, and Dipole moves in AbstractPlay's
/// notation beside ours.
#[test]
fn position_reads_vchess_alice_fens_and_abstractplay_dipole_moves() {
    use duel_rules::game::GameRecord;
    use duel_rules::games::{Alice, Dipole};
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value alice");
    engine
        .send("position fen rnbqkbnr/pppppppp/8/8/4S3/8/PPPP1PPP/RNBQKBNR b 1 ahah e3 moves e7e5");
    engine.send("d");
    let lines = engine.sync();
    let mut record = GameRecord::new(Alice::start());
    record.play_text("e2e4").unwrap();
    record.play_text("e7e5").unwrap();
    let expected = record.current().to_text();
    assert!(lines.contains(&format!("Fen: {expected}")), "{lines:?}");
    assert!(errors(&lines).is_empty(), "{lines:?}");

    engine.send("setoption name UCI_Variant value dipole");
    engine.send("position startpos moves e1-off d8-off");
    engine.send("d");
    let lines = engine.sync();
    let mut record = GameRecord::new(Dipole::start());
    record.play_text("e1-off:4").unwrap();
    record.play_text("d8-off:4").unwrap();
    let expected = record.current().to_text();
    assert!(lines.contains(&format!("Fen: {expected}")), "{lines:?}");
    assert!(errors(&lines).is_empty(), "{lines:?}");
}
