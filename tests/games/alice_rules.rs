//! Alice chess: perft (the rules' figures, and random-play positions confirmed by the deliberately
//! simple generator in `tests/alice_reference`), one position per special rule, how games end, move
//! notation and FEN (every rejection) and Zobrist keys; the game's [`Contract`] for the generic
//! properties (round trips, keys, input that must not panic).

use crate::alice_reference;
use crate::common;
use crate::contract::{self, Contract};

use alice_reference::{Coverage, RefPosition};
use common::{legal_moves, legal_texts};
use duel_engine::engine::perft::perft;
use duel_rules::game::board_rows::RowsError;
use duel_rules::game::side_field::SideFieldError;
use duel_rules::game::{
    Evaluation, Game, GameRecord, MoveList, MoveTextError, Outcome, Perft, Presentation, Rng,
    SearchHooks, Side, Termination, Tuning,
};
use duel_rules::games::Alice;
use duel_rules::games::alice::{
    Board, FenError, Kind, Move, MoveError, MoveFlag, START_FEN, Square, VchessError,
};

/// Positions from seeded random play (`playouts(2026, 60)`), with perft 3 and perft 4, chosen for the
/// rule each exercises: castling on A with the destinations empty on B, en passant by a pawn on A and
/// on B, promotion, check on A and on B, a king held back by an attack on the board it would leave.
/// The reference generator gives the same counts (depth 4 once, by hand: it takes a while).
#[rustfmt::skip]
const RANDOM_PLAY: [(&str, u64, u64); 20] = [
    ("Unbqk2r/3pc1pp/2s4o/ss2spP1/SS3S2/O6O/2PPP1CP/2BQK2R b k - 2 11", 24842, 785237), // castling
    ("1n1u1b2/1Pk5/ssso1s2/P2pp1Cs/3S2Pu/OSt1S2O/1R3PCP/3QK2R w K - 6 30", 55619, 2115733),
    ("2r1kr2/nc4cp/2t2ssC/pss2P1P/S1S5/O6C/RP2P3/4K2R w K - 0 28", 29841, 1084457),
    ("1n4l1/uc1p1r1p/s1s3s1/4N1CP/SpS5/1S1S4/2K1P1P1/QN1n1BbR b - a3 0 35", 32908, 1211238), // e.p. from A
    ("rnbqkb2/p1pppppu/8/1sP4s/2C1S3/4oO2/PP1PLPPP/RNBQ3R w q b6 0 7", 43353, 1239021),
    ("1u4cb/5l2/1Bs2o2/3o1s1s/S2pSSPS/3S1O2/8/1R2KB2 b - e3 0 49", 30462, 942247),
    ("2B4o/po4pp/1l4Sq/5pC1/Ss1pbs2/1SSSU2S/2N5/3L4 b - a3 0 47", 24840, 612144), // e.p. from B
    ("rn4l1/3cb2p/sss1sq1o/Q5sS/P2pPpS1/OS3O2/U2P1Pr1/2BCK2R w K g6 0 22", 51276, 1794571),
    ("Unb5/O2plu2/3b2Qo/P1p2pP1/S3S3/7O/2PP2pP/1qB1K2R b - - 1 25", 40287, 1262842), // promotion
    ("1nb1kb1r/Sp1p1p2/2s2ts1/4s1Ps/r1n4S/S1OS3O/2PTP2U/R1B1KB2 w Qk - 0 16", 49019, 1994831),
    ("6n1/2P4r/N1l2N1s/s1c2S2/p2s1SS1/3b4/C2L4/2u5 w - - 1 58", 15581, 525175),
    ("1nb2b1o/1ppp4/PU1k2u1/3P4/1S2ppS1/C1O4B/P2qP2P/2K3NR w - - 7 28", 1239, 30838), // check on A
    ("rnbqQknr/pp1pp1bp/6s1/1Ns2p1U/7S/2SS3O/PP2PPP1/R1B1KB2 b Q - 2 9", 1847, 60740),
    ("1n1lnr2/1P2q3/sss5/P2pp1ps/2US2Pu/cS2SS1O/1R2NKCP/3Q4 w - - 19 44", 6616, 240632),
    ("U2o4/O1b1l3/S1os1T2/P1pSt1P1/1n2SscS/7O/2P2K1B/8 b - - 2 46", 1961, 59763), // check on B
    ("8/O3ln2/S1os3S/P1pS1bN1/4Sc2/6C1/o1PL1s2/8 w - - 2 57", 1992, 66463),
    ("3C3o/6pp/1l2o1S1/p2C1p2/3p4/OSSS3U/4q1b1/1L6 b - - 9 60", 4288, 109256),
    ("Unb5/O1cpl3/S5To/2p2pP1/Sn2S2S/3S3O/2P1L3/t1B2r2 b - - 0 32", 66527, 2324731), // king held back
    ("Unbb4/O2pl3/S1o2q1o/1Tp2pP1/S2PS2S/5u1O/2P1L3/2B5 w - - 3 36", 57771, 2124549),
    ("Unb5/O2pln2/Sc3q2/2p2pP1/Sn1PSC1S/5Q1O/2P1L3/8 b - - 2 39", 57729, 2544209),
];

/// One seeded random game from the start of at most `plies` plies. Half the time a castling, an
/// en-passant capture or a promotion is played when one is legal, so that the rare rules come up.
fn playout(rng: &mut Rng, plies: usize) -> Vec<Alice> {
    let special = |mv: Move| mv.flag() != MoveFlag::Normal && mv.flag() != MoveFlag::DoubleStep;
    common::favouring_playout(&Alice::start(), rng, plies, special, |rng| {
        rng.below(2) == 0
    })
}

/// Every position of `games` games of [`playout`] (at most 120 plies each), seeded.
fn playouts(seed: u64, games: usize) -> Vec<Alice> {
    let mut rng = Rng::new(seed);
    (0..games).flat_map(|_| playout(&mut rng, 120)).collect()
}

impl Contract for Alice {
    const SAMPLE_GAMES: usize = 40;
    const KEYED_FIELDS: usize = 4;
    const KEYS_AT_LEAST: usize = 3000;
    const MOST_MOVES: usize = 321;
    const ALPHABET: &'static str = "pnbrqkPNBRQKsocutlSOCUTL12345678/ wb-KQkqae9x0é\t";

    fn compute_hash(&self) -> u64 {
        duel_rules::games::alice::Position::compute_hash(self)
    }

    fn playouts(seed: u64, games: usize) -> Vec<Self> {
        playouts(seed, games)
    }
}

fn position(text: &str) -> Alice {
    Alice::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

// ---------------------------------------------------------------------------------------------
// Perft

#[test]
fn perft_from_the_start_matches_the_rules() {
    let start = Alice::start();
    for (depth, nodes) in [(1, 20), (2, 400), (3, 9_384), (4, 219_236)] {
        assert_eq!(perft(&start, depth), nodes, "depth {depth}");
    }
    // Perft counts the last ply in bulk; the list agrees.
    let mut moves = MoveList::new();
    start.generate_moves(&mut moves);
    assert_eq!(start.legal_move_count(), moves.len() as u64);
}

/// Well under a second in release builds, far longer in debug ones.
#[test]
#[cfg_attr(debug_assertions, ignore)]
fn perft_5_from_the_start_matches_the_rules() {
    let start = Alice::start();
    assert_eq!(perft(&start, 5), 5_910_723);
}

#[test]
fn perft_3_and_4_of_random_play_positions() {
    for (text, nodes3, nodes4) in RANDOM_PLAY {
        let pos = position(text);
        assert_eq!(perft(&pos, 3), nodes3, "{text}");
        assert_eq!(perft(&pos, 4), nodes4, "{text}");
    }
}

/// The table's positions exercise the rules they are listed for, and their depth-3 counts come out
/// of the simple generator too.
#[test]
fn the_reference_generator_confirms_the_table() {
    let mut covered = Coverage::default();
    for (text, nodes3, _) in RANDOM_PLAY {
        let reference = RefPosition::from_text(text);
        assert_eq!(reference.to_text(), text);
        assert_eq!(reference.perft(3), nodes3, "{text}");
        covered = covered.or(reference.coverage());
    }
    assert!(covered.all(), "{covered:?}");
}

/// Move lists and the positions after each move agree with the simple generator along many random
/// games, and the games exercise every rule.
#[test]
fn legal_moves_and_resulting_positions_match_the_reference() {
    let positions = playouts(99, 40);
    assert!(positions.len() > 3000, "{}", positions.len());
    let mut covered = Coverage::default();
    for pos in &positions {
        let reference = RefPosition::from_text(&pos.to_text());
        assert_eq!(reference.to_text(), pos.to_text());
        assert_eq!(
            legal_texts(pos),
            reference.legal_moves(),
            "{}",
            pos.to_text()
        );
        assert_eq!(pos.in_check(), reference.in_check(), "{}", pos.to_text());
        covered = covered.or(reference.coverage());
        for mv in legal_moves(pos) {
            let text = pos.format_move(mv);
            let after = pos.make_move(mv);
            assert_eq!(after.to_text(), reference.play(&text).to_text(), "{text}");
        }
    }
    assert!(covered.all(), "{covered:?}");
}

/// Compares the move lists of `pos` and `reference` and, `depth - 1` plies further, of every
/// position below; returns the leaf count `depth` plies deep.
fn compare_trees(pos: &Alice, reference: &RefPosition, depth: u32) -> u64 {
    let texts = legal_texts(pos);
    assert_eq!(texts, reference.legal_moves(), "{}", pos.to_text());
    if depth == 1 {
        return texts.len() as u64;
    }
    texts
        .iter()
        .map(|text| {
            let next = pos.make_move(pos.parse_move(text).unwrap());
            compare_trees(&next, &reference.play(text), depth - 1)
        })
        .sum()
}

/// Move lists to depth 3 (and so the counts) agree with the simple generator below every position of
/// the table and below positions of random play that exercise a rule.
#[test]
fn move_trees_to_depth_3_match_the_reference() {
    let mut roots: Vec<Alice> = RANDOM_PLAY
        .iter()
        .map(|(text, ..)| position(text))
        .collect();
    let mut wanted = [4usize; 7];
    for pos in playouts(7, 30) {
        let c = RefPosition::from_text(&pos.to_text()).coverage();
        let shows = c.flags();
        if let Some(rule) = (0..7).find(|&rule| shows[rule] && wanted[rule] > 0) {
            wanted[rule] -= 1;
            roots.push(pos);
        }
    }
    assert!(roots.len() >= 40, "{}", roots.len());
    for root in roots {
        let nodes = compare_trees(&root, &RefPosition::from_text(&root.to_text()), 3);
        assert_eq!(nodes, perft(&root, 3), "{}", root.to_text());
    }
}

// ---------------------------------------------------------------------------------------------
// The rules, one position each

#[test]
fn the_example_of_the_rules() {
    let mut record = GameRecord::new(Alice::start());
    for text in ["g1f3", "d7d5", "c2c4", "d5c4"] {
        record.play_text(text).unwrap();
    }
    assert_eq!(
        record.current().to_text(),
        "rnbqkbnr/ppp1pppp/8/8/2p5/5O2/PP1PPPPP/RNBQKB1R w KQkq - 0 3"
    );
    // The d-pawn took on c4 as pawns do, on B, and passed back to A. No black pawn stood beside c4
    // after its double step, so no en-passant square was kept.
    assert_eq!(record.positions()[3].en_passant(), None);
}

/// Every piece passes to the other board, a promoted pawn as its new piece.
#[test]
fn pieces_pass_to_the_other_board() {
    let start = Alice::start();
    let after = start.make_move(start.parse_move("e2e4").unwrap());
    assert_eq!(
        after.occupant(sq("e4")).get().map(|(_, b)| b),
        Some(Board::B)
    );
    // Both pawns now stand on B, face to face: the white one is blocked on its board.
    let facing = after.make_move(after.parse_move("e7e5").unwrap());
    assert_eq!(
        facing.to_text(),
        "rnbqkbnr/pppp1ppp/8/4s3/4S3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    assert_eq!(
        facing.parse_move("e4e5"),
        Err(MoveError::Unreachable {
            kind: Kind::Pawn,
            board: Board::B,
            from: sq("e4"),
            to: sq("e5")
        })
    );
    // A piece on A may go where a piece stands on B only by capturing... nothing: the square must
    // be empty on the board it passes to. The queen's d1-e2-f3-g4-h5 diagonal is open on A, and
    // every square of it is empty on B.
    assert!(legal_texts(&facing).contains(&"d1h5".to_string()));
    let promotion = position("k7/4P3/8/8/8/8/8/K7 w - - 0 1");
    let queen = promotion.make_move(promotion.parse_move("e7e8q").unwrap());
    assert_eq!(queen.to_text(), "k3T3/8/8/8/8/8/8/K7 b - - 0 1");
    assert!(
        !queen.in_check(),
        "the queen stands on B, the black king on A"
    );
    // The promotion square must be empty on the other board.
    let blocked = position("k3t3/4P3/8/8/8/8/8/K7 w - - 0 1");
    assert!(legal_texts(&blocked).iter().all(|m| !m.starts_with("e7")));
    assert_eq!(
        blocked.parse_move("e7e8q"),
        Err(MoveError::OccupiedOnOtherBoard {
            square: sq("e8"),
            board: Board::B
        })
    );
}

/// Castling is orthodox on A, with the king's and rook's destinations empty on B and the king not in
/// check on B afterwards.
#[test]
fn castling_needs_the_destinations_empty_on_b() {
    let free = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(legal_texts(&free).contains(&"e1g1".to_string()));
    assert!(legal_texts(&free).contains(&"e1c1".to_string()));
    let castled = free.make_move(free.parse_move("e1g1").unwrap());
    assert_eq!(castled.to_text(), "r3k2r/8/8/8/8/8/8/R4UL1 b kq - 1 1");
    // A black bishop on g1 of B: short castling is out, long castling is not.
    let g1_taken = position("r3k2r/8/8/8/8/8/8/R3K1cR w KQkq - 0 1");
    assert!(!legal_texts(&g1_taken).contains(&"e1g1".to_string()));
    assert!(legal_texts(&g1_taken).contains(&"e1c1".to_string()));
    assert!(matches!(
        g1_taken.parse_move("e1g1"),
        Err(MoveError::OccupiedOnOtherBoard { .. })
    ));
    // A black rook on d1 of B: long castling is out (the rook's destination); short castling is
    // fine, since the rook arriving on f1 of B shields g1 from it.
    let d1_taken = position("r3k2r/8/8/8/8/8/8/R2uK2R w KQkq - 0 1");
    assert!(legal_texts(&d1_taken).contains(&"e1g1".to_string()));
    assert!(!legal_texts(&d1_taken).contains(&"e1c1".to_string()));
    assert_eq!(
        d1_taken.parse_move("e1c1"),
        Err(MoveError::Castling {
            reason: "the rook's destination is occupied on board B"
        })
    );
    // A black rook on g8 of B would check the king arriving on g1 of B.
    let g_file = position("r3k1ur/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(!legal_texts(&g_file).contains(&"e1g1".to_string()));
    assert!(legal_texts(&g_file).contains(&"e1c1".to_string()));
    // Orthodox conditions on A: f1 attacked there by a rook on f8 of A.
    let f_file = position("r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1");
    assert!(!legal_texts(&f_file).contains(&"e1g1".to_string()));
}

/// A pawn that just made a double step can be taken en passant by a pawn on either board.
#[test]
fn en_passant_by_a_pawn_on_either_board() {
    let before = position("4k3/8/8/8/3s1p2/8/4P3/4K3 w - - 0 1");
    let after = before.make_move(before.parse_move("e2e4").unwrap());
    assert_eq!(after.to_text(), "4k3/8/8/8/3sSp2/8/8/4K3 b - e3 0 1");
    let captures: Vec<String> = legal_texts(&after)
        .into_iter()
        .filter(|m| m.ends_with("e3"))
        .collect();
    assert_eq!(captures, ["d4e3", "f4e3"]);
    // From B (the pawn passes to A) and from A (it passes to B, taking a pawn on B).
    let from_b = after.make_move(after.parse_move("d4e3").unwrap());
    assert_eq!(from_b.to_text(), "4k3/8/8/8/5p2/4p3/8/4K3 w - - 0 2");
    let from_a = after.make_move(after.parse_move("f4e3").unwrap());
    assert_eq!(from_a.to_text(), "4k3/8/8/8/3s4/4s3/8/4K3 w - - 0 2");
    let mv = after.parse_move("f4e3").unwrap();
    assert_eq!(mv.flag(), MoveFlag::EnPassant);
    assert_eq!(after.capture_value(mv), 100);
    // The square passed must be empty on both boards: a black knight on e3 of B stops both captures.
    let blocked = position("4k3/8/8/8/3s1p2/4o3/4P3/4K3 w - - 0 1");
    let after = blocked.make_move(blocked.parse_move("e2e4").unwrap());
    assert_eq!(after.en_passant(), None);
    assert!(legal_texts(&after).iter().all(|m| !m.ends_with("e3")));
}

/// Only pieces on the king's board give check; a piece leaving the king's board can never block,
/// and a capture there can uncover a line (the capturer does not stay).
#[test]
fn checks_come_only_from_the_kings_board() {
    assert!(position("4k3/8/8/8/8/8/8/4K2r w - - 0 1").in_check());
    assert!(!position("4k3/8/8/8/8/8/8/4K2u w - - 0 1").in_check());
    assert!(position("4k3/8/8/8/8/8/8/4L2u w - - 0 1").in_check());
    // The rook on a4 of A cannot block on e4: it would pass to B. From B it blocks, landing on A.
    let from_a = position("4r2k/8/8/8/R7/8/8/4K3 w - - 0 1");
    assert!(!legal_texts(&from_a).contains(&"a4e4".to_string()));
    assert!(matches!(
        from_a.parse_move("a4e4"),
        Err(MoveError::KingAttacked)
    ));
    let from_b = position("4r2k/8/8/8/U7/8/8/4K3 w - - 0 1");
    assert!(legal_texts(&from_b).contains(&"a4e4".to_string()));
    // Taking the knight on e4 of A uncovers the rook on e8: the bishop lands on B.
    let uncovered = position("4r2k/8/8/8/4n3/8/2B5/4K3 w - - 0 1");
    assert!(!legal_texts(&uncovered).contains(&"c2e4".to_string()));
}

/// A king may not step to a square attacked on the board it leaves, even if it is safe on the board
/// it lands on.
#[test]
fn a_king_may_not_leave_for_a_square_attacked_on_its_board() {
    let pos = position("4k3/8/8/8/8/8/r7/4K3 w - - 0 1");
    assert_eq!(legal_texts(&pos), ["e1d1", "e1f1"]);
    assert_eq!(pos.parse_move("e1e2"), Err(MoveError::KingAttacked));
    // Nor to one attacked on the board it lands on: a black rook on B's second rank.
    let pos = position("4k3/8/8/8/8/8/u7/4K3 w - - 0 1");
    assert_eq!(legal_texts(&pos), ["e1d1", "e1f1"]);
}

// ---------------------------------------------------------------------------------------------
// How the game ends

#[test]
fn checkmate_wins_and_stalemate_draws() {
    // Two rooks on A: the a-file and the b-file of A are covered, and nothing can come from B.
    let mate = position("rr5k/8/8/8/8/8/8/K7 w - - 0 1");
    assert!(mate.in_check() && legal_moves(&mate).is_empty());
    assert_eq!(mate.no_move_outcome(), Outcome::Win(Side::Black));
    assert_eq!(mate.parse_move("a1a2"), Err(MoveError::NoLegalMove));
    assert!(matches!(
        GameRecord::new(mate).termination(),
        Some(Termination::NoLegalMove {
            stuck: Side::White,
            outcome: Outcome::Win(Side::Black)
        })
    ));
    // The same rooks on B give no check: the king walks away on A... to B.
    let free = position("uu5k/8/8/8/8/8/8/K7 w - - 0 1");
    assert!(!free.in_check());
    let stalemate = position("k7/8/8/8/8/1q6/8/K7 w - - 0 1");
    assert!(!stalemate.in_check() && legal_moves(&stalemate).is_empty());
    assert_eq!(stalemate.no_move_outcome(), Outcome::Draw);
    // Random play meets checkmates too, and each one's generator and reference agree on it.
    let mates: Vec<Alice> = playouts(31, 60)
        .into_iter()
        .filter(|p| !p.has_legal_move())
        .collect();
    assert!(
        mates.iter().any(|p| p.in_check()),
        "no checkmate in random play"
    );
    for end in mates {
        assert!(
            RefPosition::from_text(&end.to_text())
                .legal_moves()
                .is_empty()
        );
    }
}

#[test]
fn having_a_move_agrees_with_the_move_list() {
    // The quick answer looks only at the board away from the king when out of check; random play
    // reaches positions where that board has no move (and mates and stalemates) to test the rest.
    let positions = playouts(37, 60);
    let mut without_moves_away = 0;
    for pos in &positions {
        let moves = legal_moves(pos);
        assert_eq!(pos.has_legal_move(), !moves.is_empty(), "{}", pos.to_text());
        let king_board = pos.occupant(pos.king(pos.side_to_move())).board();
        if !moves.is_empty()
            && moves
                .iter()
                .all(|m| pos.occupant(m.from()).board() == king_board)
        {
            without_moves_away += 1;
        }
    }
    assert!(
        without_moves_away > 0,
        "every position had a move away from the king's board"
    );
}

#[test]
fn fifty_moves_and_threefold_repetition_draw() {
    let mut record = GameRecord::new(position("4k3/8/8/8/8/8/8/R3K3 w - - 98 80"));
    record.play_text("a1a2").unwrap();
    assert_eq!(record.termination(), None);
    record.play_text("e8d8").unwrap();
    assert_eq!(record.current().quiet_plies(), 100);
    assert_eq!(record.termination(), Some(Termination::QuietPlies));
    // The knights go out (to B) and back (to A) twice: the start comes round a third time.
    let mut record = GameRecord::new(Alice::start());
    for _ in 0..2 {
        for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            assert_eq!(record.termination(), None);
            record.play_text(text).unwrap();
        }
    }
    assert_eq!(record.termination(), Some(Termination::Repetition));
    assert_eq!(Alice::DRAW_RULES.repetitions, Some(3));
}

// ---------------------------------------------------------------------------------------------
// Move notation

/// Parsing is its own statement of the rules (it explains rejections), so it is held equal to the
/// generator over every text a move could have: all pairs of squares, with and without a promotion
/// letter.
#[test]
fn parsing_accepts_exactly_the_generated_moves() {
    let mut texts = Vec::new();
    for from in Square::all() {
        for to in Square::all().filter(|&to| to != from) {
            texts.push(format!("{from}{to}"));
            for letter in ["n", "b", "r", "q"] {
                texts.push(format!("{from}{to}{letter}"));
            }
        }
    }
    let mut positions = playouts(17, 3);
    positions.extend(RANDOM_PLAY.iter().map(|(text, ..)| position(text)));
    let positions: Vec<Alice> = positions.into_iter().step_by(3).collect();
    contract::parsing_accepts_exactly_the_generated_moves(&positions, &texts);
}

#[test]
fn input_is_lenient_about_case_and_spaces() {
    let start = Alice::start();
    let e2e4 = start.parse_move("e2e4").unwrap();
    for text in ["E2E4", " e2e4 ", "e2E4\t", "e2-e4", "E2xE4"] {
        assert_eq!(start.parse_move(text), Ok(e2e4), "{text}");
    }
    let promotion = position("k7/4P3/8/8/8/8/8/K7 w - - 0 1");
    let queen = promotion.parse_move("e7e8q").unwrap();
    assert_eq!(promotion.parse_move("E7E8Q"), Ok(queen));
    assert_eq!(promotion.parse_move("e7-e8=q"), Ok(queen));
    assert_eq!(queen.promotion(), Some(Kind::Queen));
    assert_eq!(promotion.format_move(queen), "e7e8q");
}

#[test]
fn bad_moves_are_rejected_with_the_reason() {
    let start = Alice::start();
    let promotion = position("k7/4P3/8/8/8/8/8/K7 w - - 0 1");
    let bishop_on_f1 = position("r3k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1");
    let syntax = |e: &MoveError| matches!(e, MoveError::Text(MoveTextError::Syntax { .. }));
    type Check = Box<dyn Fn(&MoveError) -> bool>;
    let cases: Vec<(&Alice, &str, Check)> = vec![
        (
            &start,
            "",
            Box::new(|e| *e == MoveError::Text(MoveTextError::Empty)),
        ),
        (
            &start,
            "  ",
            Box::new(|e| *e == MoveError::Text(MoveTextError::Empty)),
        ),
        (&start, "e2", Box::new(syntax)),
        (&start, "e2e4qq", Box::new(syntax)),
        (&start, "e2e4e5", Box::new(syntax)),
        (
            &start,
            "é2e4",
            Box::new(|e| *e == MoveError::Text(MoveTextError::NotASquare("é2".into()))),
        ),
        (
            &start,
            "e2/e4",
            Box::new(|e| *e == MoveError::Text(MoveTextError::NotASquare("/e".into()))),
        ),
        (
            &start,
            "0000",
            Box::new(|e| *e == MoveError::Text(MoveTextError::NotASquare("00".into()))),
        ),
        (
            &start,
            "i2e4",
            Box::new(|e| *e == MoveError::Text(MoveTextError::NotASquare("i2".into()))),
        ),
        (
            &start,
            "e2e9",
            Box::new(|e| *e == MoveError::Text(MoveTextError::NotASquare("e9".into()))),
        ),
        (
            &start,
            "e7e8k",
            Box::new(|e| *e == MoveError::BadPromotion('k')),
        ),
        (
            &start,
            "e2e2",
            Box::new(|e| *e == MoveError::SameSquare(sq("e2"))),
        ),
        (
            &start,
            "e3e4",
            Box::new(|e| *e == MoveError::NoPiece(sq("e3"))),
        ),
        (
            &start,
            "e7e5",
            Box::new(|e| *e == MoveError::NotYourPiece(sq("e7"))),
        ),
        (
            &start,
            "d1d2",
            Box::new(|e| *e == MoveError::OwnPiece(sq("d2"))),
        ),
        (
            &start,
            "e2e5",
            Box::new(|e| {
                *e == MoveError::Unreachable {
                    kind: Kind::Pawn,
                    board: Board::A,
                    from: sq("e2"),
                    to: sq("e5"),
                }
            }),
        ),
        (
            &start,
            "f1b5",
            Box::new(|e| {
                matches!(
                    e,
                    MoveError::Unreachable {
                        kind: Kind::Bishop,
                        ..
                    }
                )
            }),
        ),
        (
            &start,
            "e2e4q",
            Box::new(|e| *e == MoveError::UnexpectedPromotion),
        ),
        (
            &start,
            "e1g1",
            Box::new(|e| *e == MoveError::OwnPiece(sq("g1"))),
        ),
        (
            &bishop_on_f1,
            "e1g1",
            Box::new(|e| {
                *e == MoveError::Castling {
                    reason: "a square between the king and the rook is occupied on board A",
                }
            }),
        ),
        (
            &promotion,
            "e7e8",
            Box::new(|e| *e == MoveError::MissingPromotion),
        ),
    ];
    for (pos, text, expected) in cases {
        let err = contract::refused_move(pos, text);
        assert!(expected(&err), "{text}: got {err:?}");
    }
    assert_eq!(
        start.parse_move("e2e5").unwrap_err().to_string(),
        "the pawn on e2 (board A) cannot move to e5 on that board"
    );
}

/// The tactical generator gives exactly the legal captures (en passant included) and promotions, in
/// generation order.
#[test]
fn tactical_moves_are_the_captures_and_promotions() {
    let mut tactical = MoveList::new();
    let mut counts = [0; 3];
    for pos in playouts(12, 20) {
        pos.generate_tactical_moves(&mut tactical);
        let expected: Vec<Move> = legal_moves(&pos)
            .into_iter()
            .filter(|&mv| pos.is_tactical(mv))
            .collect();
        assert_eq!(tactical.to_vec(), expected, "{}", pos.to_text());
        for &mv in tactical.iter() {
            let quiet_promotion = pos.capture_value(mv) == 0 && mv.promotion().is_some();
            counts[0] += usize::from(mv.flag() == MoveFlag::EnPassant);
            counts[1] += usize::from(quiet_promotion);
            counts[2] += usize::from(pos.is_capture(mv));
        }
    }
    assert!(counts.iter().all(|&n| n > 0), "{counts:?}");
}

// ---------------------------------------------------------------------------------------------
// FEN

#[test]
fn the_start_fen() {
    assert_eq!(Alice::start().to_text(), START_FEN);
}

#[test]
fn lenient_fens() {
    // Without counters; adjacent digits add up; any whitespace separates fields.
    let pos = position("  rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR\tw KQkq -  ");
    assert_eq!(pos.to_text(), START_FEN);
    // An en-passant square no pawn can use is dropped (no black pawn beside e4).
    let pos = position("rnbqkbnr/pppppppp/8/8/4S3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_eq!(pos.en_passant(), None);
    assert_eq!(
        pos.to_text(),
        "rnbqkbnr/pppppppp/8/8/4S3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    let pos = position("rnbqkbnr/ppp1pppp/8/8/3pS3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 2");
    assert_eq!(pos.en_passant(), Some(sq("e3")));
}

/// vchess.club's Alice FEN (`getFen` in its `base_rules.js`: board, side, ply count, castling flags
/// as rook files with `i` for none, en-passant square) is read into the same position as ours.
#[test]
fn vchess_fens_read_as_ours() {
    let same = |vchess: &str, ours: &str| {
        assert_eq!(
            position(vchess).to_text(),
            position(ours).to_text(),
            "{vchess}"
        );
        assert_eq!(position(vchess).hash(), position(ours).hash(), "{vchess}");
    };
    // vchess's start (`GenRandInitFen` without randomness).
    same(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -",
        START_FEN,
    );
    assert_eq!(
        position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -").to_text(),
        START_FEN
    );
    // After 1. e4 (the pawn now on board B, `S`) as vchess writes it: the ply count 1, e3 kept.
    let e4 = Alice::start().make_move(Alice::start().parse_move("e2e4").unwrap());
    assert_eq!(
        position("rnbqkbnr/pppppppp/8/8/4S3/8/PPPP1PPP/RNBQKBNR b 1 ahah e3").to_text(),
        e4.to_text()
    );
    // Board-B pieces of both sides, and the ply count to the move number: plies / 2 + 1.
    same(
        "rnbqkb1r/pppp1ppp/5o2/4s3/4S3/2O5/PPPP1PPP/R1BQKBNR w 4 ahah -",
        "rnbqkb1r/pppp1ppp/5o2/4s3/4S3/2O5/PPPP1PPP/R1BQKBNR w KQkq - 0 3",
    );
    same(
        "1n4l1/uc1p1r1p/s1s3s1/4N1CP/SpS5/1S1S4/2K1P1P1/QN1n1BbR b 68 iiii a3",
        "1n4l1/uc1p1r1p/s1s3s1/4N1CP/SpS5/1S1S4/2K1P1P1/QN1n1BbR b - a3 0 35",
    );
    // Castling subsets: White's a-side, h-side, Black's a-side, h-side; `i` where gone.
    const CASTLE: &str = "r3k2r/8/8/8/8/8/8/R3K2R";
    for (flags, rights) in [
        ("ahah", "KQkq"),
        ("iiii", "-"),
        ("ihii", "K"),
        ("aiii", "Q"),
        ("iiah", "kq"),
        ("ahii", "KQ"),
        ("aiih", "Qk"),
        ("ihai", "Kq"),
    ] {
        same(
            &format!("{CASTLE} w 0 {flags} -"),
            &format!("{CASTLE} w {rights} - 0 1"),
        );
    }
    // En passant, from board A and from board B, as in `RANDOM_PLAY`.
    same(
        "rnbqkbnr/ppp1pppp/8/8/3pS3/8/PPPP1PPP/RNBQKBNR b 3 ahah e3",
        "rnbqkbnr/ppp1pppp/8/8/3pS3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 2",
    );
    assert_eq!(
        position("rnbqkbnr/ppp1pppp/8/8/3pS3/8/PPPP1PPP/RNBQKBNR b 3 ahah e3").en_passant(),
        Some(sq("e3"))
    );
    same(
        "2B4o/po4pp/1l4Sq/5pC1/Ss1pbs2/1SSSU2S/2N5/3L4 b 92 iiii a3",
        "2B4o/po4pp/1l4Sq/5pC1/Ss1pbs2/1SSSU2S/2N5/3L4 b - a3 0 47",
    );
    // Our own format still round-trips unchanged.
    for (text, _, _) in RANDOM_PLAY {
        assert_eq!(position(text).to_text(), text);
    }
}

#[test]
fn vchess_fen_rejections_name_the_field() {
    use FenError::*;
    const BOARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let with = |rest: &str| format!("{BOARD} {rest}");
    assert_eq!(rejects(&with("w 0")), Vchess(VchessError::MissingFlags));
    assert_eq!(rejects(&with("w 0 ahah")), MissingEnPassant);
    for flags in ["KQkq", "aha", "ahahh", "-", "ah1h", "ahAh"] {
        assert_eq!(
            rejects(&with(&format!("w 0 {flags} -"))),
            Vchess(VchessError::BadFlags(flags.into())),
            "{flags}"
        );
    }
    assert_eq!(
        rejects(&with("w 0 bhah -")),
        Vchess(VchessError::RookFile {
            side: Side::White,
            short: false,
            found: 'b'
        })
    );
    assert_eq!(
        rejects(&with("w 0 ahag -")),
        Vchess(VchessError::RookFile {
            side: Side::Black,
            short: true,
            found: 'g'
        })
    );
    assert_eq!(rejects(&with("w 0 ahah e9")), BadEnPassant("e9".into()));
    assert_eq!(
        rejects(&with("w 0 ahah - 0 1")),
        Vchess(VchessError::TrailingText("0 1".into()))
    );
    assert_eq!(
        rejects(&with("w 99999999999 ahah -")),
        BadCounter {
            field: "ply count",
            text: "99999999999".into()
        }
    );
    // The meaning checks are ours: a flag needs its king and rook on their start squares on A.
    assert_eq!(
        rejects("r3k2r/8/8/8/8/8/8/R3K2U w 0 ahah -"),
        CastlingWithoutPieces('K')
    );
    assert_eq!(rejects(&with("w 0 ahah e3")), EnPassantRank(sq("e3")));
    assert_eq!(
        rejects(&with("w 0 bhah -")).to_string(),
        "vchess castling flag 'b' for white's a-side rook: only 'a' (its start file) or 'i' (no \
         castling) is possible in Alice"
    );
    assert_eq!(
        rejects(&with("w 0 KQkq -")).to_string(),
        "vchess castling flags must be four letters (rook files, 'i' for none), found 'KQkq'"
    );
}

fn rejects(text: &str) -> FenError {
    contract::refused_text::<Alice>(text)
}

#[test]
fn every_fen_rejection_rule() {
    use FenError::*;
    const BOARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let with = |rest: &str| format!("{BOARD} {rest}");
    assert_eq!(rejects(""), Empty);
    assert_eq!(rejects(" \t "), Empty);
    assert_eq!(
        rejects("8/8/8/8/8/8/8 w - - 0 1"),
        Rows(RowsError::RowCount(7))
    );
    assert_eq!(
        rejects("8/8/8/8/8/8/8/8/8 w - - 0 1"),
        Rows(RowsError::RowCount(9))
    );
    assert_eq!(
        rejects("4k3/8/8/7/8/8/8/4K3 w - - 0 1"),
        Rows(RowsError::RowLength { row: 5, squares: 7 })
    );
    assert_eq!(
        rejects("4k3/8/8/8/8/8/8/4K3P w - - 0 1"),
        Rows(RowsError::RowLength { row: 1, squares: 9 })
    );
    for (text, found) in [
        ("4k3/8/8/9/8/8/8/4K3 w - - 0 1", '9'),
        ("4k3/8/8/08/8/8/8/4K3 w - - 0 1", '0'),
        ("4k3/8/8/8/8/8/8/4K2X w - - 0 1", 'X'),
        ("4k3/8/8/8/8/8/8/4K2a w - - 0 1", 'a'),
        ("4k3/8/8/8/8/8/8/4Ké2 w - - 0 1", 'é'),
    ] {
        assert!(
            matches!(rejects(text), Rows(RowsError::BadChar { found: f, .. }) if f == found),
            "{text}"
        );
    }
    assert_eq!(rejects(BOARD), SideField(SideFieldError::Missing));
    assert_eq!(
        rejects(&with("W KQkq - 0 1")),
        SideField(SideFieldError::Bad("W".into()))
    );
    assert_eq!(rejects(&with("w")), MissingCastling);
    assert_eq!(rejects(&with("w KQkqK - 0 1")), BadCastling("KQkqK".into()));
    assert_eq!(rejects(&with("w KX - 0 1")), BadCastling("KX".into()));
    assert_eq!(rejects(&with("w KQkq")), MissingEnPassant);
    assert_eq!(rejects(&with("w KQkq e9 0 1")), BadEnPassant("e9".into()));
    assert_eq!(rejects(&with("w KQkq - 0")), MissingMoveNumber);
    assert_eq!(
        rejects(&with("w KQkq - x 1")),
        BadCounter {
            field: "halfmove clock",
            text: "x".into()
        }
    );
    assert_eq!(
        rejects(&with("w KQkq - 0 0")),
        BadCounter {
            field: "move number",
            text: "0".into()
        }
    );
    assert_eq!(rejects(&with("w KQkq - 0 1 x")), TrailingText("x".into()));
    assert_eq!(
        rejects("4k3/8/8/8/8/8/8/8 w - - 0 1"),
        KingCount {
            side: Side::White,
            count: 0
        }
    );
    assert_eq!(
        rejects("4k3/8/8/8/8/8/8/4K2l w - - 0 1"),
        KingCount {
            side: Side::Black,
            count: 2
        }
    );
    assert_eq!(
        rejects("4k3/8/8/8/8/8/8/P3K3 w - - 0 1"),
        PawnOnBackRank {
            square: sq("a1"),
            found: 'P'
        }
    );
    assert_eq!(
        rejects("4k2s/8/8/8/8/8/8/4K3 w - - 0 1"),
        PawnOnBackRank {
            square: sq("h8"),
            found: 's'
        }
    );
    // Castling rights need king and rook on their start squares on A (not on B).
    assert_eq!(
        rejects("r3k2r/8/8/8/8/8/8/R3K2U w KQkq - 0 1"),
        CastlingWithoutPieces('K')
    );
    assert_eq!(
        rejects("r3k2r/8/8/8/8/8/8/R3L2R w KQkq - 0 1"),
        CastlingWithoutPieces('K')
    );
    assert_eq!(
        rejects("1r2k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
        CastlingWithoutPieces('q')
    );
    assert_eq!(rejects(&with("w KQkq e3 0 1")), EnPassantRank(sq("e3")));
    assert_eq!(
        rejects("4k3/8/8/8/8/8/8/4K3 b - e3 0 1"),
        EnPassantWithoutPawn(sq("e3"))
    );
    // The pawn on e4 of B passed e3 on A, where a knight now stands.
    assert_eq!(
        rejects("4k3/8/8/8/4S3/4N3/8/4K3 b - e3 0 1"),
        EnPassantBlocked(sq("e3"))
    );
    assert_eq!(
        rejects("4k3/8/8/8/4S3/8/4N3/4K3 b - e3 0 1"),
        EnPassantBlocked(sq("e3"))
    );
    // White to move with Black's king attacked on its board.
    assert_eq!(
        rejects("4k2R/8/8/8/8/8/8/4K3 w - - 0 1"),
        OpponentInCheck(Side::Black)
    );
    // The same rook on B gives no check.
    assert!(Alice::from_text("4k2U/8/8/8/8/8/8/4K3 w - - 0 1").is_ok());
}

// ---------------------------------------------------------------------------------------------
// Zobrist keys

#[test]
fn the_key_depends_on_board_side_rights_and_en_passant() {
    let keys: Vec<u64> = [
        "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/U3K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 b - - 0 1",
        "4k3/8/8/8/8/8/8/R3L3 w - - 0 1",
        "4k3/8/8/8/3pS3/8/8/4K3 b - e3 0 1",
        "4k3/8/8/8/3pS3/8/8/4K3 b - - 0 1",
    ]
    .iter()
    .map(|t| position(t).hash())
    .collect();
    let distinct: std::collections::HashSet<u64> = keys.iter().copied().collect();
    assert_eq!(distinct.len(), keys.len());
}

// ---------------------------------------------------------------------------------------------
// Evaluation and drawing

#[test]
fn eval_and_diagram_of_the_start() {
    let start = Alice::start();
    let names: Vec<&str> = start.eval_terms().iter().map(|t| t.name).collect();
    assert_eq!(
        names,
        [
            "material",
            "piece squares",
            "mobility",
            "other board",
            "king safety",
            "threats",
            "tempo"
        ]
    );
    assert_eq!(start.eval_features().len(), Alice::eval_weights().len());
    let diagram = start.diagram();
    assert!(
        diagram.contains("board A") && diagram.contains("board B"),
        "{diagram}"
    );
}

#[test]
fn bench_positions_come_from_seeded_random_play() {
    assert_eq!(Alice::BENCH_POSITIONS[0], START_FEN);
    let replayed: Vec<String> = (1..=4)
        .map(|seed| {
            let game = common::random_positions(&Alice::start(), seed, 1, 16);
            game.last().map(Alice::to_text).unwrap_or_default()
        })
        .collect();
    assert_eq!(Alice::BENCH_POSITIONS[1..], replayed);
    for text in Alice::BENCH_POSITIONS {
        assert!(position(text).legal_move_count() >= 20, "{text}");
    }
}
