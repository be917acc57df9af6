//! The contracts of the `Game` trait's seam, checked for every hosted game over positions of seeded
//! random play: what the search and the tools rely on whatever the game. `Bare`, Duel behind the
//! required methods alone, checks the defaults and a draw rule of a game's own.

use crate::common;

use common::random_positions;
use duel::game::{
    Game, GameRecord, MoveList, Presentation, Side, Termination, Tuning, join_marks, wins_at_once,
};
use duel::games::duel::Square;
use duel::games::{Alice, Dame, Dipole, Duel};
use duel::search::{
    Limits, Score, SearchControl, SearchRequest, Settings, TranspositionTable, run_detailed,
};
use std::collections::HashMap;

/// Positions of random play from the start of `G`.
fn positions<G: Game>() -> Vec<G> {
    random_positions(&G::start(), 11, 40, 120)
}

fn legal_moves<G: Game>(pos: &G) -> MoveList<G::Move> {
    let mut moves = MoveList::new();
    pos.generate_moves(&mut moves);
    moves
}

/// Every legal move has its own code, and the code decodes back to the move.
fn move_codes_round_trip<G: Game>() {
    for pos in positions::<G>() {
        let mut seen = HashMap::new();
        for &mv in legal_moves(&pos).iter() {
            let code = pos.move_code(mv);
            assert_eq!(pos.decode_move(code), Some(mv), "{}", pos.to_text());
            if let Some(other) = seen.insert(code, mv) {
                panic!(
                    "{other:?} and {mv:?} share code {code} in {}",
                    pos.to_text()
                );
            }
        }
    }
}

#[test]
fn duel_move_codes_round_trip() {
    move_codes_round_trip::<Duel>();
}

#[test]
fn dipole_move_codes_round_trip() {
    move_codes_round_trip::<Dipole>();
}

#[test]
fn dame_move_codes_round_trip() {
    move_codes_round_trip::<Dame>();
}

#[test]
fn alice_move_codes_round_trip() {
    move_codes_round_trip::<Alice>();
}

/// No position of random play comes near the game's stated bound on legal moves (the list would
/// panic past it), and the list's capacity is that bound.
fn move_lists_hold_every_position<G: Game>(bound: usize) {
    assert_eq!(MoveList::<G::Move>::capacity(), bound);
    let most = positions::<G>()
        .iter()
        .map(|pos| legal_moves(pos).len())
        .max()
        .unwrap_or(0);
    assert!(most > 0 && most <= bound, "{most} moves, bound {bound}");
}

#[test]
fn duel_move_lists_hold_every_position() {
    move_lists_hold_every_position::<Duel>(356);
}

#[test]
fn dipole_move_lists_hold_every_position() {
    move_lists_hold_every_position::<Dipole>(84);
}

#[test]
fn dame_move_lists_hold_every_position() {
    move_lists_hold_every_position::<Dame>(512);
}

#[test]
fn alice_move_lists_hold_every_position() {
    move_lists_hold_every_position::<Alice>(321);
}

/// The tactical-move generator gives legal moves in generation order, among them every tactical one;
/// every capture is tactical.
fn tactical_moves_are_the_tactical_legal_moves<G: Game>() {
    let mut tactical = MoveList::new();
    let mut seen = 0;
    for pos in positions::<G>() {
        let all = legal_moves(&pos);
        pos.generate_tactical_moves(&mut tactical);
        let mut rest = all.iter();
        for mv in tactical.iter() {
            assert!(
                rest.any(|m| m == mv),
                "{mv:?} out of order or not legal in {}",
                pos.to_text()
            );
        }
        let keep = |moves: &[G::Move]| -> Vec<G::Move> {
            moves
                .iter()
                .copied()
                .filter(|&mv| pos.is_tactical(mv))
                .collect()
        };
        assert_eq!(keep(&tactical), keep(&all), "{}", pos.to_text());
        for &mv in all.iter() {
            assert!(
                !pos.is_capture(mv) || pos.is_tactical(mv),
                "{}",
                pos.to_text()
            );
        }
        seen += keep(&all).len();
    }
    assert!(seen > 0, "random play meets tactical moves");
}

#[test]
fn duel_tactical_moves_are_the_tactical_legal_moves() {
    tactical_moves_are_the_tactical_legal_moves::<Duel>();
}

#[test]
fn dipole_tactical_moves_are_the_tactical_legal_moves() {
    tactical_moves_are_the_tactical_legal_moves::<Dipole>();
}

#[test]
fn dame_tactical_moves_are_the_tactical_legal_moves() {
    tactical_moves_are_the_tactical_legal_moves::<Dame>();
}

#[test]
fn alice_tactical_moves_are_the_tactical_legal_moves() {
    tactical_moves_are_the_tactical_legal_moves::<Alice>();
}

/// A move's text with a space before its mark reads back as the move once the mark is joined.
fn spaced_marks_read_back<G: Game>() {
    for pos in positions::<G>().iter().step_by(5) {
        for &mv in legal_moves(pos).iter() {
            let text = pos.format_move(mv);
            let Some(mark) = G::MOVE_MARKS.iter().filter(|m| text.ends_with(*m)).max() else {
                continue;
            };
            let spaced = [&text[..text.len() - mark.len()], mark];
            assert_eq!(join_marks::<G, _>(&spaced), std::slice::from_ref(&text));
            assert_eq!(pos.parse_move(&text).ok(), Some(mv), "{text}");
        }
    }
}

#[test]
fn duel_spaced_marks_read_back() {
    assert_eq!(Duel::MOVE_MARKS, ["+", "++"]);
    spaced_marks_read_back::<Duel>();
}

#[test]
fn bare_move_codes_round_trip() {
    move_codes_round_trip::<Bare>();
}

#[test]
fn bare_tactical_moves_are_the_tactical_legal_moves() {
    tactical_moves_are_the_tactical_legal_moves::<Bare>();
}

/// Duel implementing only what `Game` requires, every default left in place, plus one rule of its
/// own: kings alone (no die left on the board) are a draw by material.
#[derive(Clone, Debug)]
struct Bare(Duel);

type Move = <Duel as Game>::Move;

impl Game for Bare {
    type Move = Move;
    type PositionError = <Duel as Game>::PositionError;
    type MoveError = <Duel as Game>::MoveError;

    const NAME: &'static str = "bare";
    const DRAW_RULES: duel::game::DrawRules = Duel::DRAW_RULES;
    const GOAL: &'static str = Duel::GOAL;
    const BENCH_POSITIONS: &'static [&'static str] = &[];

    fn start() -> Self {
        Bare(Duel::start())
    }
    fn from_text(text: &str) -> Result<Self, Self::PositionError> {
        Duel::from_text(text).map(Bare)
    }
    fn to_text(&self) -> String {
        self.0.to_text()
    }
    fn side_to_move(&self) -> Side {
        self.0.side_to_move()
    }
    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        self.0.generate_moves(moves)
    }
    fn make_move(&self, mv: Move) -> Self {
        Bare(self.0.make_move(mv))
    }
    fn hash(&self) -> u64 {
        self.0.hash()
    }
    fn decided_winner(&self) -> Option<Side> {
        self.0.decided_winner()
    }
    fn no_move_outcome(&self) -> duel::game::Outcome {
        self.0.no_move_outcome()
    }
    fn quiet_plies(&self) -> u32 {
        self.0.quiet_plies()
    }
    fn is_material_draw(&self) -> bool {
        Square::all().all(|sq| self.0.die_faces(sq).is_none())
    }
    fn in_check(&self) -> bool {
        self.0.in_check()
    }
    fn capture_value(&self, mv: Move) -> i32 {
        self.0.capture_value(mv)
    }
    fn parse_move(&self, text: &str) -> Result<Move, Self::MoveError> {
        self.0.parse_move(text)
    }
    fn format_move(&self, mv: Move) -> String {
        self.0.format_move(mv)
    }
    /// Not the move's bits: the default `decode_move` must find it among the legal moves.
    fn move_code(&self, mv: Move) -> u16 {
        self.0.move_code(mv) ^ 0x5555
    }
    fn evaluate(&self) -> i32 {
        self.0.evaluate()
    }
}

impl Presentation for Bare {}
impl Tuning for Bare {}

#[test]
fn default_decoding_gives_only_legal_moves() {
    for pos in positions::<Bare>().iter().step_by(300) {
        let legal = legal_moves(pos);
        for code in 0..=u16::MAX {
            if let Some(mv) = pos.decode_move(code) {
                assert!(legal.contains(&mv) && pos.move_code(mv) == code);
            }
        }
    }
}

#[test]
fn default_presentation_and_tuning() {
    for pos in positions::<Bare>().iter().step_by(7) {
        assert_eq!(pos.diagram(), pos.to_text());
        assert_eq!(
            pos.board_text(&duel::game::BoardStyle::plain()),
            pos.diagram()
        );
        assert_eq!(pos.announcement().is_some(), pos.in_check());
        let white_view: i32 = pos.eval_terms().iter().map(|t| t.white - t.black).sum();
        let eval = pos.evaluate();
        let expected = if pos.side_to_move() == Side::White {
            eval
        } else {
            -eval
        };
        assert_eq!(white_view, expected, "{}", pos.to_text());
        assert!(pos.eval_features().is_empty());
    }
    assert!(Bare::eval_weights().is_empty());
    let goal = Termination::Goal {
        winner: Side::White,
        how: Bare::GOAL,
    };
    assert_eq!(Bare::start().describe_termination(goal), Bare::GOAL);
}

/// Kings alone: White's king two steps from its goal, Black's far away.
const KINGS_ALONE: &str = "9/9/4wK4/9/9/9/9/bK8 w 0 1";

fn search_score<G: Game>(pos: &G) -> Option<Score> {
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let (control, tt) = (SearchControl::new(), TranspositionTable::new(1));
    let request = SearchRequest {
        root: pos,
        history: &[],
        limits: &limits,
        settings: &Settings::default(),
        control: &control,
        tt: &tt,
    };
    run_detailed(&request, &mut |_| {}).score
}

#[test]
fn a_draw_by_material_ends_the_record_and_the_search_alike() {
    let duel = Duel::from_text(KINGS_ALONE).unwrap();
    assert_eq!(GameRecord::new(duel).termination(), None);
    assert_eq!(
        search_score(&duel),
        Some(Score::Mate(2)),
        "Duel has no such draw"
    );

    let bare = Bare(duel);
    assert_eq!(
        GameRecord::new(bare.clone()).termination(),
        Some(Termination::InsufficientMaterial)
    );
    assert_eq!(
        Termination::InsufficientMaterial.outcome(),
        duel::game::Outcome::Draw
    );
    // Every move leads to kings alone again: a draw, as the record would call it.
    assert_eq!(search_score(&bare), Some(Score::Centipawns(0)));
    // A position both decided and drawn by material is decided, in both: the king wins.
    let at_the_door = Bare::from_text("9/4wK4/9/9/9/9/9/bK8 w 0 1").unwrap();
    let step = at_the_door.parse_move("E7-E8").unwrap();
    assert!(wins_at_once(&at_the_door, step));
    let mut record = GameRecord::new(at_the_door.clone());
    record.play(step);
    assert!(matches!(
        record.termination(),
        Some(Termination::Goal { .. })
    ));
    assert_eq!(search_score(&at_the_door), Some(Score::Mate(1)));
}

/// A linear evaluation is what its weights and features say: [`Game::evaluate`] is their dot product
/// seen by the side to move, and the terms `eval` shows add up to it.
fn the_evaluation_is_its_weights_times_its_features<G: Tuning + Presentation>() {
    let weights = G::eval_weights();
    assert!(!weights.is_empty(), "a linear evaluation has weights");
    let mut uneven = 0;
    for pos in positions::<G>() {
        let features = pos.eval_features();
        assert_eq!(features.len(), weights.len(), "one feature per weight");
        let for_white: i32 = weights
            .iter()
            .zip(&features)
            .map(|(w, f)| w.value * f)
            .sum();
        let white_view = match pos.side_to_move() {
            Side::White => pos.evaluate(),
            Side::Black => -pos.evaluate(),
        };
        assert_eq!(white_view, for_white, "{}", pos.to_text());
        let by_terms: i32 = pos.eval_terms().iter().map(|t| t.white - t.black).sum();
        assert_eq!(by_terms, for_white, "{}", pos.to_text());
        uneven += usize::from(features.iter().any(|&f| f != 0));
    }
    assert!(
        uneven > 0,
        "random play reaches positions that are not level"
    );
}

#[test]
fn duel_evaluation_is_its_weights_times_its_features() {
    the_evaluation_is_its_weights_times_its_features::<Duel>();
}

#[test]
fn dame_evaluation_is_its_weights_times_its_features() {
    the_evaluation_is_its_weights_times_its_features::<Dame>();
}

#[test]
fn alice_evaluation_is_its_weights_times_its_features() {
    the_evaluation_is_its_weights_times_its_features::<Alice>();
}
