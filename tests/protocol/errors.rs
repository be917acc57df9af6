//! Bad input: each gets exactly one `info string error: …` line naming the problem, and the engine
//! keeps running.

use crate::harness::{Engine, assert_legal_bestmove, bestmove_of, errors, record_of};
use duel_rules::game::Game;
use duel_rules::games::Duel;

/// Sends `input` (one line), then `isready`, and returns the single error line it caused.
fn single_error(engine: &mut Engine, input: &str) -> String {
    engine.send(input);
    let lines = engine.sync();
    match errors(&lines).as_slice() {
        [one] if lines.len() == 1 => one.to_string(),
        _ => engine.fail(&format!(
            "{input:?} should give exactly one error line, gave {lines:?}"
        )),
    }
}

/// The engine still answers and searches after the bad input.
fn still_works(engine: &mut Engine) {
    engine.send("go depth 1");
    let lines = engine.read_bestmove();
    assert!(bestmove_of(lines.last().unwrap()).is_some());
}

#[test]
fn unknown_commands() {
    let mut engine = Engine::start();
    for (input, evidence) in [
        ("hello", "'hello'"),
        ("UCI", "'UCI'"),
        ("go2 depth 1", "'go2'"),
        ("isready please", "'please'"),
    ] {
        let error = single_error(&mut engine, input);
        assert!(error.contains(evidence), "{input}: {error}");
    }
    still_works(&mut engine);
}

#[test]
fn unknown_options_and_bad_values() {
    let mut engine = Engine::start();
    for (input, evidence) in [
        (
            "setoption name SyzygyPath value /tmp",
            "unknown option 'SyzygyPath'",
        ),
        (
            "setoption name Contempt value 101",
            "from 0 to 100, found 101",
        ),
        ("setoption name Hash value 0", "from 1 to 12288, found 0"),
        ("setoption name Hash value 999999", "found 999999"),
        ("setoption name Threads value -2", "'-2'"),
        ("setoption name MultiPV value many", "'many'"),
        ("setoption name Move Overhead value 5001", "found 5001"),
        ("setoption name Ponder value maybe", "'maybe'"),
        ("setoption name Hash", "needs a value"),
        ("setoption Hash value 3", "expected 'name"),
    ] {
        let error = single_error(&mut engine, input);
        assert!(error.contains(evidence), "{input}: {error}");
    }
    still_works(&mut engine);
}

#[test]
fn malformed_positions_keep_the_previous_one() {
    let mut engine = Engine::start();
    engine.send("position startpos moves D1-e6");
    let kept = record_of(&["D1-e6".into()]).current().to_text();
    for (input, evidence) in [
        (
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "row 8: unexpected 'r'",
        ),
        (
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
            "row 8",
        ),
        ("position fen 9/9/9 w", "8 rows"),
        (
            "position fen b53b13b23b63bKb63b23b13b53/9/9/9/9/9/9/w54w14w24w64wKw64w24w14w54 x",
            "'x'",
        ),
        (
            "position fen b53b13b23b63bKb63b23b13b53/9/9/9/9/9/9/w54w14w24w64w1Kw64w24w14w54 w",
            "row 1",
        ),
        (
            "position fen b55b13b23b63bKb63b23b13b53/9/9/9/9/9/9/w54w14w24w64wKw64w24w14w54 w",
            "top 5 and north 5",
        ),
        ("position", "expected 'startpos' or 'fen"),
        ("position fen", "needs a position text"),
        ("position startpos D1-e6", "expected 'moves'"),
        ("position fromhere", "'fromhere'"),
    ] {
        let error = single_error(&mut engine, input);
        assert!(error.contains(evidence), "{input}: {error}");
        engine.send("d");
        let lines = engine.sync();
        assert!(
            lines.contains(&format!("Fen: {kept}")),
            "{input} changed the position: {lines:?}"
        );
    }
    still_works(&mut engine);
}

#[test]
fn an_illegal_or_unreadable_move_rejects_the_whole_position_command() {
    let mut engine = Engine::start();
    engine.send("position startpos moves D1-e6");
    for (input, evidence) in [
        // The second move is White's king, but Black is to move.
        ("position startpos moves F1-e6 E1-E2", "move 2 'E1-E2'"),
        ("position startpos moves D1-e7", "move 1 'D1-e7'"),
        ("position startpos moves D1-E6", "ambiguous"),
        ("position startpos moves H1-H3", "move 1 'H1-H3'"),
        ("position startpos moves Z9-A1", "move 1 'Z9-A1'"),
        ("position startpos moves e2e4", "move 1 'e2e4'"),
    ] {
        let error = single_error(&mut engine, input);
        assert!(error.contains(evidence), "{input}: {error}");
        assert!(error.contains("position unchanged"), "{error}");
        engine.send("query p1turn");
        assert_eq!(
            engine.sync(),
            ["response false"],
            "{input} changed the position"
        );
    }
    engine.send("go depth 1");
    let lines = engine.read_bestmove();
    assert_legal_bestmove(
        &record_of(&["D1-e6".into()]).current().to_owned(),
        lines.last().unwrap(),
    );
}

#[test]
fn go_with_nonsense_numbers_starts_no_search() {
    let mut engine = Engine::start();
    for (input, evidence) in [
        ("go depth -3", "'depth'"),
        ("go depth 0", "'depth'"),
        ("go depth 1.5", "'1.5'"),
        ("go movetime soon", "'soon'"),
        ("go movetime -100", "'-100'"),
        ("go nodes 0", "'nodes'"),
        ("go wtime 1e6", "'1e6'"),
        ("go winc -5", "'winc'"),
        ("go movestogo 0", "'movestogo'"),
        ("go mate x", "'mate'"),
        ("go depth 99999999999999999999", "'depth'"),
        ("go depth", "'depth' needs a value"),
        ("go quickly", "unknown parameter 'quickly'"),
        ("go searchmoves", "at least one move"),
        ("go searchmoves E1-E3", "searchmoves 'E1-E3'"),
        ("go perft x", "'perft'"),
    ] {
        let error = single_error(&mut engine, input);
        assert!(error.contains(evidence), "{input}: {error}");
    }
    still_works(&mut engine);
}

#[test]
fn an_overdrawn_clock_is_no_error() {
    let mut engine = Engine::start();
    engine.send("go wtime -20 btime 1000");
    let lines = engine.read_bestmove();
    assert!(errors(&lines).is_empty(), "{lines:?}");
    assert_legal_bestmove(&Duel::start(), lines.last().unwrap());
}

#[test]
fn go_when_the_game_is_over_gives_bestmove_none() {
    let mut engine = Engine::start();
    let cycle = "E1-E2 E8-E7 E2-E1 E7-E8";
    engine.send(&format!("position startpos moves {cycle} {cycle}"));
    engine.send("go depth 1");
    let lines = engine.read_bestmove();
    assert_eq!(errors(&lines).len(), 1, "{lines:?}");
    assert!(
        errors(&lines)[0].contains("the game is over (threefold repetition"),
        "{lines:?}"
    );
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
    assert!(engine.sync().is_empty());
}

#[test]
fn ponderhit_without_pondering_and_bad_queries() {
    let mut engine = Engine::start();
    let error = single_error(&mut engine, "ponderhit");
    assert!(error.contains("no search is pondering"), "{error}");
    let error = single_error(&mut engine, "query");
    assert!(error.contains("expected 'p1turn'"), "{error}");
    let error = single_error(&mut engine, "query winner");
    assert!(error.contains("'winner'"), "{error}");
    let error = single_error(&mut engine, "bench 0");
    assert!(error.contains("'0'"), "{error}");
    still_works(&mut engine);
}

#[test]
fn empty_lines_and_stray_stops_are_ignored_silently() {
    let mut engine = Engine::start();
    engine.send("");
    engine.send("   \t  ");
    engine.send_raw(b"\r\n");
    engine.send("stop");
    assert!(engine.sync().is_empty());
}

#[test]
fn very_long_lines() {
    let mut engine = Engine::start();
    // A megabyte of moves: read whole, rejected at its first move.
    let mut line = String::from("position startpos moves");
    while line.len() < 1_000_000 {
        line.push_str(" Q9-Q9");
    }
    let error = single_error(&mut engine, &line);
    assert!(error.contains("move 1 'Q9-Q9'"), "{error}");
    // A megabyte of one word: the message quotes only the start of it.
    let error = single_error(&mut engine, &"x".repeat(1_000_000));
    assert!(error.len() < 400, "{} bytes", error.len());
    // Over the limit: refused without being held.
    let error = single_error(
        &mut engine,
        &"y".repeat(3 * duel_engine::protocol::MAX_LINE_BYTES),
    );
    assert!(error.contains("longer than the limit"), "{error}");
    still_works(&mut engine);
}

#[test]
fn bytes_that_are_not_utf8() {
    let mut engine = Engine::start();
    engine.send_raw(b"isready\xff\xfe\n");
    let lines = engine.sync();
    assert_eq!(errors(&lines).len(), 1, "{lines:?}");
    assert!(
        lines[0].contains("not valid UTF-8 (bad byte at offset 7)"),
        "{lines:?}"
    );
    engine.send_raw(b"\xc3\x28 position startpos\n");
    assert_eq!(errors(&engine.sync()).len(), 1);
    still_works(&mut engine);
}

#[test]
fn control_characters_do_not_break_the_error_line() {
    let mut engine = Engine::start();
    let error = single_error(&mut engine, "bad\u{7}\rcommand");
    assert!(error.contains("\\u{7}"), "{error}");
}

/// The score `go depth 2` reports from the start with an empty table: which evaluation the engine
/// uses shows in it.
fn depth_two_score(engine: &mut Engine) -> String {
    engine.send("ucinewgame");
    engine.send("position startpos");
    engine.send("go depth 2");
    let lines = engine.read_bestmove();
    let info = lines.iter().rev().find(|l| l.contains(" score ")).unwrap();
    let score = info.split(" score ").nth(1).unwrap();
    score
        .split_whitespace()
        .take(2)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn eval_files_that_are_not_a_net_of_the_game_are_refused_and_the_net_kept() {
    use duel_engine::search::nnue::FileHeader;
    use duel_engine::search::nnue::OutputBuckets;
    use duel_rules::game::NetFeatures;
    use duel_rules::games::Alice;
    use duel_tools::train::model::Model;
    let dir = crate::common::temp_dir::TempDir::new("duel-evalfile");
    /// A random net of game `G` of 8 neurons, written to `dir/name`.
    fn net_file<G: NetFeatures>(dir: &std::path::Path, name: &str) -> std::path::PathBuf {
        let header = FileHeader {
            game: G::NAME.to_string(),
            lines: Vec::new(),
        };
        let rows = G::FEATURE_COUNT + G::FACTOR_COUNT;
        let net = Model::new(rows, 8, OutputBuckets::ONE, 3).quantise::<G>(400, header);
        let path = dir.join(name);
        std::fs::write(&path, net.to_bytes()).unwrap();
        path
    }
    let duel_net = net_file::<Duel>(dir.path(), "duel.nnue");
    let alice_net = net_file::<Alice>(dir.path(), "alice.nnue");
    let bytes = std::fs::read(&duel_net).unwrap();
    let truncated = dir.path().join("truncated.nnue");
    std::fs::write(&truncated, &bytes[..bytes.len() / 2]).unwrap();

    let mut engine = Engine::start();
    let embedded = depth_two_score(&mut engine);
    engine.send(&format!(
        "setoption name EvalFile value {}",
        duel_net.display()
    ));
    let lines = engine.sync();
    assert!(
        lines[0].contains("evaluating with") && errors(&lines).is_empty(),
        "{lines:?}"
    );
    let loaded = depth_two_score(&mut engine);
    assert_ne!(loaded, embedded, "a random net scores the start otherwise");
    for (path, evidence) in [
        (dir.path().join("missing.nnue"), "cannot read"),
        (truncated, "cut short in the feature weights"),
        (alice_net, "the net is for alice, not for duel"),
        (dir.path().to_path_buf(), "cannot read"),
    ] {
        let input = format!("setoption name EvalFile value {}", path.display());
        let error = single_error(&mut engine, &input);
        assert!(error.contains(evidence), "{input}: {error}");
        assert!(error.contains("keeping the net in use"), "{error}");
        assert_eq!(
            depth_two_score(&mut engine),
            loaded,
            "the loaded net is kept"
        );
    }
    engine.send("setoption name Use NNUE value false");
    let hand_written = depth_two_score(&mut engine);
    engine.send("setoption name Use NNUE value true");
    assert_eq!(depth_two_score(&mut engine), loaded);
    engine.send("setoption name EvalFile value <embedded>");
    engine.sync();
    assert_eq!(depth_two_score(&mut engine), embedded);
    engine.send("setoption name UCI_Variant value dame");
    let error = single_error(
        &mut engine,
        &format!("setoption name EvalFile value {}", duel_net.display()),
    );
    assert!(
        error.contains("the net is for duel, not for dame"),
        "{error}"
    );
    still_works(&mut engine);
    assert_ne!(
        hand_written, loaded,
        "the hand-written evaluation is not the net"
    );
}

/// `eval`'s line on the common scale, for the current position.
fn common_scale_line(engine: &mut Engine) -> String {
    engine.send("eval");
    let lines = engine.sync();
    lines
        .iter()
        .find(|l| l.starts_with("Common scale: "))
        .unwrap_or_else(|| engine.fail(&format!("no common scale in {lines:?}")))
        .clone()
}

/// The score and chances of a `go depth 2` from the start with `UCI_ShowWDL`, and its nodes.
fn depth_two_wdl(engine: &mut Engine) -> (String, String) {
    engine.send("ucinewgame");
    engine.send("position startpos");
    engine.send("go depth 2");
    let lines = engine.read_bestmove();
    let info = lines.iter().rev().find(|l| l.contains(" wdl ")).unwrap();
    let field = |name: &str, words: usize| {
        let after = info.split(&format!(" {name} ")).nth(1).unwrap();
        let taken: Vec<&str> = after.split_whitespace().take(words).collect();
        taken.join(" ")
    };
    (
        format!("{} wdl {}", field("score", 2), field("wdl", 3)),
        field("nodes", 1),
    )
}

#[test]
fn wdl_files_set_the_scale_shown_and_bad_ones_are_refused_keeping_the_model() {
    use duel_engine::search::{Score, chances_by, on_common_scale_by};
    use duel_rules::game::WinRateModel;
    use duel_rules::record::pgn::score_text;
    let dir = crate::common::temp_dir::TempDir::new("duel-wdlfile");
    let nets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/rules/nets");
    let shipped_text = std::fs::read_to_string(nets.join("duel.wdl")).unwrap();
    let shipped = WinRateModel::parse(&shipped_text, Some("duel")).unwrap();
    // A slower rise: the same evaluation is worth less on the common scale, with less sure chances.
    let slower = WinRateModel::new(
        "duel",
        shipped.a,
        shipped.b.map(|c| 3.0 * c),
        shipped.phase_range,
        shipped.reference_phase,
    )
    .unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let model = write("slower.wdl", &slower.to_text("b tripled", 1));
    let without_b: String = shipped_text
        .lines()
        .filter(|l| !l.starts_with("b="))
        .map(|l| format!("{l}\n"))
        .collect();

    let mut engine = Engine::start();
    engine.send("setoption name UCI_ShowWDL value true");
    let usual_line = common_scale_line(&mut engine);
    let (usual_search, usual_nodes) = depth_two_wdl(&mut engine);
    engine.send(&format!("setoption name WDLFile value {model}"));
    let lines = engine.sync();
    assert_eq!(
        lines,
        [format!("info string WDLFile: showing scores with {model}")]
    );
    let loaded_line = common_scale_line(&mut engine);
    assert_ne!(loaded_line, usual_line);
    engine.send("eval");
    let lines = engine.sync();
    let own: i32 = lines
        .iter()
        .find_map(|l| l.strip_prefix("NNUE evaluation: "))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| engine.fail(&format!("no NNUE evaluation in {lines:?}")));
    let score = Score::Centipawns(own);
    let wdl = chances_by(&slower, &Duel::start(), score);
    assert!(
        loaded_line.starts_with(&format!(
            "Common scale: {} for the side to move (win {:.1}%, draw {:.1}%, ",
            score_text(on_common_scale_by(&slower, score)),
            f64::from(wdl.win) / 10.0,
            f64::from(wdl.draw) / 10.0
        )),
        "{loaded_line}"
    );
    let (loaded_search, loaded_nodes) = depth_two_wdl(&mut engine);
    assert_ne!(loaded_search, usual_search, "the chances are the model's");
    assert_eq!(loaded_nodes, usual_nodes, "the search is the same");

    for (path, evidence) in [
        (
            write("garbage.wdl", "not a model"),
            "line 1 is not key=value",
        ),
        (write("no-b.wdl", &without_b), "`b` is missing"),
        (
            nets.join("alice.wdl").display().to_string(),
            "the model is for alice, not duel",
        ),
        (
            dir.path().join("missing.wdl").display().to_string(),
            "cannot read",
        ),
        (dir.path().display().to_string(), "cannot read"),
    ] {
        let input = format!("setoption name WDLFile value {path}");
        let error = single_error(&mut engine, &input);
        assert!(error.contains(evidence), "{input}: {error}");
        assert!(error.contains("keeping the model in use"), "{error}");
        assert_eq!(
            common_scale_line(&mut engine),
            loaded_line,
            "the model kept"
        );
    }
    engine.send("setoption name WDLFile value <embedded>");
    engine.sync();
    assert_eq!(common_scale_line(&mut engine), usual_line);
    engine.send(&format!("setoption name WDLFile value {model}"));
    engine.send("setoption name WDLFile value");
    engine.sync();
    assert_eq!(common_scale_line(&mut engine), usual_line, "empty: shipped");
    engine.send(&format!("setoption name WDLFile value {model}"));
    engine.send("setoption name UCI_Variant value dame");
    engine.send("setoption name UCI_Variant value duel");
    engine.sync();
    assert_eq!(
        common_scale_line(&mut engine),
        usual_line,
        "another game forgets the model"
    );
    still_works(&mut engine);
}
