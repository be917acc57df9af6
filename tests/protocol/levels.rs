//! Levels below full strength: `Skill Level`, `UCI_LimitStrength` and `UCI_Elo` over the pipes.

use crate::harness::{Engine, bestmove_of, errors};
use duel_rules::game::{Game, GameRecord, MoveList};
use duel_rules::games::{Duel, VARIANTS};

/// The three options as `uci` declares them.
#[test]
fn uci_declares_the_strength_options() {
    for hello in ["uci", "ugi"] {
        let mut engine = Engine::start();
        engine.send(hello);
        let lines = engine.read_until(|l| l == "uciok" || l == "ugiok");
        for option in [
            "option name Skill Level type spin default 20 min 0 max 20",
            "option name UCI_LimitStrength type check default false",
            "option name UCI_Elo type spin default 2063 min 463 max 2063",
        ] {
            assert!(lines.iter().any(|l| l == option), "{hello}: {lines:?}");
        }
    }
}

/// Plays `plies` moves of game `G` from its start, the engine at `setup`, checking that every `go`
/// gets exactly one legal `bestmove`.
fn play_limited<G: Game>(variant: &str, setup: &[&str], plies: usize) {
    let mut engine = Engine::start();
    engine.send(&format!("setoption name UCI_Variant value {variant}"));
    for line in setup {
        engine.send(line);
    }
    let mut record = GameRecord::new(G::start());
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..plies {
        if record.termination().is_some() {
            break;
        }
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        engine.send("go movetime 2000");
        let lines = engine.read_bestmove();
        assert!(errors(&lines).is_empty(), "{variant}: {lines:?}");
        let text = bestmove_of(lines.last().unwrap())
            .unwrap_or_else(|| panic!("{variant}: no move in {lines:?}"));
        record
            .play_text(&text)
            .unwrap_or_else(|e| panic!("{variant}: {text} is illegal: {e}"));
        moves.push(text);
        let more = engine.sync();
        assert!(
            !more.iter().any(|l| l.starts_with("bestmove")),
            "{variant}: {more:?}"
        );
    }
}

/// Every game, at a low level, by `Skill Level` and by `UCI_Elo`, answers one legal move per `go`.
#[test]
fn a_limited_level_plays_legal_moves_in_every_game() {
    for &variant in VARIANTS.iter() {
        for setup in [
            &["setoption name Skill Level value 0"][..],
            &[
                "setoption name Skill Level value 9",
                "setoption name MultiPV value 2",
            ],
            &[
                "setoption name UCI_LimitStrength value true",
                "setoption name UCI_Elo value 900",
            ],
        ] {
            duel_rules::with_variant!(variant, G => play_limited::<G>(variant, setup, 8)).unwrap();
        }
    }
}

/// The best move of each position (`moves` after the start) at `go depth 4`, with `setup` sent first;
/// a new game before each, so that no table carries over.
fn choices(setup: &[&str], positions: &[String]) -> Vec<String> {
    let mut engine = Engine::start();
    for line in setup {
        engine.send(line);
    }
    positions
        .iter()
        .map(|moves| {
            engine.send("ucinewgame");
            engine.send(&format!("position startpos moves {moves}"));
            engine.send("go depth 4");
            let lines = engine.read_bestmove();
            bestmove_of(lines.last().unwrap()).expect("a move")
        })
        .collect()
}

/// The positions after each of the first legal moves of Duel's start and a reply.
fn duel_positions() -> Vec<String> {
    let start = Duel::start();
    let mut first = MoveList::new();
    start.generate_moves(&mut first);
    first
        .iter()
        .take(12)
        .map(|&mv| {
            let next = start.make_move(mv);
            let mut replies = MoveList::new();
            next.generate_moves(&mut replies);
            let reply = replies[replies.len() / 2];
            format!("{} {}", start.format_move(mv), next.format_move(reply))
        })
        .collect()
}

/// Level 0 really plays differently from full strength, and going back to level 20 (or turning the
/// limit off) gives exactly the full-strength moves again.
#[test]
fn a_low_level_plays_other_moves_and_full_strength_is_unchanged() {
    let positions = duel_positions();
    let full = choices(&[], &positions);
    let weak = choices(&["setoption name Skill Level value 0"], &positions);
    let differing = full.iter().zip(&weak).filter(|(a, b)| a != b).count();
    assert!(
        differing >= 3,
        "{differing} of {}: {full:?} {weak:?}",
        full.len()
    );
    let back = choices(
        &[
            "setoption name Skill Level value 0",
            "setoption name UCI_LimitStrength value true",
            "setoption name UCI_Elo value 653",
            "setoption name UCI_LimitStrength value false",
            "setoption name Skill Level value 20",
        ],
        &positions,
    );
    assert_eq!(back, full);
    // The same level and position give the same move: the draw is seeded by the position.
    assert_eq!(
        choices(&["setoption name Skill Level value 0"], &positions),
        weak
    );
}

/// Bad values are rejected with an error and keep the old value.
#[test]
fn bad_strength_values_are_rejected_and_change_nothing() {
    let positions = duel_positions();
    let weak = choices(&["setoption name Skill Level value 0"], &positions[..4]);
    let mut engine = Engine::start();
    engine.send("setoption name Skill Level value 0");
    for (option, value, says) in [
        (
            "Skill Level",
            "21",
            "option 'Skill Level' must be from 0 to 20, found 21",
        ),
        (
            "Skill Level",
            "-1",
            "option 'Skill Level' needs a whole number",
        ),
        (
            "UCI_Elo",
            "462",
            "option 'UCI_Elo' must be from 463 to 2063, found 462",
        ),
        ("UCI_Elo", "high", "option 'UCI_Elo' needs a whole number"),
        (
            "UCI_LimitStrength",
            "1",
            "option 'UCI_LimitStrength' must be 'true' or 'false'",
        ),
    ] {
        engine.send(&format!("setoption name {option} value {value}"));
        let lines = engine.sync();
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(lines[0].contains(says), "{lines:?}");
    }
    let still: Vec<String> = positions[..4]
        .iter()
        .map(|moves| {
            engine.send("ucinewgame");
            engine.send(&format!("position startpos moves {moves}"));
            engine.send("go depth 4");
            bestmove_of(engine.read_bestmove().last().unwrap()).expect("a move")
        })
        .collect();
    assert_eq!(still, weak);
}
