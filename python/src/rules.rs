//! A game in progress of any hosted game, behind one object-safe trait: what `duel.Board` holds.
//! [`played`] picks the game by name; everything else is written once, generic over the game.

use crate::moves::{Move, MoveSet, MovesOf};
use duel_engine::engine::perft::perft;
use duel_rules::game::{
    ActionSpace, Game, GameRecord, MoveList, Observation, Rng, Side, Termination, has_action_space,
    has_observation, legal_actions, move_of_action, observe,
};
use duel_rules::games::{HostedGame, with_variant};
use std::any::Any;
use std::sync::Arc;

/// A game from its start through the moves played, of some hosted game.
pub trait Rules: Send + Sync {
    /// The game's name.
    fn game(&self) -> &'static str;
    /// A copy, history included.
    fn boxed_clone(&self) -> Box<dyn Rules>;
    /// The current position's text.
    fn fen(&self) -> String;
    /// The start position's text.
    fn start_fen(&self) -> String;
    /// The side to move.
    fn turn(&self) -> Side;
    /// The legal moves of the current position (none once the position itself is decided).
    fn legal_moves(&self) -> Vec<Move>;
    /// Plays `mv`, a move listed here or elsewhere: it must be legal now.
    fn push(&mut self, mv: &Move) -> Result<Move, String>;
    /// Reads a move in the game's notation and plays it.
    fn push_text(&mut self, text: &str) -> Result<Move, String>;
    /// Reads a move in the game's notation without playing it.
    fn parse(&self, text: &str) -> Result<Move, String>;
    /// Takes back the last move, and returns it.
    fn pop(&mut self) -> Option<Move>;
    /// The moves played, first first.
    fn move_stack(&self) -> Vec<Move>;
    /// Why the game is over, if it is (draw rules included).
    fn termination(&self) -> Option<Termination>;
    /// `termination` in the game's words.
    fn describe(&self, termination: Termination) -> String;
    /// The protocol's `d` diagram.
    fn diagram(&self) -> String;
    /// Perft from the current position.
    fn perft(&self, depth: u32) -> u64;
    /// The legal moves' action ids, ascending.
    fn legal_actions(&self) -> Result<Vec<u32>, String>;
    /// Plays the legal move with this action id.
    fn push_action(&mut self, id: u32) -> Result<Move, String>;
    /// The action id of `mv`, which must be legal now.
    fn action_of(&self, mv: &Move) -> Result<u32, String>;
    /// The observation planes from `perspective`'s view, row-major.
    fn observation(&self, perspective: Side) -> Result<Vec<f32>, String>;
    /// Plays uniformly random moves until the game ends or `max_plies` are played; the plies played
    /// and the outcome (1 White won, −1 Black won, 0 a draw or unfinished).
    fn random_playout(&mut self, rng: &mut Rng, max_plies: u32) -> (u32, i8);
    /// The record itself, for the engine of the same game.
    fn as_any(&self) -> &dyn Any;
}

/// What programs that learn need to know of a game beside its positions: its action space (how
/// many action ids it has, and the most plies a game can last) and its observation's shape. A game
/// may have neither (the traits' defaults): asking for one is then an error that says so.
pub struct Spaces {
    game: &'static str,
    /// The action count and the most plies.
    actions: Option<(u32, u32)>,
    observation_shape: Option<[usize; 3]>,
}

impl Spaces {
    /// How many action ids the game has: every legal move's id is below it.
    pub fn action_count(&self) -> Result<u32, String> {
        self.actions
            .map(|(count, _)| count)
            .ok_or_else(|| no_action_space(self.game))
    }

    /// The most plies a game from the start can last.
    pub fn max_game_plies(&self) -> Result<u32, String> {
        self.actions
            .map(|(_, plies)| plies)
            .ok_or_else(|| no_action_space(self.game))
    }

    /// The observation's shape: planes, rows, columns.
    pub fn observation_shape(&self) -> Result<[usize; 3], String> {
        self.observation_shape
            .ok_or_else(|| no_observation(self.game))
    }
}

/// The spaces of the game called `game`.
pub fn spaces(game: &str) -> Result<Spaces, String> {
    with_variant!(game, G => Spaces {
        game: G::NAME,
        actions: has_action_space::<G>().then_some((G::ACTION_COUNT, G::MAX_GAME_PLIES)),
        observation_shape: has_observation::<G>().then_some(G::OBSERVATION_SHAPE),
    })
    .map_err(|e| e.to_string())
}

/// The error of a game without a numbering of its moves asked for action ids.
fn no_action_space(game: &str) -> String {
    format!("{game} has no action space: it numbers no moves")
}

/// The error of a game without observation planes asked for them.
fn no_observation(game: &str) -> String {
    format!("{game} has no observation planes")
}

/// The game called `game` (any case), from `fen` or its start.
pub fn played(game: &str, fen: Option<&str>) -> Result<Box<dyn Rules>, String> {
    with_variant!(game, G => {
        let start = match fen {
            Some(text) => G::from_text(text).map_err(|e| e.to_string())?,
            None => G::start(),
        };
        Box::new(Played { record: GameRecord::new(start) }) as Box<dyn Rules>
    })
    .map_err(|e| e.to_string())
}

/// A game of `G` in progress.
#[derive(Clone)]
pub struct Played<G: HostedGame> {
    /// The start, the moves and every position since.
    pub record: GameRecord<G>,
}

impl<G: HostedGame> Played<G> {
    fn current(&self) -> &G {
        self.record.current()
    }

    /// Plays `mv`, legal in the current position, and gives it back as a `Move`.
    fn play(&mut self, mv: G::Move) -> Move {
        let played = Move::single(self.current().clone(), mv);
        self.record.play(mv);
        played
    }

    fn is_legal(&self, mv: G::Move) -> bool {
        let mut moves = MoveList::new();
        self.current().generate_moves(&mut moves);
        moves.contains(&mv)
    }

    /// `mv` as a move of the current position: the same move if it was listed here, else its text
    /// read again here (so a move listed in another position plays if it is legal here too).
    fn resolve(&self, mv: &Move) -> Result<G::Move, String> {
        let Some((position, listed)) = mv.of::<G>() else {
            return Err(format!(
                "a move of {} cannot be played in {}",
                mv.set.game(),
                G::NAME
            ));
        };
        if position.hash() == self.current().hash() && self.is_legal(listed) {
            return Ok(listed);
        }
        self.read(&mv.text())
    }

    /// Reads a move's text in the current position; the error names the text.
    fn read(&self, text: &str) -> Result<G::Move, String> {
        self.current().parse_move(text).map_err(|error| {
            let error = error.to_string();
            if error.contains(text) {
                error
            } else {
                format!("move '{text}': {error}")
            }
        })
    }
}

impl<G: HostedGame> Rules for Played<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn boxed_clone(&self) -> Box<dyn Rules> {
        Box::new(self.clone())
    }

    fn fen(&self) -> String {
        self.current().to_text()
    }

    fn start_fen(&self) -> String {
        self.record.start().to_text()
    }

    fn turn(&self) -> Side {
        self.current().side_to_move()
    }

    fn legal_moves(&self) -> Vec<Move> {
        let mut list = MoveList::new();
        self.current().generate_moves(&mut list);
        let count = list.len();
        let set: Arc<dyn MoveSet> = Arc::new(MovesOf {
            position: self.current().clone(),
            moves: list.iter().copied().collect(),
        });
        Move::all(set, count)
    }

    fn push(&mut self, mv: &Move) -> Result<Move, String> {
        let mv = self.resolve(mv)?;
        Ok(self.play(mv))
    }

    fn push_text(&mut self, text: &str) -> Result<Move, String> {
        let mv = self.read(text)?;
        Ok(self.play(mv))
    }

    fn parse(&self, text: &str) -> Result<Move, String> {
        let mv = self.read(text)?;
        Ok(Move::single(self.current().clone(), mv))
    }

    fn pop(&mut self) -> Option<Move> {
        let &mv = self.record.moves().last()?;
        self.record.undo();
        Some(Move::single(self.current().clone(), mv))
    }

    fn move_stack(&self) -> Vec<Move> {
        let positions = self.record.positions();
        self.record
            .moves()
            .iter()
            .zip(positions)
            .map(|(&mv, before)| Move::single(before.clone(), mv))
            .collect()
    }

    fn termination(&self) -> Option<Termination> {
        self.record.termination()
    }

    fn describe(&self, termination: Termination) -> String {
        self.current().describe_termination(termination)
    }

    fn diagram(&self) -> String {
        self.current().diagram()
    }

    fn perft(&self, depth: u32) -> u64 {
        perft(self.current(), depth)
    }

    fn legal_actions(&self) -> Result<Vec<u32>, String> {
        if !has_action_space::<G>() {
            return Err(no_action_space(G::NAME));
        }
        let actions = legal_actions(self.current()).map_err(|e| e.to_string())?;
        Ok(actions.into_iter().map(|(id, _)| id).collect())
    }

    fn push_action(&mut self, id: u32) -> Result<Move, String> {
        if !has_action_space::<G>() {
            return Err(no_action_space(G::NAME));
        }
        let mv = move_of_action(self.current(), id).ok_or_else(|| {
            format!(
                "no legal move has action id {id} in {} (ids are below {})",
                self.fen(),
                G::ACTION_COUNT
            )
        })?;
        Ok(self.play(mv))
    }

    fn action_of(&self, mv: &Move) -> Result<u32, String> {
        if !has_action_space::<G>() {
            return Err(no_action_space(G::NAME));
        }
        let mv = self.resolve(mv)?;
        self.current().action_id(mv).ok_or_else(|| {
            let text = self.current().format_move(mv);
            format!("the move {text} has no action id (past the numbering's bound)")
        })
    }

    fn observation(&self, perspective: Side) -> Result<Vec<f32>, String> {
        if !has_observation::<G>() {
            return Err(no_observation(G::NAME));
        }
        Ok(observe(self.current(), perspective))
    }

    fn random_playout(&mut self, rng: &mut Rng, max_plies: u32) -> (u32, i8) {
        let mut moves = MoveList::new();
        for ply in 0..max_plies {
            if let Some(termination) = self.record.termination() {
                return (ply, outcome_sign(termination));
            }
            self.current().generate_moves(&mut moves);
            let mv = moves[rng.below(moves.len())];
            self.record.play(mv);
        }
        let sign = self.record.termination().map_or(0, outcome_sign);
        (max_plies, sign)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// 1 for a White win, −1 for a Black win, 0 for a draw.
fn outcome_sign(termination: Termination) -> i8 {
    match termination.outcome() {
        duel_rules::game::Outcome::Win(Side::White) => 1,
        duel_rules::game::Outcome::Win(Side::Black) => -1,
        duel_rules::game::Outcome::Draw => 0,
    }
}
