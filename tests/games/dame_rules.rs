//! Dame: perft (the rules' figures, and positions from random play and random placements confirmed
//! move by move by the deliberately simple generator in `tests/dame_reference`), one position per
//! capture rule, how the game ends, the draw rules and Zobrist keys; the game's [`Contract`] for the
//! generic properties (round trips, keys, input that must not panic). Notation and the position text
//! are in `dame_text.rs`.

use crate::common;
use crate::contract::Contract;
use crate::dame_reference;

use common::dame::sample_positions;
use common::{legal_moves, legal_texts};
use dame_reference::RefPosition;
use duel_engine::engine::perft::perft;
use duel_rules::game::{Game, GameRecord, Outcome, Rng, SearchHooks, Side, Termination};
use duel_rules::games::Dame;
use duel_rules::games::dame::{KING_MOVES_DRAW, Move, START_TEXT, Square};

impl Contract for Dame {
    const SAMPLE_GAMES: usize = 40;
    const KEYED_FIELDS: usize = 2;
    const KEYS_AT_LEAST: usize = 1000;
    const MOST_MOVES: usize = 512;
    const ALPHABET: &'static str = "mkMK123456789/ wb-x0é\tabcdefghLW";

    fn compute_hash(&self) -> u64 {
        duel_rules::games::dame::Position::compute_hash(self)
    }

    fn playouts(seed: u64, games: usize) -> Vec<Self> {
        common::dame::playouts(seed, games)
    }
}

fn position(text: &str) -> Dame {
    Dame::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The reference generator's name for a move: `from-to:captured squares`, sorted by column then row.
fn key(mv: Move) -> String {
    let mut captured: Vec<Square> = Square::in_set(mv.captured()).collect();
    captured.sort_by_key(|sq| (sq.column(), sq.row()));
    let names: Vec<String> = captured.iter().map(Square::to_string).collect();
    format!("{}-{}:{}", mv.from(), mv.to(), names.join(","))
}

// ---------------------------------------------------------------------------------------------
// Perft

#[test]
fn perft_from_the_start_matches_the_rules() {
    let start = Dame::start();
    for (depth, nodes) in [
        (1, 7),
        (2, 49),
        (3, 302),
        (4, 1_469),
        (5, 7_361),
        (6, 36_768),
    ] {
        assert_eq!(perft(&start, depth), nodes, "depth {depth}");
    }
}

/// Well under a second in release builds, far longer in debug ones.
#[test]
#[cfg_attr(debug_assertions, ignore)]
fn perft_7_and_8_from_the_start_match_the_rules() {
    let start = Dame::start();
    assert_eq!(perft(&start, 7), 179_740);
    assert_eq!(perft(&start, 8), 845_931);
}

/// A few seconds: run with `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn perft_9_from_the_start_matches_the_rules() {
    assert_eq!(perft(&Dame::start(), 9), 3_963_671);
}

#[test]
fn the_reference_generator_confirms_the_start_counts() {
    let start = RefPosition::from_text(START_TEXT);
    let counts: Vec<u64> = (1..=4).map(|d| start.perft(d)).collect();
    assert_eq!(counts, [7, 49, 302, 1_469]);
}

/// Move lists (every route of every move), winners and the positions after each move agree with the
/// simple generator, and random play meets every kind of capture the rules describe.
#[test]
fn legal_moves_and_resulting_positions_match_the_reference() {
    let positions = sample_positions(99);
    assert!(positions.len() > 2500, "{}", positions.len());
    let (mut king_landings, mut routes, mut man_multi, mut king_multi, mut crowned) =
        (0, 0, 0, 0, 0);
    for pos in &positions {
        let text = pos.to_text();
        let reference = RefPosition::from_text(&text);
        let expected = reference.legal_moves();
        let moves = legal_moves(pos);
        let mut keys: Vec<String> = moves.iter().map(|&mv| key(mv)).collect();
        keys.sort();
        let expected_keys: Vec<&str> = expected.iter().map(|m| m.key.as_str()).collect();
        assert_eq!(keys, expected_keys, "{text}");
        let winner = pos.decided_winner().map(|side| side.to_string());
        assert_eq!(winner.as_deref(), reference.winner(), "{text}");
        for &mv in &moves {
            let routes_of = &expected.iter().find(|m| m.key == key(mv)).unwrap().routes;
            let written = pos.format_move(mv);
            assert!(routes_of.contains(&written), "{written} in {text}");
            let after = pos.make_move(mv);
            assert_eq!(
                after.to_text(),
                reference.play(&key(mv)).to_text(),
                "{written}"
            );
            assert_eq!(after.hash(), after.compute_hash(), "{written} in {text}");

            let king = pos.piece_at(mv.from()).is_some_and(|p| p.king);
            let captures = mv.captured().count_ones();
            routes += usize::from(routes_of.len() > 1);
            man_multi += usize::from(!king && captures > 1);
            king_multi += usize::from(king && captures > 1);
            crowned += usize::from(!king && captures > 0 && after.piece_at(mv.to()).unwrap().king);
            king_landings += usize::from(
                king && moves
                    .iter()
                    .any(|&o| o != mv && o.from() == mv.from() && o.captured() == mv.captured()),
            );
        }
    }
    for (what, count) in [
        ("kings with several landing squares", king_landings),
        ("moves made by several routes", routes),
        ("multi-captures by men", man_multi),
        ("multi-captures by kings", king_multi),
        ("men crowned at the end of a capture", crowned),
    ] {
        assert!(count >= 10, "random play met only {count} {what}");
    }
}

/// Perft 1 to 3 of sampled positions agree with the simple generator.
#[test]
fn perft_to_depth_3_matches_the_reference() {
    let positions = sample_positions(7);
    for pos in positions.iter().step_by(25) {
        let text = pos.to_text();
        let reference = RefPosition::from_text(&text);
        for depth in 1..=3 {
            assert_eq!(
                perft(pos, depth),
                reference.perft(depth),
                "{text} depth {depth}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The capture rules, one position each

/// The rules' example: the king on a1 takes c3 and f6, landing on d4 or e5 in between (both let it go
/// on) and on g7 or h8 at the end. Each end is one move, written by its first route.
#[test]
fn routes_with_one_start_end_and_captures_are_one_move() {
    let pos = position("8/8/5m2/8/8/2m5/8/K7 w");
    assert_eq!(legal_texts(&pos), ["a1xd4xg7", "a1xd4xh8"]);
    let mv = pos.parse_move("a1xd4xg7").unwrap();
    assert_eq!(pos.parse_move("a1xe5xg7"), Ok(mv));
    assert_eq!(pos.parse_move("a1xg7"), Ok(mv));
    assert_eq!(
        pos.format_move(pos.parse_move("a1xe5xg7").unwrap()),
        "a1xd4xg7"
    );
}

/// Beyond c3 the king could land on d4, e5, f6, g7 or h8, but only from d4 can it go on (taking f2):
/// it must land there.
#[test]
fn a_king_lands_where_it_can_go_on_capturing() {
    let pos = position("8/8/8/8/8/2m5/5m2/K7 w");
    assert_eq!(legal_texts(&pos), ["a1xd4xg1"]);
    // With nothing to take after c3, every square beyond it is a move.
    let pos = position("7K/8/8/8/8/2m5/8/8 w");
    assert_eq!(legal_texts(&pos), ["h8xa1", "h8xb2"]);
}

/// Men capture forward only; kings in every direction, from a distance.
#[test]
fn men_capture_forward_only_and_kings_both_ways() {
    let man = position("8/8/8/8/3M4/2m5/8/8 w");
    assert_eq!(legal_texts(&man), ["d4-c5", "d4-e5"]);
    let king = position("8/8/8/8/3K4/2m5/8/8 w");
    assert_eq!(legal_texts(&king), ["d4xa1", "d4xb2"]);
    // Black men capture towards row 1.
    let black = position("8/8/8/8/3m4/2M5/8/8 b");
    assert_eq!(legal_texts(&black), ["d4xb2"]);
}

/// The king on d2 can go round the four men of the diamond either way and come back to its start
/// square (empty once it has left): one move, whichever way round. Then e3 and c3, captured, still
/// stand on the board and block its lines, so it cannot go on to take g5 as well: no move takes all
/// five. Nor is a piece ever jumped twice.
#[test]
fn captured_pieces_block_until_the_move_ends() {
    let pos = position("8/8/8/2m1m1m1/8/2m1m3/3K4/8 w");
    assert_eq!(
        legal_texts(&pos),
        [
            "d2xb4xd6xf4xc1",
            "d2xb4xd6xf4xh6",
            "d2xb4xe7xh4",
            "d2xf4xd6xb4xd2",
            "d2xf4xd6xb4xe1",
            "d2xf4xh6"
        ]
    );
    let round = pos.parse_move("d2xf4xd6xb4xd2").unwrap();
    assert_eq!(pos.parse_move("d2xb4xd6xf4xd2"), Ok(round));
    assert_eq!(round.captured().count_ones(), 4);
    let most = legal_moves(&pos)
        .iter()
        .map(|mv| mv.captured().count_ones())
        .max();
    assert_eq!(most, Some(4));
}

/// No majority rule: taking one piece is as legal as taking two.
#[test]
fn any_capture_sequence_may_be_chosen() {
    let pos = position("8/8/5m2/8/5m2/4M3/1m6/M7 w");
    assert_eq!(legal_texts(&pos), ["a1xc3", "e3xg5xe7"]);
}

/// Capturing is compulsory: while a capture exists, no plain move is legal.
#[test]
fn capturing_is_compulsory() {
    let pos = position("8/8/8/8/8/2m5/5m1M/K7 w");
    assert!(pos.in_check(), "the side to move must capture");
    assert_eq!(legal_texts(&pos), ["a1xd4xg1"]);
    assert!(!Dame::start().in_check());
}

/// Two men's sequences: c1 takes b2 then b4, or d2 then d4, both ending on c5.
#[test]
fn men_take_several_pieces() {
    let pos = position("8/8/8/8/1m1m4/8/1m1m4/2M5 w");
    assert_eq!(legal_texts(&pos), ["c1xa3xc5", "c1xe3xc5"]);
    let after = pos.make_move(pos.parse_move("c1xa3xc5").unwrap());
    assert_eq!(after.to_text(), "8/8/8/2M5/3m4/8/3m4/8 b");
}

/// A man reaching the far row by a capture is crowned when the move ends, and not before: on d8 a
/// king could go on to take e7, a man cannot.
#[test]
fn a_man_is_crowned_at_the_end_of_its_capture() {
    let pos = position("8/2m1m3/1M6/8/8/8/8/8 w");
    assert_eq!(legal_texts(&pos), ["b6xd8"]);
    let after = pos.make_move(legal_moves(&pos)[0]);
    assert_eq!(after.to_text(), "3K4/4m3/8/8/8/8/8/8 b");
    // A plain move onto the far row crowns too.
    let step = position("8/M7/8/8/8/8/8/6k1 w");
    let after = step.make_move(step.parse_move("a7-b8").unwrap());
    assert_eq!(after.to_text(), "1K6/8/8/8/8/8/8/6k1 b");
}

// ---------------------------------------------------------------------------------------------
// How the game ends

#[test]
fn taking_the_last_piece_wins() {
    let mut record = GameRecord::new(position("8/8/8/8/3m4/2M5/8/8 w"));
    assert_eq!(record.termination(), None);
    record.play_text("c3xe5").unwrap();
    assert_eq!(record.current().decided_winner(), Some(Side::White));
    assert!(matches!(
        record.termination(),
        Some(Termination::Goal {
            winner: Side::White,
            ..
        })
    ));
    assert!(legal_moves(record.current()).is_empty());
}

#[test]
fn a_side_that_cannot_move_loses() {
    // White's men on a1 and c1 can neither step nor take.
    let record = GameRecord::new(position("8/8/8/8/8/m1m1m3/1m1m4/M1M5 w"));
    assert!(!record.current().has_legal_move());
    assert_eq!(
        record.termination(),
        Some(Termination::NoLegalMove {
            stuck: Side::White,
            outcome: Outcome::Win(Side::Black),
        })
    );
}

#[test]
fn fifty_plies_of_king_moves_without_capture_draw() {
    assert_eq!(Dame::DRAW_RULES.quiet_plies, Some(50));
    assert_eq!(Dame::DRAW_RULES.repetitions, Some(3));
    let pos = position("8/k7/8/8/8/8/8/K7 w 49");
    let mut record = GameRecord::new(pos);
    assert_eq!(record.termination(), None);
    record.play_text("a1-b2").unwrap();
    assert_eq!(record.current().quiet_plies(), KING_MOVES_DRAW);
    assert_eq!(record.termination(), Some(Termination::QuietPlies));
}

#[test]
fn a_man_move_or_a_capture_restarts_the_king_count() {
    let pos = position("7k/8/8/8/8/2M5/8/K7 w 20");
    let king = pos.make_move(pos.parse_move("a1-b2").unwrap());
    assert_eq!(king.quiet_plies(), 21);
    let man = pos.make_move(pos.parse_move("c3-d4").unwrap());
    assert_eq!(man.quiet_plies(), 0);
    let capture = position("7k/8/8/8/8/2m5/8/K7 w 20");
    let after = capture.make_move(capture.parse_move("a1xd4").unwrap());
    assert_eq!(after.quiet_plies(), 0);
}

#[test]
fn third_repetition_draws() {
    // The kings never share a diagonal, so neither can capture.
    let mut record = GameRecord::new(position("8/k7/8/8/8/8/8/K7 w"));
    let shuffle = ["a1-b2", "a7-b8", "b2-a1", "b8-a7"];
    for mv in shuffle {
        record.play_text(mv).unwrap();
        assert_eq!(record.termination(), None);
    }
    for (i, mv) in shuffle.iter().enumerate() {
        record.play_text(mv).unwrap();
        let expected = (i == 3).then_some(Termination::Repetition);
        assert_eq!(record.termination(), expected, "after {mv}");
    }
}

// ---------------------------------------------------------------------------------------------
// Keys and the bench positions

#[test]
fn the_key_depends_on_the_side_not_the_count() {
    let white = position("7k/8/8/8/8/8/8/K7 w");
    let black = position("7k/8/8/8/8/8/8/K7 b");
    assert_ne!(white.hash(), black.hash());
    assert_eq!(
        white.hash(),
        position("7k/8/8/8/8/8/8/K7 w 12").hash(),
        "the count is not keyed"
    );
}

/// The bench positions are what their doc says: seeded random play from the start.
#[test]
fn the_bench_positions_replay_from_the_start() {
    let replay = |seed: u64, plies: usize| -> String {
        let mut rng = Rng::new(seed);
        let mut pos = Dame::start();
        for _ in 0..plies {
            let moves = legal_moves(&pos);
            pos = pos.make_move(*rng.pick(&moves).expect("the game goes on"));
        }
        pos.to_text()
    };
    let expected = [
        START_TEXT.to_string(),
        replay(3, 16),
        replay(8, 16),
        replay(26, 24),
    ];
    assert_eq!(Dame::BENCH_POSITIONS, expected);
    for text in Dame::BENCH_POSITIONS {
        assert!(position(text).has_legal_move(), "{text}");
    }
}
