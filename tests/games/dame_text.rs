//! Dame's move notation and position text: round trips through every route of a move over random
//! play, the lenient input, and every rejection named.

use crate::common;
use crate::contract;
use crate::dame_reference;

use common::dame::sample_positions;
use common::legal_moves;
use dame_reference::RefPosition;
use duel_rules::game::board_rows::RowsError;
use duel_rules::game::side_field::SideFieldError;
use duel_rules::game::{Game, MoveTextError, Side};
use duel_rules::games::Dame;
use duel_rules::games::dame::{FenError, Move, MoveError, START_TEXT, Square};

fn position(text: &str) -> Dame {
    Dame::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sq(name: &str) -> Square {
    let b = name.as_bytes();
    Square::at(i32::from(b[0] - b'a'), i32::from(b[1] - b'1')).unwrap()
}

// ---------------------------------------------------------------------------------------------
// Move notation

/// Every move reads back from its text, from every route that makes it (the reference lists them),
/// and from `from x to` when no other move shares its start and end (or when it is a single
/// capture's whole route). A route cut short is a sequence that stops while it could go on.
#[test]
fn every_legal_move_round_trips_through_its_texts() {
    for pos in sample_positions(11) {
        let text = pos.to_text();
        let moves = legal_moves(&pos);
        let expected = RefPosition::from_text(&text).legal_moves();
        for &mv in &moves {
            let written = pos.format_move(mv);
            assert_eq!(pos.parse_move(&written), Ok(mv), "{written} in {text}");
            let twins = moves
                .iter()
                .filter(|o| o.from() == mv.from() && o.to() == mv.to())
                .count();
            // A single capture's route is `from x to` itself, and is read as such first.
            let single = moves.iter().copied().find(|o| {
                o.from() == mv.from() && o.to() == mv.to() && o.captured().count_ones() == 1
            });
            let short = format!("{}x{}", mv.from(), mv.to());
            match (pos.parse_move(&short), single) {
                (Ok(parsed), Some(single)) => assert_eq!(parsed, single, "{short} in {text}"),
                (Ok(parsed), None) => assert!(twins == 1 && parsed == mv, "{short} in {text}"),
                (Err(MoveError::Ambiguous { moves, .. }), None) => assert_eq!(moves.len(), twins),
                (got, _) => panic!("{short} in {text}: {got:?}"),
            }
            let routes = &expected
                .iter()
                .find(|m| m.routes.contains(&written))
                .unwrap_or_else(|| panic!("{written} in {text}"))
                .routes;
            for route in routes {
                assert_eq!(pos.parse_move(route), Ok(mv), "{route} in {text}");
                let squares: Vec<&str> = route.split('x').collect();
                for cut in 3..squares.len() {
                    let prefix = squares[..cut].join("x");
                    let at = sq(squares[cut - 1]);
                    assert_eq!(
                        pos.parse_move(&prefix),
                        Err(MoveError::StopsEarly { at }),
                        "{prefix} in {text}"
                    );
                }
            }
        }
    }
}

/// Over every text naming two dark squares, parsing accepts exactly the moves the generator makes
/// (where one move has that start and end), and each rejection names a rule — never the safety net.
#[test]
fn parsing_accepts_exactly_the_generated_moves() {
    let pairs: Vec<(Square, Square)> = Square::all()
        .flat_map(|from| Square::all().map(move |to| (from, to)))
        .collect();
    for pos in sample_positions(17).iter().step_by(7) {
        let moves = legal_moves(pos);
        for &(from, to) in &pairs {
            let matching: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|mv| mv.from() == from && mv.to() == to)
                .collect();
            for text in [format!("{from}-{to}"), format!("{from}x{to}")] {
                match (pos.parse_move(&text), &matching[..]) {
                    (Ok(parsed), [mv]) => assert_eq!(parsed, *mv),
                    // A single capture written in full, beside a longer sequence with its ends.
                    (Ok(parsed), [_, _, ..]) => {
                        assert!(matching.contains(&parsed) && parsed.captured().count_ones() == 1)
                    }
                    (Err(MoveError::Illegal(_)), _) => panic!("{text} in {}", pos.to_text()),
                    (Err(MoveError::Ambiguous { .. }), [_, _, ..]) => {}
                    (Err(e), []) => contract::assert_reason(&e, &text),
                    (got, _) => panic!("{text} in {}: {got:?}", pos.to_text()),
                }
            }
        }
    }
}

#[test]
fn input_is_lenient_about_case_separators_and_spaces() {
    let start = Dame::start();
    let c3_d4 = start.parse_move("c3-d4").unwrap();
    for text in ["C3-D4", "c3xd4", "c3d4", "  c3-d4 ", "c3 - d4", "C3Xd4"] {
        assert_eq!(start.parse_move(text), Ok(c3_d4), "{text}");
    }
    let pos = position("8/8/5m2/8/8/2m5/8/K7 w");
    let mv = pos.parse_move("a1xd4xg7").unwrap();
    for text in ["A1XD4XG7", "a1-d4-g7", "a1 x e5 x g7", "a1e5g7", "a1xg7"] {
        assert_eq!(pos.parse_move(text), Ok(mv), "{text}");
    }
}

/// Positions for the rejections: a king that must land on d4 to go on and take f2 (with a White man
/// on h2 that could step but must not); the men's diamond, where c1 reaches c5 two ways; a king
/// blocked by its own man; two Black men in a row on a king's diagonal; a man before two squares.
const MUST_LAND: &str = "8/8/8/8/8/2m5/5m1M/K7 w";
const DIAMOND: &str = "8/8/8/8/1m1m4/8/1m1m4/2M5 w";
const OWN_BLOCK: &str = "7k/8/8/8/8/2M5/8/K7 w";
const TWO_IN_LINE: &str = "8/8/8/4m3/8/2m5/8/K7 w";
const ROUND_TRIP: &str = "8/8/5m2/8/8/2m5/8/K7 w";
const MAN_JUMP: &str = "8/8/8/8/3m4/2M5/8/6k1 w";

#[test]
fn bad_moves_are_rejected_with_the_reason() {
    use MoveError::*;
    let syntax = |e: &MoveError| matches!(e, Text(MoveTextError::Syntax { .. }));
    type Check = Box<dyn Fn(&MoveError) -> bool>;
    let is = |expected: MoveError| -> Check { Box::new(move |e| *e == expected) };
    let cases: Vec<(&str, &str, Check)> = vec![
        (START_TEXT, "", is(Text(MoveTextError::Empty))),
        (START_TEXT, "   ", is(Text(MoveTextError::Empty))),
        (START_TEXT, "-d4", Box::new(syntax)),
        (START_TEXT, "c3-", Box::new(syntax)),
        (START_TEXT, "c3", Box::new(syntax)),
        (START_TEXT, "c3/d4", Box::new(syntax)),
        (START_TEXT, "c3-d4x", Box::new(syntax)),
        (START_TEXT, "é3-d4", Box::new(syntax)),
        (
            START_TEXT,
            "a1xc3xe5xg7xe5xc3xa1xc3xe5xg7xe5xc3xa1xc3",
            Box::new(syntax),
        ),
        (
            START_TEXT,
            "i3-d4",
            is(Text(MoveTextError::NotASquare("i3".into()))),
        ),
        (
            START_TEXT,
            "c3-d9",
            is(Text(MoveTextError::NotASquare("d9".into()))),
        ),
        (
            START_TEXT,
            "c3-d44",
            is(Text(MoveTextError::NotASquare("d44".into()))),
        ),
        (START_TEXT, "b3-c4", is(LightSquare("b3".into()))),
        (START_TEXT, "c3-D3", is(LightSquare("d3".into()))),
        (START_TEXT, "d4-e5", is(NoPiece(sq("d4")))),
        (START_TEXT, "b6-a5", is(NotYourPiece(sq("b6")))),
        (START_TEXT, "c3-c3", is(SameSquare(sq("c3")))),
        (
            START_TEXT,
            "c3-c5",
            is(NotDiagonal {
                from: sq("c3"),
                to: sq("c5"),
            }),
        ),
        (
            START_TEXT,
            "c3-e5",
            is(ManTooFar {
                from: sq("c3"),
                to: sq("e5"),
            }),
        ),
        (START_TEXT, "b2-c3", is(Occupied(sq("c3")))),
        (
            OWN_BLOCK,
            "c3-b2",
            is(ManBackward {
                from: sq("c3"),
                to: sq("b2"),
            }),
        ),
        (
            OWN_BLOCK,
            "a1-e5",
            is(Blocked {
                from: sq("a1"),
                to: sq("e5"),
                by: sq("c3"),
            }),
        ),
        (OWN_BLOCK, "a1xd4xf6", is(JumpsOwnPiece { over: sq("c3") })),
        (
            MUST_LAND,
            "h2-g3",
            is(MustCapture {
                from: sq("h2"),
                to: sq("g3"),
                capturers: vec![sq("a1")],
            }),
        ),
        (
            MUST_LAND,
            "a1-b2",
            is(MustCapture {
                from: sq("a1"),
                to: sq("b2"),
                capturers: vec![sq("a1")],
            }),
        ),
        (
            MUST_LAND,
            "a1xe5",
            is(MustLandToContinue {
                landed: sq("e5"),
                choices: vec![sq("d4")],
            }),
        ),
        (MUST_LAND, "a1xd4", is(StopsEarly { at: sq("d4") })),
        (
            MUST_LAND,
            "a1xd4xf6",
            is(NothingToJump {
                from: sq("d4"),
                to: sq("f6"),
            }),
        ),
        (MUST_LAND, "a1xd4xc3", is(Occupied(sq("c3")))),
        (DIAMOND, "c1xa3", is(StopsEarly { at: sq("a3") })),
        (
            DIAMOND,
            "c1xc5",
            is(Ambiguous {
                from: sq("c1"),
                to: sq("c5"),
                moves: vec!["c1xa3xc5".into(), "c1xe3xc5".into()],
            }),
        ),
        (
            DIAMOND,
            "c1xa3xc5xe7",
            is(NothingToJump {
                from: sq("c5"),
                to: sq("e7"),
            }),
        ),
        (
            TWO_IN_LINE,
            "a1xf6xh8",
            is(JumpsTwoPieces {
                from: sq("a1"),
                to: sq("f6"),
            }),
        ),
        (ROUND_TRIP, "a1xd4xg7xd4", is(JumpsTwice { over: sq("f6") })),
        (
            MAN_JUMP,
            "c3xf6",
            is(ManJumpTooLong {
                from: sq("c3"),
                to: sq("f6"),
            }),
        ),
        (
            "8/8/8/4M3/3m4/2M5/8/8 b",
            "d4xf6",
            is(ManBackward {
                from: sq("d4"),
                to: sq("f6"),
            }),
        ),
        (
            "8/8/8/8/8/8/8/M7 b",
            "a1-b2",
            is(GameOver {
                winner: Side::White,
            }),
        ),
    ];
    for (text, mv, expected) in cases {
        let err = contract::refused_move(&position(text), mv);
        assert!(expected(&err), "{mv} in {text}: got {err:?}");
    }
    let must_land = position(MUST_LAND);
    assert_eq!(
        must_land.parse_move("a1xe5").unwrap_err().to_string(),
        "the king cannot go on capturing from e5: it must land where it can (d4)"
    );
    assert_eq!(
        must_land.parse_move("h2-g3").unwrap_err().to_string(),
        "h2-g3 captures nothing, but capturing is compulsory (pieces that can capture: a1)"
    );
    assert_eq!(
        must_land.parse_move("a1xd4").unwrap_err().to_string(),
        "the capture sequence stops on d4, but it can go on: a move takes all it can"
    );
    assert_eq!(
        position(DIAMOND)
            .parse_move("c1xc5")
            .unwrap_err()
            .to_string(),
        "c1xc5 matches 2 moves (c1xa3xc5, c1xe3xc5): give the landing squares"
    );
}

#[test]
fn non_ascii_and_odd_input_does_not_panic() {
    let start = Dame::start();
    for text in [
        "é",
        "c3-dé",
        "c3—d4",
        "ｃ3-d4",
        "c3-d4\u{0}",
        "xx",
        "c3xxd4",
        "c3--d4",
        "x",
    ] {
        let _ = start.parse_move(text);
    }
}

// ---------------------------------------------------------------------------------------------
// Position text

#[test]
fn the_start_position_text() {
    assert_eq!(Dame::start().to_text(), START_TEXT);
    assert_eq!(
        START_TEXT,
        "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/M1M1M1M1/1M1M1M1M/M1M1M1M1 w"
    );
}

#[test]
fn lenient_position_text_and_the_king_count() {
    // Adjacent digits add up; any whitespace separates the fields.
    let pos = position("  1m1m1m1m/m1m1m1m1/1m1m1m1m/44/71/M1M1M1M1/1M1M1M1M/M1M1M1M1\tw ");
    assert_eq!(pos.to_text(), START_TEXT);
    // The count of king plies is written only when it runs.
    let counted = position("8/k7/8/8/8/8/8/K7 b 17");
    assert_eq!(counted.quiet_plies(), 17);
    assert_eq!(counted.to_text(), "8/k7/8/8/8/8/8/K7 b 17");
    assert_eq!(
        position("8/k7/8/8/8/8/8/K7 b 0").to_text(),
        "8/k7/8/8/8/8/8/K7 b"
    );
    // A side without pieces has lost; the text is accepted and the position is decided.
    let lost = position("8/8/8/8/8/8/8/K7 b");
    assert_eq!(lost.decided_winner(), Some(Side::White));
}

fn rejects(text: &str) -> FenError {
    contract::refused_text::<Dame>(text)
}

#[test]
fn every_position_text_rejection_rule() {
    use FenError::*;
    assert_eq!(rejects(""), Empty);
    assert_eq!(rejects("   "), Empty);
    assert_eq!(rejects("8/8/8/8/8/8/K7 w"), Rows(RowsError::RowCount(7)));
    assert_eq!(
        rejects("8/8/8/8/8/8/8/8/K7 w"),
        Rows(RowsError::RowCount(9))
    );
    assert_eq!(
        rejects("8/8/8/7/8/8/8/K7 w"),
        Rows(RowsError::RowLength { row: 5, squares: 7 })
    );
    assert_eq!(
        rejects("1m7/8/8/8/8/8/8/K7 w"),
        Rows(RowsError::RowLength { row: 8, squares: 9 })
    );
    for (text, found) in [
        ("8/8/8/9/8/8/8/K7 w", '9'),
        ("8/8/8/08/8/8/8/K7 w", '0'),
        ("8/8/8/8/8/8/8/L7 w", 'L'),
        ("8/8/8/8/8/8/8/W7 w", 'W'),
        ("8/8/8/8/8/8/8/K-6 w", '-'),
        ("8/8/8/8/8/8/8/Ké6 w", 'é'),
    ] {
        assert!(
            matches!(rejects(text), Rows(RowsError::BadChar { found: f, .. }) if f == found),
            "{text}"
        );
    }
    assert_eq!(
        rejects("8/8/8/8/8/8/8/K7"),
        SideField(SideFieldError::Missing)
    );
    assert_eq!(
        rejects("8/8/8/8/8/8/8/K7 x"),
        SideField(SideFieldError::Bad("x".into()))
    );
    assert_eq!(
        rejects("8/8/8/8/8/8/8/K7 W"),
        SideField(SideFieldError::Bad("W".into()))
    );
    assert_eq!(rejects("8/8/8/8/8/8/8/K7 w 51"), BadCounter("51".into()));
    assert_eq!(rejects("8/8/8/8/8/8/8/K7 w -1"), BadCounter("-1".into()));
    assert_eq!(rejects("8/8/8/8/8/8/8/K7 w x"), BadCounter("x".into()));
    assert_eq!(rejects("8/8/8/8/8/8/8/K7 w 0 1"), TrailingText("1".into()));
    assert_eq!(
        rejects("8/8/8/8/8/8/8/1K6 w"),
        LightSquare {
            square: "b1".into(),
            found: 'K'
        }
    );
    assert_eq!(
        rejects("m7/8/8/8/8/8/8/K7 w"),
        LightSquare {
            square: "a8".into(),
            found: 'm'
        }
    );
    assert_eq!(
        rejects("1M6/8/8/8/8/8/8/k7 w"),
        ManOnPromotionRow {
            square: "b8".into(),
            side: Side::White
        }
    );
    assert_eq!(
        rejects("1K6/8/8/8/8/8/8/m7 w"),
        ManOnPromotionRow {
            square: "a1".into(),
            side: Side::Black
        }
    );
    assert_eq!(
        rejects("8/8/8/M1M1M1M1/1M1M1M1M/M1M1M1M1/1M1M1M1M/8 w"),
        TooManyPieces {
            side: Side::White,
            count: 16
        }
    );
    assert_eq!(
        rejects("1k1k1k1k/m1m1m1m1/1m1m1m1m/m7/8/8/8/K7 b"),
        TooManyPieces {
            side: Side::Black,
            count: 13
        }
    );
    assert_eq!(rejects("8/8/8/8/8/8/8/8 w"), NoPieces);
}

#[test]
fn chess_fens_are_rejected_with_a_reason() {
    let chess = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let err = rejects(chess);
    assert_eq!(
        err,
        FenError::Rows(RowsError::BadChar { row: 8, found: 'r' })
    );
    assert_eq!(
        err.to_string(),
        "row 8: unexpected 'r', expected a digit 1-8 or a piece: M/K (White man/king) or m/k (Black)"
    );
}
