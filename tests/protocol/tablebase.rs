//! `TablebasePath` over pipes: Dame's databases (the 3-piece set the binary builds) are loaded and
//! probed (`tbhits`, the tables' move and score); a folder that cannot be read, a file cut short and
//! a game without databases are reported in an `info string`, and the engine plays on.

use crate::common::dame;
use crate::common::temp_dir::TempDir;
use crate::harness::{Engine, bestmove_of, errors};
use duel_engine::search::tablebase::{EndgameValue, Tablebases};
use duel_rules::game::{EndgameIndex, Game, MoveList};
use duel_rules::games::Dame;

/// A won `KKvK` position (a conversion at least 5 plies away) and the moves that keep its value.
fn won_position(tables: &Tablebases) -> (Dame, Vec<String>) {
    let signature = Dame::signature_named("KKvK", 3).unwrap();
    (0..Dame::endgame_position_count(signature))
        .filter_map(|index| Dame::endgame_position(signature, index))
        .filter(|pos| !pos.resolved_through_moves())
        .find_map(|pos| {
            let value = tables.probe(&pos)?;
            if !matches!(value, EndgameValue::Win(d) if d >= 5) {
                return None;
            }
            let mut moves = MoveList::new();
            pos.generate_moves(&mut moves);
            let keeping: Vec<String> = moves
                .iter()
                .filter(|&&mv| {
                    let child = pos.make_move(mv);
                    let converts = child.endgame_index().map(|(s, _)| s) != Some(signature);
                    tables.probe(&child).map(|v| v.after_move(converts)) == Some(value)
                })
                .map(|&mv| pos.format_move(mv))
                .collect();
            (keeping.len() < moves.len()).then_some((pos, keeping))
        })
        .expect("a won KKvK position with a move that spoils it")
}

#[test]
fn the_databases_are_probed_for_the_tables_move_and_score() {
    let dir = dame::three_piece_tables("protocol-tablebase");
    let (tables, _) = Tablebases::load::<Dame>(dir.path()).unwrap();
    let (pos, keeping) = won_position(&tables);
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value dame");
    engine.send(&format!(
        "setoption name TablebasePath value {}",
        dir.path().display()
    ));
    let lines = engine.sync();
    assert_eq!(
        lines,
        [format!(
            "info string TablebasePath: probing 16 dame databases of up to 3 pieces from {}",
            dir.path().display()
        )]
    );
    engine.send(&format!("position fen {}", pos.to_text()));
    engine.send("go depth 6");
    let lines = engine.read_bestmove();
    let info = lines.iter().rev().find(|l| l.contains(" score ")).unwrap();
    let field = |name: &str| -> i64 {
        let mut words = info.split_whitespace();
        words.find(|&w| w == name);
        words.next().unwrap().parse().unwrap()
    };
    assert!(field("tbhits") > 0, "{info}");
    assert!(field("cp") > 30_000, "a database win: {info}");
    let played = bestmove_of(lines.last().unwrap()).unwrap();
    assert!(
        keeping.contains(&played),
        "{}: played {played}, keeping the win: {keeping:?}",
        pos.to_text()
    );

    // Cleared, the same search probes nothing and says nothing of tbhits.
    engine.send("setoption name TablebasePath value <empty>");
    engine.send("go depth 2");
    let lines = engine.read_bestmove();
    assert!(lines.iter().all(|l| !l.contains("tbhits")), "{lines:?}");
}

#[test]
fn folders_and_files_that_cannot_be_read_are_reported_and_the_engine_plays_on() {
    let dir = dame::three_piece_tables("protocol-tablebase-bad");
    // One file cut short, one of another version: both named and left out, the rest probed.
    let short = dir.path().join("dame-KvK.tb");
    let bytes = std::fs::read(&short).unwrap();
    std::fs::write(&short, &bytes[..bytes.len() - 9]).unwrap();
    let other_version = dir.path().join("dame-MvM.tb");
    let mut bytes = std::fs::read(&other_version).unwrap();
    bytes[8] = 99;
    std::fs::write(&other_version, bytes).unwrap();
    let folder = dir.path().display().to_string();
    let mut engine = Engine::start();
    // Duel has no databases: said once, the path kept for the next game.
    engine.send(&format!("setoption name TablebasePath value {folder}"));
    let lines = engine.sync();
    assert_eq!(errors(&lines).len(), 1, "{lines:?}");
    assert!(
        lines[0].contains("duel has no endgame databases; playing on without"),
        "{lines:?}"
    );
    engine.send("setoption name UCI_Variant value dame");
    let lines = engine.sync();
    assert_eq!(errors(&lines).len(), 2, "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains("left out")
            && l.contains("dame-KvK.tb")
            && l.contains("truncated")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("dame-MvM.tb") && l.contains("format version 99")),
        "{lines:?}"
    );
    assert!(
        lines.last().unwrap().contains("probing 14 dame databases"),
        "{lines:?}"
    );
    // A search through the broken signatures' positions still plays.
    engine.send("position fen 8/8/8/8/8/8/1m6/M7 w");
    engine.send("go depth 5");
    assert!(bestmove_of(engine.read_bestmove().last().unwrap()).is_some());

    for (path, evidence) in [
        (dir.path().join("missing"), "No such file"),
        (short.clone(), "Not a directory"),
    ] {
        engine.send(&format!(
            "setoption name TablebasePath value {}",
            path.display()
        ));
        let lines = engine.sync();
        assert_eq!(errors(&lines).len(), 1, "{lines:?}");
        assert!(
            lines[0].contains(evidence)
                && lines[0].contains("playing on without endgame databases"),
            "{lines:?}"
        );
        engine.send("go depth 3");
        let lines = engine.read_bestmove();
        assert!(lines.iter().all(|l| !l.contains("tbhits")), "{lines:?}");
        assert!(bestmove_of(lines.last().unwrap()).is_some());
    }
    let empty = TempDir::new("protocol-tablebase-empty");
    engine.send(&format!(
        "setoption name TablebasePath value {}",
        empty.path().display()
    ));
    let lines = engine.sync();
    assert!(lines[0].contains("no dame database in"), "{lines:?}");
}
