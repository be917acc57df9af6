//! A whole game in the UGI dialect, driven the way a tournament manager (cutechess-style) does it:
//! the engine plays itself on running clocks until `query gameover` says the game is over, and then
//! `query result` must agree with the library's verdict.

use crate::harness::{Engine, bestmove_of};
use duel_rules::game::{Game, GameRecord, Side};
use duel_rules::games::{Alice, Dame, Dipole, Duel};
use std::time::Instant;

/// Each player's time for the whole game, and the increment. Small, so that a real time manager keeps
/// the test short however long the game runs.
const START_MS: i64 = 2000;
const INCREMENT_MS: i64 = 5;

/// Duel's draw rules end every game: at most 100 quiet plies between captures, and 16 pieces to
/// capture.
const MAX_PLIES: usize = 17 * 100 + 16;

/// Dame's draw rule allows at most 50 king plies between irreversible moves, which are the men's
/// steps (24 men, 7 rows each at most) and the captures (23 at most before a side is left bare).
const DAME_MAX_PLIES: usize = 51 * (24 * 7 + 23 + 1);
/// Alice chess's draw rules end every game: at most 100 quiet plies between irreversible moves, of
/// which there are at most 30 captures and 16 × 6 pawn steps.
const ALICE_MAX_PLIES: usize = (30 + 16 * 6 + 1) * 100;

#[test]
fn engine_plays_itself_until_query_gameover() {
    play_itself::<Duel>(&[], MAX_PLIES);
}

/// Dipole through the same protocol, selected with `UCI_Variant`.
#[test]
fn engine_plays_itself_at_dipole() {
    play_itself::<Dipole>(&["setoption name UCI_Variant value dipole"], MAX_PLIES);
}

/// Dame, whose moves are whole capture sequences (`a1xd4xg7`), selected the same way.
#[test]
fn engine_plays_itself_at_dame() {
    play_itself::<Dame>(&["setoption name UCI_Variant value dame"], DAME_MAX_PLIES);
}

/// Alice chess through the same protocol, selected with `UCI_Variant`.
#[test]
fn engine_plays_itself_at_alice() {
    play_itself::<Alice>(&["setoption name UCI_Variant value alice"], ALICE_MAX_PLIES);
}

/// Plays one game of `G` after the `setup` commands; no game of `G` lasts more than `max_plies`.
fn play_itself<G: Game>(setup: &[&str], max_plies: usize) {
    let mut engine = Engine::start();
    engine.send("ugi");
    engine.read_until(|l| l == "ugiok");
    engine.send("setoption name Hash value 8");
    for line in setup {
        engine.send(line);
    }
    assert!(engine.sync().is_empty());
    engine.send("uginewgame");

    let mut record = GameRecord::new(G::start());
    let mut moves: Vec<String> = Vec::new();
    let mut clocks = [START_MS, START_MS];
    loop {
        if moves.is_empty() {
            engine.send("position startpos");
        } else {
            engine.send(&format!("position startpos moves {}", moves.join(" ")));
        }
        engine.send("query gameover");
        let over = engine.next_line();
        let expected_over = record.termination().is_some();
        assert_eq!(
            over,
            format!("response {expected_over}"),
            "after {} plies",
            moves.len()
        );
        if expected_over {
            break;
        }
        engine.send("query p1turn");
        let white = record.side_to_move() == Side::White;
        assert_eq!(engine.next_line(), format!("response {white}"));

        let started = Instant::now();
        engine.send(&format!(
            "go p1time {} p2time {} p1inc {INCREMENT_MS} p2inc {INCREMENT_MS}",
            clocks[0].max(1),
            clocks[1].max(1)
        ));
        let lines = engine.read_bestmove();
        let used = started.elapsed();
        let last = lines.last().unwrap();
        assert_eq!(
            last.split_whitespace().count(),
            2,
            "UGI bestmove is two tokens: {last}"
        );
        let best = bestmove_of(last).unwrap_or_else(|| engine.fail("no move in bestmove"));
        assert!(
            record.current().parse_move(&best).is_ok(),
            "illegal: {last}"
        );
        let mover = record.side_to_move().index();
        clocks[mover] += INCREMENT_MS - used.as_millis() as i64;

        record.play_text(&best).expect("checked legal above");
        moves.push(best);
        assert!(moves.len() <= max_plies, "the game did not end");
    }

    engine.send("query result");
    let verdict = record.termination().expect("the game is over").outcome();
    let expected = match verdict {
        duel_rules::game::Outcome::Win(Side::White) => "p1win",
        duel_rules::game::Outcome::Win(Side::Black) => "p2win",
        duel_rules::game::Outcome::Draw => "draw",
    };
    assert_eq!(engine.next_line(), format!("response {expected}"));
    engine.send("quit");
    assert!(engine.wait_exit().success());
}
