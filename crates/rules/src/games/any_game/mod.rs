//! [`AnyGame`]: a game in progress of any hosted game, chosen by name at run time, in the manner of
//! shakmaty's `VariantPosition`. It is an enum with one variant per hosted game, each holding that
//! game's [`GameRecord`], generated from [`hosted_games!`](crate::hosted_games) (its `[any_game]`
//! expansion), so a new game needs no line here.
//!
//! What every front end asks of a game whatever it is, it asks in text, written once here: a game
//! made from a variant name and a start text, or replayed from move texts; its name, position and
//! start texts, side to move, legal moves, moves played, termination and its description, diagram;
//! a move played from its text, and taken back. What needs the game's own type (its moves, its
//! board for the page, a search of it) goes through a visitor: [`AnyGame::visit`] and
//! [`AnyGame::visit_mut`] hand a [`RecordVisitor`] or [`RecordVisitorMut`] the record as a
//! `GameRecord<G>`, and [`for_variant`] hands a [`GameVisitor`] the type alone, by name: the
//! function form of [`with_variant!`](crate::with_variant).
//!
//! ```
//! use duel_rules::games::AnyGame;
//!
//! let mut game = AnyGame::new("dipole", None).unwrap();
//! assert_eq!(game.name(), "dipole");
//! let first = game.legal_moves()[0].clone();
//! game.play_text(&first).unwrap();
//! assert_eq!(game.move_texts(), [first]);
//! assert!(game.undo());
//! assert_eq!(game.position_text(), game.start_text());
//! ```

mod error;
mod played;

pub use error::AnyGameError;

use crate::game::{Game, GameRecord, Side, Termination};
use crate::games::{HostedGame, UnknownVariant};
use played::Played;

/// What is done with a game's record, written once for every game: [`AnyGame::visit`] calls
/// `visit` with the record's own type. The output may borrow the record for `'a` (a `&'a dyn
/// Trait` of a front end's own trait implemented on every `GameRecord<G>`, say).
pub trait RecordVisitor<'a> {
    /// What the visit gives.
    type Output;
    /// Visits the record of a game of `G`.
    fn visit<G: HostedGame>(self, record: &'a GameRecord<G>) -> Self::Output;
}

/// [`RecordVisitor`] for a visit that may change the record: [`AnyGame::visit_mut`] calls it.
pub trait RecordVisitorMut<'a> {
    /// What the visit gives.
    type Output;
    /// Visits the record of a game of `G`, to change it.
    fn visit<G: HostedGame>(self, record: &'a mut GameRecord<G>) -> Self::Output;
}

/// What is done with a game's type alone, written once for every game: [`for_variant`] calls
/// `visit` with the type of the game it names.
pub trait GameVisitor {
    /// What the visit gives.
    type Output;
    /// Visits the game `G`.
    fn visit<G: HostedGame>(self) -> Self::Output;
}

crate::hosted_games!(any_game);

/// Calls `visitor` with the type of the game called `name` (case-insensitive): the function form
/// of [`with_variant!`](crate::with_variant), for code that is generic over the game in a
/// [`GameVisitor`] rather than in a macro's body. `Err(UnknownVariant)` for a name that names no
/// hosted game.
pub fn for_variant<V: GameVisitor>(name: &str, visitor: V) -> Result<V::Output, UnknownVariant> {
    crate::with_variant!(name, G => visitor.visit::<G>())
}

impl AnyGame {
    /// A game of the game called `name` (case-insensitive) from the position text `start`, or from
    /// its start position when `None`. A bad start text is the game's own
    /// [`Game::PositionError`].
    pub fn new(name: &str, start: Option<&str>) -> Result<AnyGame, AnyGameError> {
        crate::with_variant!(name, G => {
            let start = match start {
                Some(text) => G::from_text(text).map_err(AnyGameError::game)?,
                None => G::start(),
            };
            AnyGame::from(GameRecord::new(start))
        })
        .map_err(AnyGameError::from)
    }

    /// The game called `name` replayed as [`GameRecord::replay`] replays it: from `start` (the
    /// start position when `None`) through the move texts `moves`, moves after the end played too.
    /// A refusal is the game's [`crate::game::ReplayError`].
    pub fn replay<S: AsRef<str>>(
        name: &str,
        start: Option<&str>,
        moves: &[S],
    ) -> Result<AnyGame, AnyGameError> {
        crate::with_variant!(name, G => GameRecord::<G>::replay(start, moves)
            .map(AnyGame::from)
            .map_err(AnyGameError::game))?
    }

    /// [`AnyGame::replay`] for a game that must still be going on before each move, as
    /// [`GameRecord::replay_live`] replays it.
    pub fn replay_live<S: AsRef<str>>(
        name: &str,
        start: Option<&str>,
        moves: &[S],
    ) -> Result<AnyGame, AnyGameError> {
        crate::with_variant!(name, G => GameRecord::<G>::replay_live(start, moves)
            .map(AnyGame::from)
            .map_err(AnyGameError::game))?
    }

    /// The game's name ([`Game::NAME`], one of [`super::VARIANTS`]).
    pub fn name(&self) -> &'static str {
        self.played().name()
    }

    /// The start position's text.
    pub fn start_text(&self) -> String {
        self.played().start_text()
    }

    /// The current position's text.
    pub fn position_text(&self) -> String {
        self.played().position_text()
    }

    /// The side to move in the current position.
    pub fn side_to_move(&self) -> Side {
        self.played().side_to_move()
    }

    /// The texts of the current position's legal moves, in the generator's order (none once the
    /// position itself is decided).
    pub fn legal_moves(&self) -> Vec<String> {
        self.played().legal_moves()
    }

    /// Reads a move in the current position and plays it; its canonical text. A move that cannot
    /// be read or is not legal here is the game's [`Game::MoveError`], and nothing is played.
    pub fn play_text(&mut self, text: &str) -> Result<String, AnyGameError> {
        self.played_mut().play_text(text)
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        self.played_mut().undo()
    }

    /// The canonical texts of the moves played, first first.
    pub fn move_texts(&self) -> Vec<String> {
        self.played().move_texts()
    }

    /// Why the game is over, or `None` while it goes on ([`GameRecord::termination`]).
    pub fn termination(&self) -> Option<Termination> {
        self.played().termination()
    }

    /// Why the game that ended here ended, in the game's own words
    /// ([`crate::game::Presentation::describe_termination`]).
    pub fn describe_termination(&self, termination: Termination) -> String {
        self.played().describe_termination(termination)
    }

    /// The current position's diagram ([`crate::game::Presentation::diagram`]).
    pub fn diagram(&self) -> String {
        self.played().diagram()
    }

    /// The number of the move about to be played ([`GameRecord::move_number`]).
    pub fn move_number(&self) -> u32 {
        self.played().move_number()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{MoveList, Presentation};
    use crate::games::{Dame, Dipole, Duel, VARIANTS};

    /// The start text of a game, through the type-only visitor.
    struct StartText;

    impl GameVisitor for StartText {
        type Output = String;
        fn visit<G: HostedGame>(self) -> String {
            G::start().to_text()
        }
    }

    /// The number of legal moves, through the record's own type.
    struct LegalCount;

    impl RecordVisitor<'_> for LegalCount {
        type Output = usize;
        fn visit<G: HostedGame>(self, record: &GameRecord<G>) -> usize {
            let mut moves = MoveList::new();
            record.current().generate_moves(&mut moves);
            moves.len()
        }
    }

    /// Plays the first legal move, through the record's own type.
    struct PlayFirst;

    impl RecordVisitorMut<'_> for PlayFirst {
        type Output = ();
        fn visit<G: HostedGame>(self, record: &mut GameRecord<G>) {
            let mut moves = MoveList::new();
            record.current().generate_moves(&mut moves);
            record.play(moves[0]);
        }
    }

    #[test]
    fn every_hosted_game_is_made_by_name_and_plays_and_takes_back_a_move() {
        for name in VARIANTS {
            let mut game = AnyGame::new(&name.to_uppercase(), None).unwrap();
            let start = for_variant(name, StartText).unwrap();
            assert_eq!(game.name(), name);
            assert_eq!(
                (game.start_text(), game.position_text()),
                (start.clone(), start.clone())
            );
            assert_eq!(game.side_to_move(), Side::White, "{name}");
            assert_eq!(game.termination(), None, "{name}");
            assert_eq!(game.move_number(), 1, "{name}");
            let legal = game.legal_moves();
            assert_eq!(legal.len(), game.visit(LegalCount), "{name}");
            let played = game.play_text(&legal[0]).unwrap();
            assert_eq!(played, legal[0], "{name}");
            assert_eq!(game.move_texts(), std::slice::from_ref(&played), "{name}");
            assert_eq!(game.side_to_move(), Side::Black, "{name}");
            assert_ne!(game.position_text(), start, "{name}");
            assert!(game.undo(), "{name}");
            assert_eq!(game.position_text(), start, "{name}");
            assert!(!game.undo(), "{name}: nothing left to take back");
            game.visit_mut(PlayFirst);
            assert_eq!(game.move_texts(), [played], "{name}");
            let replayed = AnyGame::replay(name, Some(&start), &game.move_texts()).unwrap();
            assert_eq!(replayed.position_text(), game.position_text(), "{name}");
            assert!(!game.diagram().is_empty(), "{name}");
        }
    }

    #[test]
    fn an_unknown_name_is_refused_as_unknown_variant_says() {
        let expected = UnknownVariant("chess".to_string()).to_string();
        assert_eq!(
            AnyGame::new("chess", None).unwrap_err().to_string(),
            expected
        );
        assert_eq!(
            AnyGame::replay("chess", None, &["e2e4"])
                .unwrap_err()
                .to_string(),
            expected
        );
        assert_eq!(
            for_variant("chess", StartText).unwrap_err().to_string(),
            expected
        );
        assert!(matches!(
            AnyGame::replay_live::<&str>("chess", None, &[]),
            Err(AnyGameError::UnknownVariant(_))
        ));
    }

    #[test]
    fn the_games_own_errors_are_its_words() {
        let bad_start = AnyGame::new("dipole", Some("9/9 w")).unwrap_err();
        let own = Dipole::from_text("9/9 w").unwrap_err().to_string();
        assert_eq!(bad_start.to_string(), own);
        let replayed = AnyGame::replay("dipole", Some("9/9 w"), &["e1-e5"]).unwrap_err();
        assert_eq!(replayed.to_string(), format!("position: {own}"));
        let mut game = AnyGame::new("duel", None).unwrap();
        let refused = game.play_text("D1-D2").unwrap_err().to_string();
        let own = Duel::start().parse_move("D1-D2").unwrap_err().to_string();
        assert_eq!(refused, own);
        assert!(game.move_texts().is_empty(), "nothing was played");
        let err = AnyGame::replay("duel", None, &["D1-e6", "D1-D2"]).unwrap_err();
        assert!(err.to_string().starts_with("move 2 'D1-D2': "), "{err}");
    }

    /// The current position, borrowed from the record, as something to print.
    struct Current;

    impl<'a> RecordVisitor<'a> for Current {
        type Output = &'a dyn std::fmt::Debug;
        fn visit<G: HostedGame>(self, record: &'a GameRecord<G>) -> Self::Output {
            record.current()
        }
    }

    #[test]
    fn the_record_is_reached_by_its_own_type_only() {
        let game = AnyGame::replay("dame", None, &["c3-d4"]).unwrap();
        assert_eq!(game.record::<Dame>().unwrap().moves().len(), 1);
        assert!(game.record::<Duel>().is_none());
        let current = format!("{:?}", game.visit(Current));
        assert_eq!(
            current,
            format!("{:?}", game.record::<Dame>().unwrap().current())
        );
        let own = Dame::start().describe_termination(Termination::QuietPlies);
        assert_eq!(game.describe_termination(Termination::QuietPlies), own);
    }
}
