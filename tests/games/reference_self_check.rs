//! Checks that the reference move generator in `tests/duel_reference` reproduces the figures
//! of the rules file (`shared/rules/duel.md`) and a few hand-worked positions.

use crate::duel_reference as reference;

use reference::{RefPosition, START_DFEN, east_face, rolled, rolled_die};

/// The east-face table of the rules, `None` for impossible pairs.
const EAST_TABLE: [[Option<u8>; 6]; 6] = [
    [None, Some(4), Some(2), Some(5), Some(3), None],
    [Some(3), None, Some(6), Some(1), None, Some(4)],
    [Some(5), Some(1), None, None, Some(6), Some(2)],
    [Some(2), Some(6), None, None, Some(1), Some(5)],
    [Some(4), None, Some(1), Some(6), None, Some(3)],
    [None, Some(3), Some(5), Some(2), Some(4), None],
];

const START_MOVES: &str = "A1-A6 A1-b5 A1-c4 A1-d3+ A1-e2 B1-B2 C1-C3 C1-b2 C1-d2 D1-D7 D1-a4 \
    D1-b5 D1-c6 D1-e6 D1-f5 D1-g4 D1-h3 D1-i2 E1-E2 F1-F7 F1-a2 F1-b3 F1-c4 F1-d5 F1-e6+ F1-g6 \
    F1-h5 F1-i4 G1-G3 G1-f2 G1-h2 H1-H2 I1-I6 I1-e2 I1-f3 I1-g4 I1-h5+";

fn all_orientations() -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    for top in 1..=6u8 {
        for north in 1..=6u8 {
            if north != top && north != 7 - top {
                out.push((top, north));
            }
        }
    }
    out
}

#[test]
fn east_face_table_matches_rules() {
    let mut count = 0;
    for top in 1..=6u8 {
        for north in 1..=6u8 {
            let expected = EAST_TABLE[top as usize - 1][north as usize - 1];
            assert_eq!(east_face(top, north), expected, "top {top}, north {north}");
            if expected.is_some() {
                count += 1;
            }
        }
    }
    assert_eq!(count, 24);
    assert_eq!(all_orientations().len(), 24);
}

#[test]
fn rolling_matches_rules_formulas() {
    for (top, north) in all_orientations() {
        let east = east_face(top, north).unwrap();
        assert_eq!(rolled(top, north, 'n'), (7 - north, top, east));
        assert_eq!(rolled(top, north, 's'), (north, 7 - top, east));
        assert_eq!(rolled(top, north, 'e'), (7 - east, north, top));
        assert_eq!(rolled(top, north, 'w'), (east, north, 7 - top));
    }
}

#[test]
fn rolling_is_a_rotation() {
    for (top, north) in all_orientations() {
        for dir in ['n', 's', 'e', 'w'] {
            // A physical roll keeps the die a standard (right-handed) die ...
            let die = rolled_die(top, north, dir);
            assert!(die.is_standard(), "{top}{north} rolled {dir}: {die:?}");
            // ... and the east face is the one chirality gives for the new top and north.
            assert_eq!(Some(die.east), east_face(die.top, die.north));
        }
        // Rolling back undoes a roll; four rolls the same way is the identity.
        for (there, back) in [('n', 's'), ('s', 'n'), ('e', 'w'), ('w', 'e')] {
            let (t, n, _) = rolled(top, north, there);
            let (t2, n2, _) = rolled(t, n, back);
            assert_eq!((t2, n2), (top, north));
            let mut tn = (top, north);
            for _ in 0..4 {
                let (a, b, _) = rolled(tn.0, tn.1, there);
                tn = (a, b);
            }
            assert_eq!(tn, (top, north));
        }
    }
}

#[test]
fn start_position_matches_rules() {
    let start = RefPosition::startpos();
    assert_eq!(start.to_dfen(), START_DFEN);
    assert_eq!(RefPosition::from_dfen(START_DFEN).to_dfen(), START_DFEN);
    // White's D1 die: top 6, north 4, east 2. Black's D8 die: top 6, north 3, east 5.
    assert_eq!(start.piece_at("d1").as_deref(), Some("w64"));
    assert_eq!(east_face(6, 4), Some(2));
    assert_eq!(start.piece_at("d8").as_deref(), Some("b63"));
    assert_eq!(east_face(6, 3), Some(5));
    assert!(!start.in_check());
    assert_eq!(start.winner(), None);
}

#[test]
fn start_moves_match_rules() {
    let expected: Vec<String> = START_MOVES.split_whitespace().map(str::to_string).collect();
    assert_eq!(expected.len(), 37);
    let mut sorted = expected.clone();
    sorted.sort();
    assert_eq!(sorted, expected, "the rules list is sorted");
    assert_eq!(RefPosition::startpos().legal_moves(), expected);
}

#[test]
fn perft_1_to_3_from_start() {
    let start = RefPosition::startpos();
    assert_eq!(start.perft(1), 37);
    assert_eq!(start.perft(2), 1_196);
    assert_eq!(start.perft(3), 40_889);
}

#[test]
fn perft_4_from_start() {
    // About 7 s in a debug build, 2 s in release.
    assert_eq!(RefPosition::startpos().perft(4), 1_353_328);
}

#[test]
#[ignore = "about a minute in release; run with --release -- --ignored"]
fn perft_5_from_start() {
    assert_eq!(RefPosition::startpos().perft(5), 47_801_963);
}

#[test]
fn after_f1_e6_matches_rules() {
    let pos = RefPosition::startpos().play("F1-e6");
    // The rules print this position with the default counters "0 1"; after one ply
    // without a capture the plies-since-capture counter is 1, so only the board and the
    // side to move are compared with the rules' text.
    let rules_dfen = "b53b13b23b63bKb63b23b13b53/9/4w264/9/9/9/9/w54w14w24w64wK1w24w14w54 b 0 1";
    let dfen = pos.to_dfen();
    let fields: Vec<&str> = dfen.split(' ').collect();
    let rules_fields: Vec<&str> = rules_dfen.split(' ').collect();
    assert_eq!(fields[..2], rules_fields[..2]);
    assert_eq!(
        dfen,
        "b53b13b23b63bKb63b23b13b53/9/4w264/9/9/9/9/w54w14w24w64wK1w24w14w54 b 1 1"
    );
    // Parsing the rules' DFEN gives the same position and the same answers.
    let parsed = RefPosition::from_dfen(rules_dfen);
    assert_eq!(parsed.to_dfen(), rules_dfen);
    assert!(parsed.in_check());
    assert_eq!(parsed.legal_moves(), pos.legal_moves());
    assert_eq!(pos.piece_at("e6").as_deref(), Some("w26"));
    assert_eq!(pos.piece_at("e7"), None);
    assert!(pos.in_check(), "Black's king is attacked after F1-e6");
    // The same move with its mark, or with the mark spaced off, leads to the same position.
    let start = RefPosition::startpos();
    assert_eq!(start.play("F1-e6+").to_dfen(), pos.to_dfen());
    assert_eq!(start.play("F1-e6 +").to_dfen(), pos.to_dfen());
}

#[test]
fn after_d1_e6_matches_rules() {
    let pos = RefPosition::startpos().play("D1-e6");
    let die = pos.piece_at("e6").expect("a die on E6");
    assert!(die.starts_with("w5"), "E6 shows 5, got {die}");
    assert!(!pos.in_check());
    assert_eq!(pos.winner(), None);
}

#[test]
fn dfen_counters() {
    // Counters default to 0 and 1.
    let short = START_DFEN.trim_end_matches(" w 0 1").to_string() + " w";
    assert_eq!(RefPosition::from_dfen(&short).to_dfen(), START_DFEN);
    // The move number grows after Black's move; plies since capture count up.
    let pos = RefPosition::startpos().play("H1-H2");
    assert!(pos.to_dfen().ends_with(" b 1 1"), "{}", pos.to_dfen());
    let pos = pos.play("H8-H7");
    assert!(pos.to_dfen().ends_with(" w 2 2"), "{}", pos.to_dfen());
    let custom = RefPosition::from_dfen(
        "b53b13b23b63bKb63b23b13b53/9/9/9/9/9/9/w54w14w24w64wKw64w24w14w54 b 17 42",
    );
    assert!(custom.to_dfen().ends_with(" b 17 42"));
    assert!(custom.play("H8-H7").to_dfen().ends_with(" w 18 43"));
}

/// A tiny deterministic pseudo-random generator (no external crates).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

#[test]
fn dfen_round_trips_along_random_games() {
    let mut rng = Lcg(12345);
    let mut captures = 0;
    for _game in 0..20 {
        let mut pos = RefPosition::startpos();
        for _ply in 0..120 {
            let dfen = pos.to_dfen();
            let again = RefPosition::from_dfen(&dfen);
            assert_eq!(again.to_dfen(), dfen);
            let moves = pos.legal_moves();
            assert_eq!(again.legal_moves(), moves);
            if moves.is_empty() {
                assert!(pos.winner().is_some());
                break;
            }
            let mv = &moves[rng.next(moves.len())];
            let next = pos.play(mv);
            // Counters: plies since capture reset on capture, move number after Black.
            let old: Vec<&str> = dfen.split(' ').collect();
            let new_dfen = next.to_dfen();
            let new: Vec<&str> = new_dfen.split(' ').collect();
            let old_plies: u32 = old[2].parse().unwrap();
            let new_plies: u32 = new[2].parse().unwrap();
            if mv.contains('x') {
                captures += 1;
                assert_eq!(new_plies, 0, "{mv}");
            } else {
                assert_eq!(new_plies, old_plies + 1, "{mv}");
            }
            let old_number: u32 = old[3].parse().unwrap();
            let new_number: u32 = new[3].parse().unwrap();
            let step = if old[1] == "b" { 1 } else { 0 };
            assert_eq!(new_number, old_number + step);
            // Marks agree with the position reached.
            if mv.ends_with("++") {
                assert!(next.legal_moves().is_empty());
            } else if mv.ends_with('+') {
                assert!(next.in_check());
            } else if next.winner().is_none() {
                assert!(!next.in_check());
            }
            // The move without marks and with `-` instead of `x` plays the same.
            let bare = mv.trim_end_matches('+').replace('x', "-");
            assert_eq!(pos.play(&bare).to_dfen(), new_dfen);
            pos = next;
        }
    }
    assert!(captures > 0, "the random games should contain captures");
}

#[test]
fn two_paths_are_two_moves() {
    // A lone die with top 2 in the open: 4 straight moves and 4 diagonal targets by 2 paths.
    // Marks worked by hand: E4-E6 and e4-g4 end with top 5, covering H8 and I7 (Black's
    // king on I8 cannot move); e4-F5 ends with top 6 at distance 6 from I8.
    let pos = RefPosition::from_dfen("8bK/9/9/9/4w214/9/9/wK8 w");
    let moves = pos.legal_moves();
    assert_eq!(
        moves,
        vec![
            "A1-A2", "E4-E2", "E4-E6++", "E4-d3", "E4-d5", "E4-f3", "E4-f5", "a1-b1", "e4-D3",
            "e4-D5", "e4-F3", "e4-F5+", "e4-c4", "e4-g4++",
        ]
    );
    assert_eq!(pos.perft(1), 14);
    // Worked by hand with the rules' rolling formulas: (2,1) has east 3.
    assert_eq!(pos.play("E4-d5").piece_at("d5").as_deref(), Some("w32"));
    assert_eq!(pos.play("e4-D5").piece_at("d5").as_deref(), Some("w63"));
    // Straight moves may be given in either case.
    assert_eq!(
        pos.play("e4-e6").to_dfen(),
        pos.play("E4-E6").to_dfen(),
        "straight moves have one path"
    );
}

#[test]
fn king_on_key_square_wins_even_when_attacked() {
    // The black die on F8 (top 1) attacks E8 and F7.
    let pos = RefPosition::from_dfen("bK4b133/4wK4/9/9/9/9/9/9 w");
    assert_eq!(pos.legal_moves(), vec!["E7-E6", "E7-E8", "e7-d7"]);
    let won = pos.play("E7-E8");
    assert_eq!(won.winner(), Some('w'));
    assert!(won.legal_moves().is_empty());
    assert_eq!(won.perft(1), 0);
    assert_eq!(won.perft(3), 0);
    assert_eq!(
        pos.perft(2),
        won.perft(1) + pos.play("E7-E6").perft(1) + pos.play("e7-d7").perft(1)
    );
    // The won position survives a DFEN round trip.
    assert_eq!(
        RefPosition::from_dfen(&won.to_dfen()).to_dfen(),
        won.to_dfen()
    );
}

#[test]
fn mate_and_enclosure() {
    // A4-A5 turns the die to top 3 (north roll of (1,4)): it attacks A8 while C6 covers A7
    // and D8 covers B8.
    let pos = RefPosition::from_dfen("bK2w215/9/2w316/9/w148/9/9/8wK w");
    assert!(pos.legal_moves().contains(&"A4-A5++".to_string()));
    let mated = pos.play("A4-A5");
    assert!(mated.in_check());
    assert!(mated.legal_moves().is_empty());
    assert_eq!(mated.winner(), Some('w'));

    // No check, but Black cannot move: also lost, and the move is marked `++`.
    let pos = RefPosition::from_dfen("bK2w215/9/9/2w146/9/9/9/8wK w");
    assert!(pos.legal_moves().contains(&"C5-C6++".to_string()));
    let enclosed = pos.play("C5-C6");
    assert_eq!(enclosed.to_dfen(), "bK2w215/9/2w316/9/9/9/9/8wK b 1 1");
    assert!(!enclosed.in_check());
    assert!(enclosed.legal_moves().is_empty());
    assert_eq!(enclosed.winner(), Some('w'));
}

#[test]
fn bad_dfens_are_rejected() {
    for bad in [
        // row of 8 squares
        "b53b13b23b63bKb63b23b13b53/8/9/9/9/9/9/w54w14w24w64wKw64w24w14w54 w",
        // seven rows
        "b53b13b23b63bKb63b23b13b53/9/9/9/9/9/w54w14w24w64wKw64w24w14w54 w",
        // impossible die (3 and 4 are opposite)
        "b53b13b23b63bKb63b23b13b53/9/9/9/9/9/9/w34w14w24w64wKw64w24w14w54 w",
        // two white kings
        "b53b13b23b63bKb63b23b13b53/9/9/9/wK8/9/9/w54w14w24w64wKw64w24w14w54 w",
        // no black king
        "b53b13b23b63b63b63b23b13b53/9/9/9/9/9/9/w54w14w24w64wKw64w24w14w54 w",
        // nine white dice
        "b53b13b23b63bKb63b23b13b53/9/9/9/w548/9/9/w54w14w24w64wKw64w24w14w54 w",
        // White to move while Black's king is attacked (the die on E6 shows 2)
        "b53b13b23b63bKb63b23b13b53/9/4w264/9/9/9/9/w54w14w24w64wK1w24w14w54 w",
        // bad side
        "b53b13b23b63bKb63b23b13b53/9/9/9/9/9/9/w54w14w24w64wKw64w24w14w54 x",
    ] {
        assert!(RefPosition::try_from_dfen(bad).is_err(), "{bad}");
    }
}
