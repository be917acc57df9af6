//! Dipole: perft (the rules' figures, and random-play positions confirmed by the deliberately simple
//! generator in `tests/dipole_reference`), one position per move rule, wins and the forced pass, move
//! notation and position text (every rejection), Zobrist keys and the bench positions; the game's
//! [`Contract`] for the generic properties (round trips, keys, input that must not panic).

use crate::common;
use crate::contract::{self, Contract};
use crate::dipole_reference;

use common::{legal_moves, legal_texts};
use dipole_reference::RefPosition;
use duel_engine::engine::perft::perft;
use duel_rules::game::board_rows::RowsError;
use duel_rules::game::side_field::SideFieldError;
use duel_rules::game::{
    Evaluation, Game, GameRecord, MoveTextError, Perft, Presentation, Rng, SearchHooks, Side,
    Termination,
};
use duel_rules::games::Dipole;
use duel_rules::games::dipole::{FenError, Move, MoveError, MoveKind, START_TEXT, Square};

/// Positions from seeded random play (`playouts(2026, 40)`, every 29th position), with perft 3 and
/// perft 4. Two are special: a forced pass (White's single checker on g3 is hemmed in), and a position
/// whose every line ends in a decided position within two plies (perft 3 = 0).
#[rustfmt::skip]
const RANDOM_PLAY: [(&str, u64, u64); 26] = [
    ("3b4/8/8/D7/3b1b1d/2A1B1B1/3b4/4B3 w", 8936, 193747),
    ("8/8/8/8/1a1A3b/a7/3a4/2a5 b", 276, 619),
    ("1B6/8/3b4/A7/1A1a4/2b5/5b2/c3C3 w", 3108, 53152),
    ("1B6/8/8/8/8/8/3a4/d1b5 b", 49, 49),
    ("1C1C4/8/3a4/4A3/1b1f4/4A1A1/3b4/2a1C3 w", 8666, 184169),
    ("3k4/4a3/8/8/8/2B5/8/4J3 w", 8512, 142316),
    ("3b4/2B1a3/8/C3a1A1/1A1a1A2/2a5/1a6/c1a5 b", 6517, 108090),
    ("1A1B3A/2A5/8/A7/8/8/3a4/b5d1 w", 440, 2695),
    ("3a4/2B5/3a4/6c1/1A1d4/a7/8/b3A3 w", 1681, 37212),
    ("3f4/8/3b4/4B3/7b/8/3A4/4D3 b", 6968, 100312),
    ("1B1A3B/8/3A3A/8/8/6b1/3a4/4a3 w", 576, 3456),
    ("3i4/8/8/D3D1c1/8/8/8/4D3 b", 10866, 252958),
    ("1a1B4/c3a3/3a4/B1A1A1a1/7b/6A1/3A4/8 w", 4641, 84844),
    ("3l4/8/8/8/8/8/8/4H3 b", 4014, 52820),
    ("3l4/8/8/8/7C/8/8/4I3 b", 6407, 121955),
    ("3b1B2/8/8/c7/1a6/D7/8/8 b", 1871, 16827),
    ("3d1A2/8/3b1a2/A1B3a1/3b4/8/1b6/8 b", 5494, 34331),
    ("3d4/4a3/5b2/4D3/5b2/2D1A1B1/5A2/8 b", 9141, 207290),
    ("3b3A/2a5/1C3b1A/b3B1a1/5b2/8/8/2b5 w", 5411, 139760),
    ("5B2/A3D3/8/6A1/7c/8/3b4/6b1 w", 1569, 15758),
    ("3i4/2a5/8/D7/1b5A/6A1/8/4F3 w", 11576, 224528),
    ("3D4/4A3/8/6A1/8/2b1a3/5a2/8 b", 536, 3484),
    ("3d1A2/2a5/3a4/6c1/1a6/8/3A4/2b5 w", 200, 4766),
    ("1A1a4/2A5/5a2/F7/8/6B1/8/4B3 b", 366, 7719),
    (FORCED_PASS, 20, 414),
    ("1A1A3B/8/8/8/8/8/8/4a3 w", 0, 0),
];

/// Reached by random play: White's only checker, on g3, has taller Black stacks on both forward
/// diagonals, nothing to capture and too few checkers to bear off.
const FORCED_PASS: &str = "8/8/8/8/1b1a1b1b/6A1/3c4/2a5 w";

/// A White stack of 4 on e5 among stacks of both sides: one example of each move rule.
const RULES_POSITION: &str = "8/2B1c3/5a2/2b1D3/8/6A1/1a6/4d3 w";

/// One seeded random game from the start of at most `plies` plies. Three times in four (when there are
/// any) the move is picked among those that stay on the board: with uniform play half the moves bear
/// off and games end before the stacks meet.
fn playout(rng: &mut Rng, plies: usize) -> Vec<Dipole> {
    let on_board = |mv: Move| !matches!(mv.kind(), MoveKind::BearOff { .. });
    common::favouring_playout(&Dipole::start(), rng, plies, on_board, |rng| {
        rng.below(4) != 0
    })
}

/// Every position of `games` complete games of [`playout`], seeded.
fn playouts(seed: u64, games: usize) -> Vec<Dipole> {
    let mut rng = Rng::new(seed);
    (0..games)
        .flat_map(|_| playout(&mut rng, usize::MAX))
        .collect()
}

/// Positions from both kinds of random play: uniform, and preferring to stay on the board.
fn sample_positions(seed: u64) -> Vec<Dipole> {
    <Dipole as Contract>::playouts(seed, 40)
}

impl Contract for Dipole {
    const SAMPLE_GAMES: usize = 40;
    const KEYED_FIELDS: usize = 2;
    const KEYS_AT_LEAST: usize = 1000;
    const MOST_MOVES: usize = 84;
    const ALPHABET: &'static str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN0123456789/-x: é\t+";

    fn compute_hash(&self) -> u64 {
        duel_rules::games::dipole::Position::compute_hash(self)
    }

    /// Games of both kinds: `games` of [`playouts`] and as many uniform ones.
    fn playouts(seed: u64, games: usize) -> Vec<Self> {
        let mut positions = playouts(seed, games);
        positions.extend(common::random_positions(&Dipole::start(), seed, games, 200));
        positions
    }
}

fn position(text: &str) -> Dipole {
    Dipole::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

// ---------------------------------------------------------------------------------------------
// Perft

#[test]
fn perft_from_the_start_matches_the_rules() {
    let start = Dipole::start();
    for (depth, nodes) in [(1, 19), (2, 340), (3, 5_185), (4, 81_107)] {
        assert_eq!(perft(&start, depth), nodes, "depth {depth}");
    }
}

/// Together well under a second in release builds, far longer in debug ones.
#[test]
#[cfg_attr(debug_assertions, ignore)]
fn perft_5_and_6_from_the_start_match_the_rules() {
    let start = Dipole::start();
    assert_eq!(perft(&start, 5), 1_321_125);
    assert_eq!(perft(&start, 6), 21_733_653);
}

#[test]
fn perft_3_of_random_play_positions() {
    for (text, nodes3, _) in RANDOM_PLAY {
        assert_eq!(perft(&position(text), 3), nodes3, "{text}");
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore)]
fn perft_4_of_random_play_positions() {
    for (text, _, nodes4) in RANDOM_PLAY {
        assert_eq!(perft(&position(text), 4), nodes4, "{text}");
    }
}

/// The table's depth-3 counts come out of the simple generator too.
#[test]
fn the_reference_generator_confirms_the_table() {
    for (text, nodes3, _) in RANDOM_PLAY {
        assert_eq!(RefPosition::from_text(text).perft(3), nodes3, "{text}");
    }
}

/// Move lists and the positions after each move agree with the simple generator along many random
/// games of both kinds.
#[test]
fn legal_moves_and_resulting_positions_match_the_reference() {
    let positions = sample_positions(99);
    assert!(positions.len() > 1500);
    for pos in &positions {
        let reference = RefPosition::from_text(&pos.to_text());
        assert_eq!(
            legal_texts(pos),
            reference.legal_moves(),
            "{}",
            pos.to_text()
        );
        let winner = pos.decided_winner().map(|side| side.to_string());
        assert_eq!(winner.as_deref(), reference.winner(), "{}", pos.to_text());
        for mv in legal_moves(pos) {
            let text = pos.format_move(mv);
            let after = pos.make_move(mv);
            assert_eq!(after.to_text(), reference.play(&text).to_text(), "{text}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The move rules, one position each

#[test]
fn the_19_start_moves() {
    let expected = "e1-a5 e1-b4 e1-c3 e1-d2 e1-e3 e1-e5 e1-e7 e1-f2 e1-g3 e1-h4 e1-off:10 e1-off:11 \
                    e1-off:12 e1-off:4 e1-off:5 e1-off:6 e1-off:7 e1-off:8 e1-off:9";
    let expected: Vec<&str> = expected.split_whitespace().collect();
    assert_eq!(legal_texts(&Dipole::start()), expected);
}

/// From e5, 4 checkers reach: forward onto empty squares over other stacks (g7, h8, d6, b8), a merge
/// forward (c7), captures forward (f6), sideways (c5), backward (e1) and diagonally backward (b2), and
/// bearing off from k = 4. Not: e7 (3 Black checkers, only 2 would move), g3 (an own stack behind),
/// empty squares sideways or behind, odd distances along rows and columns.
#[test]
fn every_move_rule_from_one_stack() {
    let pos = position(RULES_POSITION);
    let from_e5: Vec<String> = legal_texts(&pos)
        .into_iter()
        .filter(|m| m.starts_with("e5"))
        .collect();
    assert_eq!(
        from_e5,
        [
            "e5-b8", "e5-c7", "e5-d6", "e5-g7", "e5-h8", "e5-off:4", "e5xb2", "e5xc5", "e5xe1",
            "e5xf6"
        ]
    );
    let after = |text: &str| pos.make_move(pos.parse_move(text).unwrap());
    // A merge adds the heights; the rest of the stack stays behind.
    assert_eq!(
        after("e5-c7").to_text(),
        "8/2D1c3/5a2/2b1B3/8/6A1/1a6/4d3 b"
    );
    // A capture removes the whole enemy stack: 4 Black checkers on e1 for 4 White ones.
    let took = after("e5xe1");
    assert_eq!(took.to_text(), "8/2B1c3/5a2/2b5/8/6A1/1a6/4D3 b");
    assert_eq!(took.checkers(Side::Black), 7);
    assert_eq!(pos.capture_value(pos.parse_move("e5xe1").unwrap()), 400);
    assert_eq!(pos.capture_value(pos.parse_move("e5-c7").unwrap()), 0);
    assert!(pos.is_capture(pos.parse_move("e5xb2").unwrap()));
    // Bearing off removes the checkers from the game.
    let off = after("e5-off:4");
    assert_eq!(off.checkers(Side::White), 3);
    assert!(!pos.is_capture(pos.parse_move("e5-off:4").unwrap()));
}

/// Black moves toward row 1: the start position mirrored.
#[test]
fn black_moves_toward_row_1() {
    let pos = position("3l4/8/8/8/8/8/8/4L3 b");
    let plain: Vec<String> = legal_texts(&pos)
        .into_iter()
        .filter(|m| !m.contains("off"))
        .collect();
    assert_eq!(
        plain,
        [
            "d8-a5", "d8-b6", "d8-c7", "d8-d2", "d8-d4", "d8-d6", "d8-e7", "d8-f6", "d8-g5",
            "d8-h4"
        ]
    );
    assert_eq!(perft(&pos, 1), 19);
}

// ---------------------------------------------------------------------------------------------
// How the game ends, and the forced pass

#[test]
fn capturing_the_last_enemy_checker_wins() {
    let mut record = GameRecord::new(position("8/8/8/8/3a4/2B5/8/8 w"));
    assert_eq!(record.termination(), None);
    record.play_text("c3xd4").unwrap();
    let after = record.current();
    assert_eq!(after.checkers(Side::Black), 0);
    assert_eq!(after.decided_winner(), Some(Side::White));
    assert!(matches!(
        record.termination(),
        Some(Termination::Goal {
            winner: Side::White,
            ..
        })
    ));
    assert!(
        legal_moves(after).is_empty(),
        "a decided position has no moves"
    );
    assert_eq!(perft(after, 3), 0);
}

#[test]
fn bearing_off_ones_own_last_checker_loses() {
    // White's last checker stands on b8: its only move bears it off.
    let mut record = GameRecord::new(position("1A6/8/8/8/8/8/8/a7 w"));
    assert_eq!(legal_texts(record.current()), ["b8-off:1"]);
    record.play_text("b8-off:1").unwrap();
    let after = record.current();
    assert_eq!(after.to_text(), "8/8/8/8/8/8/8/a7 b");
    assert_eq!(after.decided_winner(), Some(Side::Black));
    assert!(matches!(
        record.termination(),
        Some(Termination::Goal {
            winner: Side::Black,
            ..
        })
    ));
    assert!(legal_moves(after).is_empty());
    assert_eq!(
        after.parse_move("a1-b2"),
        Err(MoveError::GameOver {
            winner: Side::Black
        })
    );
}

#[test]
fn a_side_with_no_move_must_pass() {
    let pos = position(FORCED_PASS);
    assert_eq!(legal_moves(&pos), [Move::PASS]);
    assert_eq!(pos.format_move(Move::PASS), "pass");
    for text in ["pass", "PASS", " Pass "] {
        assert_eq!(pos.parse_move(text), Ok(Move::PASS), "{text}");
    }
    assert_eq!(pos.parse_move("g3-h4"), Err(MoveError::MustPass));
    let mut record = GameRecord::new(pos);
    record.play(Move::PASS);
    let after = record.current();
    assert_eq!(after.to_text(), FORCED_PASS.replace(" w", " b"));
    assert_eq!(after.hash(), after.compute_hash());
    assert_eq!(record.termination(), None, "passing does not end the game");
    assert!(!legal_moves(after).contains(&Move::PASS));
    // Pass is not a move while there is another one.
    assert_eq!(
        Dipole::start().parse_move("pass"),
        Err(MoveError::PassNotAllowed)
    );
}

/// The rules say at least one side can always move: random play never meets two passes in a row.
#[test]
fn no_two_passes_in_a_row() {
    let mut passes = 0;
    for pos in sample_positions(5) {
        if legal_moves(&pos) == [Move::PASS] {
            passes += 1;
            let after = pos.make_move(Move::PASS);
            assert_ne!(legal_moves(&after), [Move::PASS], "{}", pos.to_text());
        }
    }
    assert!(passes > 0, "random play should meet a forced pass");
}

#[test]
fn no_draw_rules() {
    assert_eq!(Dipole::DRAW_RULES, duel_rules::game::DrawRules::NONE);
    assert_eq!(Dipole::start().quiet_plies(), 0);
    assert!(!Dipole::start().in_check());
}

// ---------------------------------------------------------------------------------------------
// Move notation

/// Parsing is its own statement of the rules (it explains rejections), so it is held equal to the
/// generator over every text a move could have: all pairs of dark squares, every bearing off, pass.
#[test]
fn parsing_accepts_exactly_the_generated_moves() {
    let mut texts = vec!["pass".to_string()];
    for from in Square::all() {
        for count in 1..=12 {
            texts.push(format!("{from}-off:{count}"));
        }
        for to in Square::all().filter(|&to| to != from) {
            texts.push(format!("{from}-{to}"));
        }
    }
    let positions = playouts(17, 4);
    assert!(positions.len() > 60);
    contract::parsing_accepts_exactly_the_generated_moves(&positions, &texts);
}

#[test]
fn input_is_lenient_about_case_separator_and_spaces() {
    let pos = Dipole::start();
    let e1_e5 = pos.parse_move("e1-e5").unwrap();
    for text in ["E1-E5", "e1xe5", "e1e5", "  e1-e5 ", "e1 - e5", "E1Xe5"] {
        assert_eq!(pos.parse_move(text), Ok(e1_e5), "{text}");
    }
    let off = pos.parse_move("e1-off:4").unwrap();
    for text in ["E1-OFF:4", "e1-off4", "e1off:4", "e1xoff:4", "e1 off:4"] {
        assert_eq!(pos.parse_move(text), Ok(off), "{text}");
    }
    // A capture written with '-' or without a separator.
    let rules = position(RULES_POSITION);
    let capture = rules.parse_move("e5xf6").unwrap();
    for text in ["e5-f6", "e5f6", "E5XF6"] {
        assert_eq!(rules.parse_move(text), Ok(capture), "{text}");
    }
}

/// AbstractPlay's Dipole notation (`src/games/dipole.ts` in AbstractPlay's gameslib): `e1-f2` onto an
/// empty square, `e1+f2` a merge, `e5xf6` a capture, `e1-off` the smallest bearing off, `pass`. Every
/// move AbstractPlay would write for a legal move is read as that move.
#[test]
fn abstractplay_notation_names_the_same_moves() {
    let mut texts = 0;
    for pos in playouts(17, 4) {
        let moves = legal_moves(&pos);
        for &mv in &moves {
            let text = match mv.kind() {
                MoveKind::Step { from, to, .. } => {
                    let separator = match pos.stack_at(to) {
                        None => '-',
                        Some(stack) if stack.owner == pos.side_to_move() => '+',
                        Some(_) => 'x',
                    };
                    format!("{from}{separator}{to}")
                }
                // AbstractPlay offers one bearing off per stack: the fewest checkers that leave.
                MoveKind::BearOff { from, count } => {
                    let least = moves.iter().filter_map(|m| match m.kind() {
                        MoveKind::BearOff { from: f, count } if f == from => Some(count),
                        _ => None,
                    });
                    if least.min() != Some(count) {
                        continue;
                    }
                    format!("{from}-off")
                }
                MoveKind::Pass => "pass".to_string(),
                MoveKind::Null => unreachable!("never generated"),
            };
            assert_eq!(pos.parse_move(&text), Ok(mv), "{text} in {}", pos.to_text());
            texts += 1;
        }
    }
    assert!(texts > 1000, "{texts}");
}

#[test]
fn abstractplay_forms_in_set_positions() {
    let start = Dipole::start();
    // `e1-off`: the fewest checkers that leave the board (4 from e1), not the whole stack.
    assert_eq!(start.parse_move("e1-off"), start.parse_move("e1-off:4"));
    for text in ["E1-OFF", "e1off", "e1 off", "e1+off"] {
        assert_eq!(
            start.parse_move(text),
            start.parse_move("e1-off:4"),
            "{text}"
        );
    }
    // A merge: the checker from e1 onto White's own stack on f2.
    let merge = position("3l4/8/8/8/8/8/5A2/4K3 w");
    let e1_f2 = merge.parse_move("e1+f2").unwrap();
    assert_eq!(merge.make_move(e1_f2).to_text(), "3l4/8/8/8/8/8/5B2/4J3 b");
    assert_eq!(merge.parse_move("e1-f2"), Ok(e1_f2));
    let rules = position(RULES_POSITION);
    assert_eq!(rules.parse_move("e5+c7"), rules.parse_move("e5-c7"));
    assert_eq!(rules.parse_move("e5-off"), rules.parse_move("e5-off:4"));
    assert_eq!(rules.parse_move("c7-off"), rules.parse_move("c7-off:2"));
    // Like '-' and 'x', '+' is read as the move the squares name.
    assert_eq!(start.parse_move("e1+e5"), start.parse_move("e1-e5"));
    // Refused with the rule they break.
    let sq = |name: &str| {
        let b = name.as_bytes();
        Square::at(i32::from(b[0] - b'a'), i32::from(b[1] - b'1')).unwrap()
    };
    assert_eq!(
        contract::refused_move(&rules, "g3-off"),
        MoveError::TooFewCheckers {
            from: sq("g3"),
            height: 1,
            count: 2
        }
    );
    assert_eq!(
        contract::refused_move(&start, "c3-off"),
        MoveError::NoStack(sq("c3"))
    );
    assert_eq!(
        contract::refused_move(&start, "d8-off"),
        MoveError::NotYourStack(sq("d8"))
    );
    assert_eq!(
        contract::refused_move(&rules, "e5+f2"),
        MoveError::NotALine {
            from: sq("e5"),
            to: sq("f2")
        }
    );
    assert_eq!(
        contract::refused_move(&rules, "e5+e7"),
        MoveError::TooTall {
            to: sq("e7"),
            height: 3,
            count: 2
        }
    );
    assert_eq!(
        contract::refused_move(&rules, "e5+c3"),
        MoveError::NotForward {
            from: sq("e5"),
            to: sq("c3")
        }
    );
    assert_eq!(
        contract::refused_move(&start, "e1+e2"),
        MoveError::LightSquare("e2".into())
    );
    assert_eq!(
        rules.parse_move("g3-off").unwrap_err().to_string(),
        "the stack on g3 has 1 checkers; this move needs 2 (k checkers move exactly k squares)"
    );
}

#[test]
fn bad_moves_are_rejected_with_the_reason() {
    let start = Dipole::start();
    let rules = position(RULES_POSITION);
    let e1 = Square::at(4, 0).unwrap();
    let sq = |name: &str| {
        let b = name.as_bytes();
        Square::at(i32::from(b[0] - b'a'), i32::from(b[1] - b'1')).unwrap()
    };
    let syntax = |e: &MoveError| matches!(e, MoveError::Text(MoveTextError::Syntax { .. }));
    type Check = Box<dyn Fn(&MoveError) -> bool>;
    let cases: Vec<(&Dipole, &str, Check)> = vec![
        (
            &start,
            "",
            Box::new(|e| *e == MoveError::Text(MoveTextError::Empty)),
        ),
        (
            &start,
            "   ",
            Box::new(|e| *e == MoveError::Text(MoveTextError::Empty)),
        ),
        (&start, "-e5", Box::new(syntax)),
        (&start, "e1-", Box::new(syntax)),
        (&start, "e1/e5", Box::new(syntax)),
        (&start, "e1-e5x", Box::new(syntax)),
        (&start, "e1-e5 e7", Box::new(syntax)),
        (&start, "e1-off:", Box::new(syntax)),
        (&start, "é1-e5", Box::new(syntax)),
        (
            &start,
            "i1-e5",
            Box::new(|e| *e == MoveError::Text(MoveTextError::NotASquare("i1".into()))),
        ),
        (
            &start,
            "e1-e9",
            Box::new(|e| *e == MoveError::Text(MoveTextError::NotASquare("e9".into()))),
        ),
        (
            &start,
            "e1-e55",
            Box::new(|e| *e == MoveError::Text(MoveTextError::NotASquare("e55".into()))),
        ),
        (
            &start,
            "e1-e2",
            Box::new(|e| *e == MoveError::LightSquare("e2".into())),
        ),
        (
            &start,
            "B1-c3",
            Box::new(|e| *e == MoveError::LightSquare("b1".into())),
        ),
        (
            &start,
            "e1-off:0",
            Box::new(|e| *e == MoveError::BadCount("0".into())),
        ),
        (
            &start,
            "e1-off:13",
            Box::new(|e| *e == MoveError::BadCount("13".into())),
        ),
        (
            &start,
            "e1-off:four",
            Box::new(|e| *e == MoveError::BadCount("four".into())),
        ),
        (
            &start,
            "e1-e1",
            Box::new(move |e| *e == MoveError::SameSquare(e1)),
        ),
        (
            &start,
            "c3-c5",
            Box::new(move |e| *e == MoveError::NoStack(sq("c3"))),
        ),
        (
            &start,
            "d8-d6",
            Box::new(move |e| *e == MoveError::NotYourStack(sq("d8"))),
        ),
        (
            &start,
            "e1-f4",
            Box::new(move |e| {
                *e == MoveError::NotALine {
                    from: e1,
                    to: sq("f4"),
                }
            }),
        ),
        (
            &start,
            "e1-g1",
            Box::new(move |e| {
                *e == MoveError::NotForward {
                    from: e1,
                    to: sq("g1"),
                }
            }),
        ),
        (
            &rules,
            "e5-e3",
            Box::new(move |e| {
                *e == MoveError::NotForward {
                    from: sq("e5"),
                    to: sq("e3"),
                }
            }),
        ),
        (
            &rules,
            "e5-g3",
            Box::new(move |e| {
                *e == MoveError::NotForward {
                    from: sq("e5"),
                    to: sq("g3"),
                }
            }),
        ),
        (
            &rules,
            "e5xe7",
            Box::new(move |e| {
                *e == MoveError::TooTall {
                    to: sq("e7"),
                    height: 3,
                    count: 2,
                }
            }),
        ),
        (
            &rules,
            "g3-e5",
            Box::new(move |e| {
                *e == MoveError::TooFewCheckers {
                    from: sq("g3"),
                    height: 1,
                    count: 2,
                }
            }),
        ),
        (
            &rules,
            "c7-off:3",
            Box::new(move |e| {
                *e == MoveError::TooFewCheckers {
                    from: sq("c7"),
                    height: 2,
                    count: 3,
                }
            }),
        ),
        (
            &start,
            "e1-off:3",
            Box::new(move |e| {
                *e == MoveError::CannotBearOff {
                    from: e1,
                    count: 3,
                    least: 4,
                }
            }),
        ),
        (
            &start,
            "pass",
            Box::new(|e| *e == MoveError::PassNotAllowed),
        ),
    ];
    for (pos, text, expected) in cases {
        let err = contract::refused_move(pos, text);
        assert!(expected(&err), "{text}: got {err:?}");
    }
    assert_eq!(
        start.parse_move("e1-off:3").unwrap_err().to_string(),
        "3 checkers from e1 stay on the board; bearing off needs at least 4"
    );
    assert_eq!(
        rules.parse_move("e5xe7").unwrap_err().to_string(),
        "the stack on e7 has 3 checkers: 2 cannot capture it"
    );
}

// ---------------------------------------------------------------------------------------------
// Position text

#[test]
fn the_start_position_text() {
    assert_eq!(Dipole::start().to_text(), START_TEXT);
    assert_eq!(START_TEXT, "3l4/8/8/8/8/8/8/4L3 w");
}

#[test]
fn lenient_position_text() {
    // Adjacent digits add up; any whitespace separates the fields.
    let pos = position("  3l31/44/8/8/8/8/8/4L21\tw ");
    assert_eq!(pos.to_text(), START_TEXT);
    // A side without checkers has lost; the text is accepted and the position is decided.
    let lost = position("8/8/8/8/8/8/8/4L3 b");
    assert_eq!(lost.decided_winner(), Some(Side::White));
}

fn rejects(text: &str) -> FenError {
    contract::refused_text::<Dipole>(text)
}

#[test]
fn every_position_text_rejection_rule() {
    use FenError::*;
    assert_eq!(rejects(""), Empty);
    assert_eq!(rejects("   "), Empty);
    assert_eq!(rejects("3l4/8/8/8/8/8/4L3 w"), Rows(RowsError::RowCount(7)));
    assert_eq!(
        rejects("3l4/8/8/8/8/8/8/8/4L3 w"),
        Rows(RowsError::RowCount(9))
    );
    assert_eq!(
        rejects("3l4/8/8/7/8/8/8/4L3 w"),
        Rows(RowsError::RowLength { row: 5, squares: 7 })
    );
    assert_eq!(
        rejects("3l5/8/8/8/8/8/8/4L3 w"),
        Rows(RowsError::RowLength { row: 8, squares: 9 })
    );
    assert_eq!(
        rejects("3l4/8/8/8/8/8/8/4L3A w"),
        Rows(RowsError::RowLength { row: 1, squares: 9 })
    );
    for (text, found) in [
        ("3l4/8/8/9/8/8/8/4L3 w", '9'),
        ("3l4/8/8/8/08/8/8/4L3 w", '0'),
        ("3m4/8/8/8/8/8/8/4L3 w", 'm'),
        ("3l4/8/8/8/8/8/8/4M3 w", 'M'),
        ("3l4/8/8/8/8/8/8/4L-2 w", '-'),
        ("3l4/8/8/8/8/8/8/4Lé2 w", 'é'),
    ] {
        assert!(
            matches!(rejects(text), Rows(RowsError::BadChar { found: f, .. }) if f == found),
            "{text}"
        );
    }
    assert_eq!(
        rejects("3l4/8/8/8/8/8/8/4L3"),
        SideField(SideFieldError::Missing)
    );
    assert_eq!(
        rejects("3l4/8/8/8/8/8/8/4L3 x"),
        SideField(SideFieldError::Bad("x".into()))
    );
    assert_eq!(
        rejects("3l4/8/8/8/8/8/8/4L3 W"),
        SideField(SideFieldError::Bad("W".into()))
    );
    assert_eq!(
        rejects("3l4/8/8/8/8/8/8/4L3 w 0 1"),
        TrailingText("0 1".into())
    );
    assert_eq!(
        rejects("3l4/8/8/8/8/8/8/3L4 w"),
        LightSquare {
            square: "d1".into(),
            found: 'L'
        }
    );
    assert_eq!(
        rejects("l7/8/8/8/8/8/8/4L3 w"),
        LightSquare {
            square: "a8".into(),
            found: 'l'
        }
    );
    assert_eq!(
        rejects("3l4/8/8/8/8/8/1A6/4L3 w"),
        TooManyCheckers {
            side: Side::White,
            count: 13
        }
    );
    assert_eq!(
        rejects("3l1l2/8/8/8/8/8/8/4L3 b"),
        TooManyCheckers {
            side: Side::Black,
            count: 24
        }
    );
    assert_eq!(rejects("8/8/8/8/8/8/8/8 w"), NoCheckers);
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
        "row 8: unexpected 'r', expected a digit 1-8 or a stack letter A-L (White) or a-l (Black)"
    );
}

// ---------------------------------------------------------------------------------------------
// Zobrist keys

#[test]
fn the_key_depends_on_side_height_and_owner() {
    let keys: Vec<u64> = [
        "3l4/8/8/8/8/8/8/4L3 w",
        "3l4/8/8/8/8/8/8/4L3 b",
        "3l4/8/8/8/8/8/8/4K3 w",
        "3a4/8/8/8/8/8/8/4A3 w",
        "3a4/8/8/8/8/8/8/4a3 w",
    ]
    .iter()
    .map(|t| position(t).hash())
    .collect();
    let distinct: std::collections::HashSet<u64> = keys.iter().copied().collect();
    assert_eq!(distinct.len(), keys.len());
}

// ---------------------------------------------------------------------------------------------
// Bench positions

#[test]
fn bench_positions_come_from_seeded_random_play() {
    assert_eq!(Dipole::BENCH_POSITIONS[0], START_TEXT);
    let replayed: Vec<String> = [1, 2, 4]
        .iter()
        .map(|&seed| {
            let game = playout(&mut Rng::new(seed), 12);
            game.last().map(Dipole::to_text).unwrap_or_default()
        })
        .collect();
    assert_eq!(Dipole::BENCH_POSITIONS[1..], replayed);
    for text in Dipole::BENCH_POSITIONS {
        assert!(position(text).legal_move_count() > 10, "{text}");
    }
}

#[test]
fn eval_and_diagram_of_the_start() {
    let start = Dipole::start();
    let terms = start.eval_terms();
    let names: Vec<&str> = terms.iter().map(|t| t.name).collect();
    assert_eq!(
        &names[..4],
        ["material", "advancement", "under attack", "can capture"]
    );
    // The start is level but for the move: every term but the tempo is the same for both sides,
    // and the evaluation is the terms' sum.
    for t in &terms {
        assert!(t.name == "tempo" || t.white == t.black, "{t:?}");
    }
    let sum: i32 = terms.iter().map(|t| t.white - t.black).sum();
    assert_eq!(start.evaluate(), sum);
    let diagram = start.diagram();
    assert!(
        diagram.contains("W12") && diagram.contains("B12"),
        "{diagram}"
    );
}
