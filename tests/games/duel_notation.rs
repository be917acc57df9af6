//! Move notation: the rules' examples, the start moves, lenient input and round trips.

use crate::common;
use crate::contract;

use common::legal_texts;
use duel_rules::game::{Game, MoveList, MoveTextError};
use duel_rules::games::Duel;
use duel_rules::games::duel::MoveError;

const START_MOVES: &str = "A1-A6 A1-b5 A1-c4 A1-d3+ A1-e2 B1-B2 C1-C3 C1-b2 C1-d2 D1-D7 D1-a4 D1-b5 \
    D1-c6 D1-e6 D1-f5 D1-g4 D1-h3 D1-i2 E1-E2 F1-F7 F1-a2 F1-b3 F1-c4 F1-d5 F1-e6+ F1-g6 F1-h5 F1-i4 \
    G1-G3 G1-f2 G1-h2 H1-H2 I1-I6 I1-e2 I1-f3 I1-g4 I1-h5+";

#[test]
fn the_37_start_moves_with_their_marks() {
    let mut expected: Vec<String> = START_MOVES.split_whitespace().map(String::from).collect();
    expected.sort();
    assert_eq!(legal_texts(&Duel::start()), expected);
}

/// Each example of the rules' notation section, in a position (reached by random play) where it is
/// legal, with the mark the rules give it.
#[test]
fn every_example_of_the_rules_parses_and_formats_back() {
    let examples = [
        ("D1-e6", duel_rules::games::duel::START_DFEN),
        ("H1-H2", duel_rules::games::duel::START_DFEN),
        ("F1-e6+", duel_rules::games::duel::START_DFEN),
        (
            "e3xh3",
            "1b134b232/w316b151/1b421bK5/8w53/9/4b322w631/1w123wK2b12/6w542 b 5 32",
        ),
        ("a1-B4", "1w467/b427b42/9/1wK7/7bK1/9/9/b428 b 1 83"),
        (
            "I1-h5++",
            "1b13b23b63bK1b232/3w133w641/b248/9/2w321w514/9/5b143/1w14w241wK2w14w54 w 3 10",
        ),
    ];
    for (text, dfen) in examples {
        let pos = Duel::from_text(dfen).unwrap();
        let mv = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(pos.format_move(mv), text);
    }
}

#[test]
fn the_rules_examples_leave_the_board_as_described() {
    let start = Duel::start();
    let after = start.make_move(start.parse_move("F1-e6").unwrap());
    // The rules print this position with the counters "0 1"; one ply without a capture has been
    // played, so the plies-since-capture counter the rules define is 1 (see the issue note).
    let rules_dfen = "b53b13b23b63bKb63b23b13b53/9/4w264/9/9/9/9/w54w14w24w64wK1w24w14w54 b 0 1";
    assert_eq!(after.to_text(), rules_dfen.replace(" b 0 1", " b 1 1"));
    assert_eq!(Duel::from_text(rules_dfen).unwrap().hash(), after.hash());
    assert!(after.in_check());
    let e6 = duel_rules::games::duel::Square::at(4, 5).unwrap();
    let after = start.make_move(start.parse_move("D1-e6").unwrap());
    assert_eq!(after.die_faces(e6).map(|(top, _)| top), Some(5));
    assert!(!after.in_check());
}

#[test]
fn paths_are_told_apart_by_letter_case() {
    let mut twins = 0;
    for pos in common::random_positions(&Duel::start(), 5, 20, 80) {
        let mut moves = MoveList::new();
        pos.generate_moves(&mut moves);
        for &a in moves.iter() {
            for &b in moves.iter() {
                if a != b && a.from() == b.from() && a.to() == b.to() {
                    twins += 1;
                    // The two paths leave the die in different orientations, so only the marks may
                    // differ beyond the letter case.
                    let (ta, tb) = (pos.format_move(a), pos.format_move(b));
                    let (ca, cb) = (ta.trim_end_matches('+'), tb.trim_end_matches('+'));
                    assert!(ca.eq_ignore_ascii_case(cb) && ca != cb, "{ta} / {tb}");
                    assert_ne!(
                        ta.as_bytes()[0].is_ascii_uppercase(),
                        tb.as_bytes()[0].is_ascii_uppercase()
                    );
                }
            }
        }
    }
    assert!(
        twins > 100,
        "random play should meet many two-path twins, met {twins}"
    );
}

#[test]
fn input_is_lenient_about_separator_marks_spaces_and_straight_case() {
    let pos = Duel::start();
    let canonical = pos.parse_move("F1-e6+").unwrap();
    for text in [
        "F1-e6",
        "F1xe6",
        "F1-e6++",
        "F1-e6 +",
        "  F1-e6  ",
        "F1xe6 ++",
    ] {
        assert_eq!(pos.parse_move(text), Ok(canonical), "{text}");
    }
    let straight = pos.parse_move("H1-H2").unwrap();
    for text in ["h1-h2", "H1-h2", "h1xH2"] {
        assert_eq!(pos.parse_move(text), Ok(straight), "{text}");
    }
}

#[test]
fn bad_moves_are_rejected_with_the_reason() {
    let pos = Duel::start();
    type Expected = fn(&MoveError) -> bool;
    let cases: [(&str, Expected); 10] = [
        ("D1-E6", |e| matches!(e, MoveError::Ambiguous(_))),
        ("d1-e6", |e| matches!(e, MoveError::Ambiguous(_))),
        ("D1-e9", |e| {
            matches!(e, MoveError::Text(MoveTextError::Syntax { .. }))
        }),
        ("D1e6", |e| {
            matches!(e, MoveError::Text(MoveTextError::Syntax { .. }))
        }),
        ("D1/e6", |e| {
            matches!(e, MoveError::Text(MoveTextError::Syntax { .. }))
        }),
        ("D4-D5", |e| matches!(e, MoveError::NoPiece(_))),
        ("D8-D2", |e| matches!(e, MoveError::NotYourPiece(_))),
        ("D1-D6", |e| {
            matches!(
                e,
                MoveError::WrongDistance {
                    top: 6,
                    distance: 5,
                    ..
                }
            )
        }),
        ("E1-E3", |e| matches!(e, MoveError::KingStep(_))),
        ("C1-C4", |e| {
            matches!(
                e,
                MoveError::WrongDistance {
                    top: 2,
                    distance: 3,
                    ..
                }
            )
        }),
    ];
    for (text, expected) in cases {
        let err = contract::refused_move(&pos, text);
        assert!(expected(&err), "{text}: got {err:?}");
    }
    // A1 shows 5: a1-E2 would pass over B1, which is occupied.
    let blocked = pos.parse_move("a1-E2").expect_err("blocked");
    assert_eq!(blocked.to_string(), "the path A1–E2 is blocked at B1");
    // The king may not step next to danger: after F1-e6 Black's king is attacked and must answer.
    let after = pos.make_move(pos.parse_move("F1-e6").unwrap());
    let err = after
        .parse_move("H8-H7")
        .expect_err("leaves the king attacked");
    assert!(
        matches!(err, MoveError::LeavesKingAttacked(ref by) if by.len() == 1),
        "{err:?}"
    );
    assert_eq!(err.to_string(), "this move leaves your king attacked by E6");
}
