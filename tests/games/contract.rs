//! The contracts of the game traits' seam (`Game`, `Evaluation`, `SearchHooks`), checked for every
//! hosted game over positions of seeded random play: what the search and the tools rely on whatever
//! the game. The registry's `for_each_game!` writes each property out once per hosted game
//! (`no_input_panics::duel`, `no_input_panics::dipole`, …), each game's rules file giving what they
//! need of it (its [`Contract`]). `Bare`, Duel behind the required methods alone, checks the
//! defaults.

use crate::common;

use common::{legal_moves, random_positions};
use duel_rules::for_each_game;
use duel_rules::game::{
    ActionSpace, Evaluation, Game, LevelLadder, MoveList, NetFeatures, Observation, Presentation,
    Rng, SearchHooks, Side, Termination, Tuning, has_action_space, has_observation, join_marks,
    legal_actions, observe,
};
use duel_rules::games::{Duel, ELO_RANGE, HostedGame};
use std::collections::HashMap;
use std::error::Error;

/// What the generic properties need of a game beyond its traits: its key computed from scratch, its
/// own random play, and the few facts that differ between games.
pub trait Contract: HostedGame + PartialEq {
    /// How many random games make the broad samples (keys, texts, move round trips).
    const SAMPLE_GAMES: usize;
    /// The number of leading fields of the position text the key covers; counters follow them.
    const KEYED_FIELDS: usize;
    /// The fewest distinct keys the sample of [`Contract::SAMPLE_GAMES`] games must show.
    const KEYS_AT_LEAST: usize;
    /// The most legal moves a position can have, which the game's move list holds.
    const MOST_MOVES: usize;
    /// Characters that mutated position and move texts are made of.
    const ALPHABET: &'static str;
    /// Whether the text of a decided position may be refused (in Duel a king on its goal square may
    /// stand attacked, which no position to be played may show).
    const DECIDED_TEXT_MAY_BE_REFUSED: bool = false;

    /// The key computed from the position alone, which the incremental key must equal.
    fn compute_hash(&self) -> u64;

    /// Every position of `games` seeded random games from the start, played the game's own way (so
    /// that its rare rules come up).
    fn playouts(seed: u64, games: usize) -> Vec<Self>;
}

/// The keys kept up move by move equal the keys computed from scratch (after a null move too), and
/// positions that differ in more than their counters have different keys.
pub fn incremental_key_equals_the_key_from_scratch<G: Contract>() {
    let positions = G::playouts(3, G::SAMPLE_GAMES);
    let mut keys = HashMap::new();
    for pos in &positions {
        assert_eq!(pos.hash(), pos.compute_hash(), "{}", pos.to_text());
        if !pos.in_check()
            && let Some(null) = pos.make_null_move()
        {
            assert_eq!(null.hash(), null.compute_hash(), "{}", pos.to_text());
        }
        let text = pos.to_text();
        let keyed: Vec<&str> = text.split(' ').take(G::KEYED_FIELDS).collect();
        let keyed = keyed.join(" ");
        if let Some(other) = keys.insert(pos.hash(), keyed.clone()) {
            assert_eq!(other, keyed, "two positions share a key");
        }
    }
    assert!(keys.len() > G::KEYS_AT_LEAST, "{} keys", keys.len());
}

for_each_game!(incremental_key_equals_the_key_from_scratch);

/// The start and every position of random play read back from their texts as themselves.
pub fn position_texts_round_trip<G: Contract>() {
    let mut positions = G::playouts(8, G::SAMPLE_GAMES);
    positions.insert(0, G::start());
    for pos in positions {
        let text = pos.to_text();
        let back = match G::from_text(&text) {
            Ok(back) => back,
            Err(_) if G::DECIDED_TEXT_MAY_BE_REFUSED && pos.decided_winner().is_some() => continue,
            Err(e) => panic!("{text}: {e}"),
        };
        assert_eq!(back, pos);
        assert_eq!(back.to_text(), text);
    }
}

for_each_game!(position_texts_round_trip);

/// Every legal move reads back from its text and decodes from its code, and no two moves of a
/// position share a code.
pub fn every_legal_move_round_trips_through_its_text_and_code<G: Contract>() {
    for pos in G::playouts(11, G::SAMPLE_GAMES) {
        let moves = legal_moves(&pos);
        let codes: Vec<u16> = moves.iter().map(|&mv| pos.move_code(mv)).collect();
        for (i, (&mv, &code)) in moves.iter().zip(&codes).enumerate() {
            let text = pos.format_move(mv);
            assert_eq!(
                pos.parse_move(&text).ok(),
                Some(mv),
                "{text} in {}",
                pos.to_text()
            );
            assert_eq!(
                pos.decode_move(code),
                Some(mv),
                "{text} in {}",
                pos.to_text()
            );
            assert!(!codes[..i].contains(&code), "{text} in {}", pos.to_text());
        }
    }
}

for_each_game!(every_legal_move_round_trips_through_its_text_and_code);

/// Texts that no game reads: empty, blank, control and non-ASCII characters.
const ODD_TEXTS: [&str; 9] = ["", " ", "\t", "\u{0}", "é", "\u{1F3B2}", "ｃ3", "—", "x"];

/// Mutated position and move texts, odd texts, and every 16-bit move code give errors or null moves,
/// never a panic; what reads as a position can be played on.
pub fn no_input_panics<G: Contract>() {
    let alphabet: Vec<char> = G::ALPHABET.chars().collect();
    let mut rng = Rng::new(404);
    let mut mutate = |text: &str| -> String {
        let mut chars: Vec<char> = text.chars().collect();
        for _ in 0..=rng.below(3) {
            let at = rng.below(chars.len() + 1);
            let c = alphabet[rng.below(alphabet.len())];
            match rng.below(3) {
                0 if at < chars.len() => chars[at] = c,
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                _ => chars.insert(at, c),
            }
        }
        chars.into_iter().collect()
    };
    let positions = G::playouts(404, 3);
    for pos in &positions {
        let text = pos.to_text();
        for _ in 0..50 {
            if let Ok(mutated) = G::from_text(&mutate(&text)) {
                let _ = (
                    mutated.legal_move_count(),
                    mutated.evaluate(),
                    mutated.diagram(),
                );
            }
        }
        for &mv in legal_moves(pos).iter() {
            let _ = pos.parse_move(&mutate(&pos.format_move(mv)));
        }
        for odd in ODD_TEXTS {
            let _ = (G::from_text(odd), pos.parse_move(odd));
        }
    }
    // Each of these positions makes 65,536 moves: every tenth position, the first 30 of them.
    for pos in positions.iter().step_by(10).take(30) {
        for code in 0..=u16::MAX {
            let mv = pos.decode_move(code).unwrap_or_default();
            let after = pos.make_move(mv);
            let _ = (
                pos.format_move(mv),
                pos.capture_value(mv),
                after.legal_move_count(),
            );
        }
    }
}

for_each_game!(no_input_panics);

/// The bench positions start from the start, read back as written and have moves to search.
pub fn bench_positions_are_playable_positions<G: Contract>() {
    assert_eq!(G::BENCH_POSITIONS[0], G::start().to_text());
    for text in G::BENCH_POSITIONS {
        let pos = G::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(pos.to_text(), *text);
        assert!(pos.has_legal_move(), "{text}");
    }
}

for_each_game!(bench_positions_are_playable_positions);

/// Parsing is its own statement of the rules (it explains rejections), so it is held equal to the
/// generator over `texts`, every text a move could have where each move has one: in each position
/// the texts accepted are the legal moves, each once, and every text refused is refused with a
/// reason.
pub fn parsing_accepts_exactly_the_generated_moves<G: Game>(positions: &[G], texts: &[String])
where
    G::Move: Ord,
{
    for pos in positions {
        let mut accepted = Vec::new();
        for text in texts {
            match pos.parse_move(text) {
                Ok(mv) => accepted.push(mv),
                Err(e) => assert_reason(&e, text),
            }
        }
        accepted.sort();
        let mut expected = legal_moves(pos);
        expected.sort();
        assert_eq!(accepted, expected, "{}", pos.to_text());
    }
}

/// The error refusing the position text `text`; its message gives the reason.
pub fn refused_text<G: Game>(text: &str) -> G::PositionError {
    let err = G::from_text(text).expect_err(text);
    assert_reason(&err, text);
    err
}

/// The error refusing the move text `text` in `pos`; its message gives the reason.
pub fn refused_move<G: Game>(pos: &G, text: &str) -> G::MoveError {
    let err = pos.parse_move(text).expect_err(text);
    assert_reason(&err, text);
    err
}

/// An error's message is a sentence of its own: one line, not empty, not the error's debug form.
pub fn assert_reason<E: Error>(err: &E, input: &str) {
    let message = err.to_string();
    assert!(
        !message.is_empty() && !message.contains('\n') && message != format!("{err:?}"),
        "{input:?}: {message:?}"
    );
}

/// Positions of random play from the start of `G`.
fn positions<G: Game>() -> Vec<G> {
    random_positions(&G::start(), 11, 40, 120)
}

/// Every legal move has its own code, and the code decodes back to the move.
pub fn move_codes_round_trip<G: SearchHooks>() {
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

for_each_game!(move_codes_round_trip);

/// No position of random play comes near the game's stated bound on legal moves (the list would
/// panic past it), and the list's capacity is that bound.
pub fn move_lists_hold_every_position<G: Contract>() {
    let bound = G::MOST_MOVES;
    assert_eq!(MoveList::<G::Move>::capacity(), bound);
    let most = positions::<G>()
        .iter()
        .map(|pos| legal_moves(pos).len())
        .max()
        .unwrap_or(0);
    assert!(most > 0 && most <= bound, "{most} moves, bound {bound}");
}

for_each_game!(move_lists_hold_every_position);

/// The tactical-move generator gives legal moves in generation order, among them every tactical one;
/// every capture is tactical.
pub fn tactical_moves_are_the_tactical_legal_moves<G: SearchHooks>() {
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

for_each_game!(tactical_moves_are_the_tactical_legal_moves);

/// The evaluation's unit is what the game's basic piece is worth: random play meets a capture of
/// one piece worth exactly [`Evaluation::EVAL_UNIT`], and no capture is worth less than half a
/// unit.
pub fn the_evaluation_unit_is_a_basic_piece<G: SearchHooks>() {
    assert!(G::EVAL_UNIT > 0);
    let mut captures = 0;
    let mut of_one_unit = 0;
    for pos in positions::<G>() {
        for &mv in legal_moves(&pos).iter().filter(|&&mv| pos.is_capture(mv)) {
            let value = pos.capture_value(mv);
            assert!(2 * value >= G::EVAL_UNIT, "{value} in {}", pos.to_text());
            captures += 1;
            of_one_unit += usize::from(value == G::EVAL_UNIT);
        }
    }
    assert!(
        of_one_unit > 0,
        "none of {captures} captures takes one basic piece"
    );
}

for_each_game!(the_evaluation_unit_is_a_basic_piece);

/// Every game's ladder (what its levels measured): each level stronger than the one below, and even
/// level 0 above the game's random mover, its 0.
pub fn the_levels_ladder_rises<G: SearchHooks>() {
    let ladder = G::LEVELS;
    assert!(ladder.lowest() > 0, "{ladder:?}");
    for level in 0..LevelLadder::FULL_STRENGTH {
        assert!(
            ladder.elo_of_level(level) < ladder.elo_of_level(level + 1),
            "{level}: {ladder:?}"
        );
    }
    assert_eq!(
        ladder.elo_of_level(LevelLadder::FULL_STRENGTH),
        ladder.highest()
    );
    let (lowest, highest) = ELO_RANGE;
    assert!(lowest <= ladder.lowest() && ladder.highest() <= highest);
}
for_each_game!(the_levels_ladder_rises);

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

for_each_game!(spaced_marks_read_back);

#[test]
fn bare_move_codes_round_trip() {
    move_codes_round_trip::<Bare>();
}

#[test]
fn bare_tactical_moves_are_the_tactical_legal_moves() {
    tactical_moves_are_the_tactical_legal_moves::<Bare>();
}

/// Duel implementing only what `Game` and `Evaluation` require, every default left in place, plus
/// one rule of its own: kings alone (no die left on the board) are a draw by material.
#[derive(Clone, Debug)]
struct Bare(Duel);

type Move = <Duel as Game>::Move;

impl Game for Bare {
    type Move = Move;
    type PositionError = <Duel as Game>::PositionError;
    type MoveError = <Duel as Game>::MoveError;

    const NAME: &'static str = "bare";
    const DRAW_RULES: duel_rules::game::DrawRules = Duel::DRAW_RULES;
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
    fn no_move_outcome(&self) -> duel_rules::game::Outcome {
        self.0.no_move_outcome()
    }
    fn quiet_plies(&self) -> u32 {
        self.0.quiet_plies()
    }
    fn in_check(&self) -> bool {
        self.0.in_check()
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
}

impl Evaluation for Bare {
    const EVAL_UNIT: i32 = Duel::EVAL_UNIT;

    fn evaluate(&self) -> i32 {
        self.0.evaluate()
    }
    fn capture_value(&self, mv: Move) -> i32 {
        self.0.capture_value(mv)
    }
    fn material(&self) -> i32 {
        self.0.material()
    }
    fn win_rate_model() -> &'static duel_rules::game::WinRateModel {
        Duel::win_rate_model()
    }
}

impl SearchHooks for Bare {
    // Duel's: its levels are Duel's.
    const LEVELS: LevelLadder = Duel::LEVELS;
}
impl NetFeatures for Bare {}

impl Presentation for Bare {}
impl Tuning for Bare {}
impl ActionSpace for Bare {}
impl Observation for Bare {}

#[test]
fn a_game_can_do_without_a_numbering_of_moves_and_observation_planes() {
    assert!(!has_action_space::<Bare>() && !has_observation::<Bare>());
    assert!(has_action_space::<Duel>() && has_observation::<Duel>());
    let start = Bare::start();
    // No move has an id, so the legal moves have no numbering to give; no plane is set.
    assert!(legal_actions(&start).is_err());
    assert!(observe(&start, Side::White).is_empty());
}

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
fn a_game_without_features_is_searched_without_a_net() {
    let settings = duel_engine::search::Settings::DEFAULT;
    assert!(settings.network::<Bare>().is_none());
    assert!(settings.network::<Duel>().is_some());
}

#[test]
fn default_presentation_and_tuning() {
    for pos in positions::<Bare>().iter().step_by(7) {
        assert_eq!(pos.diagram(), pos.to_text());
        assert_eq!(
            pos.board_text(&duel_rules::game::BoardStyle::plain()),
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

/// A linear evaluation is what its weights and features say: [`Evaluation::evaluate`] is their dot
/// product seen by the side to move, and the terms `eval` shows add up to it.
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

for_each_game!(the_evaluation_is_its_weights_times_its_features);
