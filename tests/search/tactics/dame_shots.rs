//! Dame's suite of shots (`tests/search/tactics/dame-shots.txt`, made and measured by
//! `scripts/measure/dame-shots.py`; docs/tactics.md, "Dame"): positions from played games where a
//! quiet move starts a combination that a deep search proves and a shallow one misses. Its measure
//! is a script's (nodes until the answer is found), not a test's; this test keeps the file from
//! rotting: every line is a position of the rules' with the side to move free to choose (no capture
//! due), and its answer one of its legal moves, quiet.

use crate::common::legal_texts;
use duel_rules::game::Game;
use duel_rules::games::Dame;

#[test]
fn every_shot_is_a_legal_quiet_move_of_a_position_without_a_capture_due() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/search/tactics/dame-shots.txt"
    );
    let text = std::fs::read_to_string(path).expect("the suite file reads");
    let mut lines = 0;
    for line in text.lines().filter(|line| !line.trim().is_empty()) {
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let [position, answer, proof] = fields[..] else {
            panic!("expected 3 fields: {line}");
        };
        let pos = Dame::from_text(position).unwrap_or_else(|e| panic!("{position}: {e}"));
        let answer = answer.strip_prefix("answer ").expect("an answer field");
        let (score, depth) = proof
            .strip_prefix("proof ")
            .and_then(|p| p.split_once('/'))
            .expect("a proof field: <centimen>/<depth>");
        assert!(score.parse::<i32>().expect("a score") > 0, "{line}");
        assert!(depth.parse::<u32>().expect("a depth") > 6, "{line}");
        let moves = legal_texts(&pos);
        assert!(
            moves.contains(&answer.to_string()),
            "{answer} is not legal in {position}"
        );
        assert!(
            moves.iter().all(|mv| !mv.contains('x')),
            "a capture is due in {position}"
        );
        lines += 1;
    }
    assert!(lines >= 20, "the suite has {lines} shots");
}
