//! Many rapid search cycles: exactly one `bestmove` per `go`, each legal in its own position.

use crate::harness::{Engine, assert_legal_bestmove, record_of};
use duel_rules::game::GameRecord;
use duel_rules::games::Duel;

const CYCLES: usize = 1000;

#[test]
fn a_thousand_position_go_stop_isready_cycles() {
    let lines_of_play: [&[&str]; 4] = [&[], &["D1-e6"], &["D1-e6", "D8-D2"], &["F1-e6", "E8-E7"]];
    let records: Vec<GameRecord<Duel>> = lines_of_play
        .iter()
        .map(|moves| record_of(&moves.iter().map(|m| m.to_string()).collect::<Vec<_>>()))
        .collect();
    let gos = [
        "go movetime 1",
        "go infinite",
        "go depth 1",
        "go wtime 5 btime 5",
        "go nodes 1",
    ];

    let mut engine = Engine::start();
    // The whole script goes out in a few large writes, as fast as the pipe takes it; the harness
    // drains the engine's output on its own thread meanwhile.
    let mut script = String::new();
    let mut expected = Vec::with_capacity(CYCLES);
    for cycle in 0..CYCLES {
        let which = cycle % records.len();
        let moves = lines_of_play[which].join(" ");
        script.push_str(&format!("position startpos moves {moves}\n"));
        script.push_str(gos[cycle % gos.len()]);
        script.push_str("\nstop\nisready\n");
        expected.push(which);
        if script.len() > 32 * 1024 {
            engine.send_raw(script.as_bytes());
            script.clear();
        }
    }
    engine.send_raw(script.as_bytes());

    for (cycle, &which) in expected.iter().enumerate() {
        let lines = engine.read_until(|l| l == "readyok");
        let bestmoves: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
        if bestmoves.len() != 1 {
            engine.fail(&format!(
                "cycle {cycle}: {} bestmove lines: {lines:?}",
                bestmoves.len()
            ));
        }
        assert_legal_bestmove(records[which].current(), bestmoves[0]);
        if lines.iter().any(|l| l.starts_with("info string error")) {
            engine.fail(&format!("cycle {cycle}: {lines:?}"));
        }
    }
    assert!(engine.sync().is_empty());
}
