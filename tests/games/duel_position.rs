//! Positions: DFEN parsing and its rejections, Zobrist keys, and how games end; Duel's [`Contract`]
//! for the generic properties (round trips, keys, input that must not panic).

use crate::common;
use crate::contract::{self, Contract};

use duel_rules::game::side_field::SideFieldError;
use duel_rules::game::{Game, GameRecord, MoveList, Outcome, Side, Termination};
use duel_rules::games::Duel;
use duel_rules::games::duel::{DfenError, START_DFEN};

impl Contract for Duel {
    const SAMPLE_GAMES: usize = 50;
    const KEYED_FIELDS: usize = 2;
    const KEYS_AT_LEAST: usize = 5000;
    const MOST_MOVES: usize = 356;
    const ALPHABET: &'static str = "wbK0123456789/ -xABCDEFGHIabcdefghi+é\t";
    const DECIDED_TEXT_MAY_BE_REFUSED: bool = true;

    fn compute_hash(&self) -> u64 {
        duel_rules::games::duel::Position::compute_hash(self)
    }

    /// Uniform random play, in games of up to 300 plies.
    fn playouts(seed: u64, games: usize) -> Vec<Self> {
        common::random_positions(&Duel::start(), seed, games, 300)
    }
}

#[test]
fn side_to_move_changes_the_key() {
    let white = Duel::from_text("bK8/9/9/9/9/9/9/8wK w").unwrap();
    let black = Duel::from_text("bK8/9/9/9/9/9/9/8wK b").unwrap();
    assert_ne!(white.hash(), black.hash());
}

#[test]
fn the_start_dfen() {
    assert_eq!(Duel::start().to_text(), START_DFEN);
}

#[test]
fn counters_default_to_zero_and_one() {
    let pos = Duel::from_text("bK8/9/9/9/9/9/9/8wK b").unwrap();
    assert_eq!(pos.to_text(), "bK8/9/9/9/9/9/9/8wK b 0 1");
    let pos = Duel::from_text("bK8/9/9/9/9/9/9/8wK w 17 40").unwrap();
    assert_eq!((pos.quiet_plies(), pos.move_number()), (17, 40));
}

fn rejects(dfen: &str) -> DfenError {
    contract::refused_text::<Duel>(dfen)
}

#[test]
fn every_dfen_rejection_rule() {
    use DfenError::*;
    assert_eq!(rejects(""), Empty);
    assert_eq!(
        rejects("bK8/9/9/9/9/9/9/8wK"),
        SideField(SideFieldError::Missing)
    );
    assert_eq!(
        rejects("bK8/9/9/9/9/9/9/8wK x"),
        SideField(SideFieldError::Bad("x".into()))
    );
    assert_eq!(rejects("bK8/9/9/9/9/9/8wK w"), RowCount(7));
    assert!(matches!(
        rejects("bK8/9/9/8/9/9/9/8wK w"),
        RowLength { row: 5, squares: 8 }
    ));
    assert!(matches!(
        rejects("bK9/9/9/9/9/9/9/8wK w"),
        RowLength {
            row: 8,
            squares: 10
        }
    ));
    assert!(matches!(
        rejects("bK8/9/9/9/9/9/9/7w99 w"),
        BadToken { row: 1, .. }
    ));
    assert!(matches!(
        rejects("bK8/9/9/9/9/9/9/7wX1 w"),
        BadToken { row: 1, .. }
    ));
    assert!(matches!(
        rejects("bK8/9/9/90/9/9/9/8wK w"),
        BadToken { row: 5, .. }
    ));
    // Same face and opposite faces cannot be top and north.
    assert!(matches!(
        rejects("bK8/9/9/9/9/9/9/w447wK w"),
        ImpossibleDie {
            top: 4,
            north: 4,
            ..
        }
    ));
    assert!(matches!(
        rejects("bK8/9/9/9/9/9/9/w347wK w"),
        ImpossibleDie {
            top: 3,
            north: 4,
            ..
        }
    ));
    assert_eq!(
        rejects("9/9/9/9/9/9/9/8wK w"),
        KingCount {
            side: Side::Black,
            count: 0
        }
    );
    assert_eq!(
        rejects("bK7wK/9/9/9/9/9/9/7wKbK w"),
        KingCount {
            side: Side::White,
            count: 2
        }
    );
    let nine_dice = "bK8/9/9/9/9/9/w12w12w12w12w12w12w12w12w12/8wK w";
    assert_eq!(
        rejects(nine_dice),
        TooManyDice {
            side: Side::White,
            count: 9
        }
    );
    // Black, not to move, has its king attacked by the die on E6 (top 2 with E7 empty).
    let attacked = "b53b13b23b63bKb63b23b13b53/9/4w264/9/9/9/9/w54w14w24w64wK1w24w14w54 w 0 1";
    assert_eq!(rejects(attacked), OpponentAttacked(Side::Black));
    assert!(matches!(
        rejects("bK8/9/9/9/9/9/9/8wK w x 1"),
        BadCounter { .. }
    ));
    assert!(matches!(
        rejects("bK8/9/9/9/9/9/9/8wK w 0 -3"),
        BadCounter { .. }
    ));
    assert!(matches!(
        rejects("bK8/9/9/9/9/9/9/8wK w 0 0"),
        BadCounter { .. }
    ));
    assert!(matches!(
        rejects("bK8/9/9/9/9/9/9/8wK w 0 1 extra"),
        TrailingText(_)
    ));
}

#[test]
fn chess_fens_are_rejected_with_a_reason() {
    let chess = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let err = rejects(chess);
    assert!(matches!(err, DfenError::BadToken { row: 8, .. }), "{err:?}");
    assert_eq!(
        err.to_string(),
        "row 8: unexpected 'r', expected a digit 1-9, wK, bK or a die like w64"
    );
}

#[test]
fn non_ascii_input_does_not_panic() {
    for text in [
        "bK8/9/9/9/9/9/9/8wK\u{e9} w",
        "bK8/9/9/9/\u{1F3B2}/9/9/9/8wK w",
        "w\u{e9}",
    ] {
        assert!(Duel::from_text(text).is_err());
    }
}

#[test]
fn a_king_on_the_enemy_start_square_wins_even_when_attacked() {
    // White's king on E7; Black's die on A8 shows 4 and covers E8 along row 8.
    let pos = Duel::from_text("w414bK3/4wK4/9/9/9/9/9/9 w").unwrap_or_else(|e| panic!("{e}"));
    let mut record = GameRecord::new(pos);
    let mv = record.current().parse_move("E7-E8").unwrap();
    assert_eq!(
        record.current().format_move(mv),
        "E7-E8",
        "no mark on the winning king move"
    );
    record.play(mv);
    let after = record.current();
    let e8 = after.king(Side::White);
    assert!(
        after.is_attacked(e8, Side::Black, after.occupied()),
        "the exception is exercised"
    );
    assert_eq!(record.current().decided_winner(), Some(Side::White));
    let end = record.termination().expect("the game is over");
    assert!(
        matches!(
            end,
            Termination::Goal {
                winner: Side::White,
                ..
            }
        ),
        "{end:?}"
    );
    assert_eq!(
        end.to_string(),
        "white wins: its king reached the enemy king's start square"
    );
    let mut moves = MoveList::new();
    record.current().generate_moves(&mut moves);
    assert!(moves.is_empty(), "a decided position has no moves");
}

#[test]
fn duel_matt_loses() {
    let dfen = "1b13b23b63bK1b232/3w133w641/b248/9/2w321w514/9/5b143/1w14w241wK2w14w54 w 3 10";
    let mut record = GameRecord::new(Duel::from_text(dfen).unwrap());
    record.play_text("I1-h5").unwrap();
    assert!(record.current().in_check());
    let expected = Termination::NoLegalMove {
        stuck: Side::Black,
        outcome: Outcome::Win(Side::White),
    };
    assert_eq!(record.termination(), Some(expected));
}

#[test]
fn full_enclosure_loses_without_check() {
    // Black has only its king on A8; White's die on C7 (top 2) covers A7 and B8 but not A8.
    let pos = Duel::from_text("bK8/2w246/9/9/9/9/9/8wK b").unwrap();
    assert!(!pos.in_check());
    let record = GameRecord::new(pos);
    let expected = Termination::NoLegalMove {
        stuck: Side::Black,
        outcome: Outcome::Win(Side::White),
    };
    assert_eq!(record.termination(), Some(expected));
}

#[test]
fn third_repetition_draws() {
    let mut record = GameRecord::new(Duel::start());
    let shuffle = ["E1-E2", "E8-E7", "E2-E1", "E7-E8"];
    for mv in shuffle {
        record.play_text(mv).unwrap();
        assert_eq!(record.termination(), None);
    }
    for (i, mv) in shuffle.iter().enumerate() {
        record.play_text(mv).unwrap();
        let expected = (i == 3).then_some(Termination::Repetition);
        assert_eq!(record.termination(), expected, "after {mv}");
    }
    assert_eq!(Termination::Repetition.outcome(), Outcome::Draw);
}

#[test]
fn hundred_plies_without_capture_draw() {
    let pos = Duel::from_text("bK8/9/9/9/9/9/9/8wK w 99 80").unwrap();
    let mut record = GameRecord::new(pos);
    assert_eq!(record.termination(), None);
    record.play_text("I1-H1").unwrap();
    assert_eq!(record.current().quiet_plies(), 100);
    assert_eq!(record.termination(), Some(Termination::QuietPlies));
}

#[test]
fn a_capture_resets_the_quiet_ply_counter() {
    // White's die on A1 shows 1 and can take Black's die on A2.
    let pos = Duel::from_text("bK8/9/9/9/9/9/b12wK7/w128 w 98 80").unwrap();
    let after = pos.make_move(pos.parse_move("A1xA2").unwrap());
    assert_eq!(after.quiet_plies(), 0);
    let quiet = pos.make_move(pos.parse_move("B2-C2").unwrap());
    assert_eq!(quiet.quiet_plies(), 99);
}
