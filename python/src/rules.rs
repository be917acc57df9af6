//! What `duel.Board` asks of its game beyond the library's run-time game,
//! [`AnyGame`](duel_rules::games::AnyGame) (which the board holds, and which gives the name, the
//! texts, the side to move, the end and the diagram): [`Typed`], the operations that need the
//! game's own type (`duel.Move`s that keep the position they were listed in, action ids,
//! observation planes, perft, random playouts), written once over every game's `GameRecord<G>` and
//! reached through the library's visitors ([`typed`], [`typed_mut`]); and each game's [`Spaces`].

use crate::moves::{Move, MoveSet, MovesOf};
use duel_engine::engine::perft::perft;
use duel_rules::game::{
    GameRecord, MoveList, Rng, Side, Termination, has_action_space, has_observation, is_legal,
    legal_actions, move_of_action, observe,
};
use duel_rules::games::{
    AnyGame, GameVisitor, HostedGame, RecordVisitor, RecordVisitorMut, for_variant,
};
use std::sync::Arc;

/// What a board does with its game's own type: implemented once on every game's record.
pub trait Typed {
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
}

/// The game's record as [`Typed`].
pub fn typed(game: &AnyGame) -> &dyn Typed {
    game.visit(AsTyped)
}

/// The game's record as [`Typed`], to change.
pub fn typed_mut(game: &mut AnyGame) -> &mut dyn Typed {
    game.visit_mut(AsTyped)
}

/// The visitor of [`typed`] and [`typed_mut`].
struct AsTyped;

impl<'a> RecordVisitor<'a> for AsTyped {
    type Output = &'a dyn Typed;

    fn visit<G: HostedGame>(self, record: &'a GameRecord<G>) -> Self::Output {
        record
    }
}

impl<'a> RecordVisitorMut<'a> for AsTyped {
    type Output = &'a mut dyn Typed;

    fn visit<G: HostedGame>(self, record: &'a mut GameRecord<G>) -> Self::Output {
        record
    }
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
    for_variant(game, SpacesOf).map_err(|e| e.to_string())
}

/// The visitor of [`spaces`].
struct SpacesOf;

impl GameVisitor for SpacesOf {
    type Output = Spaces;

    fn visit<G: HostedGame>(self) -> Spaces {
        Spaces {
            game: G::NAME,
            actions: has_action_space::<G>().then_some((G::ACTION_COUNT, G::MAX_GAME_PLIES)),
            observation_shape: has_observation::<G>().then_some(G::OBSERVATION_SHAPE),
        }
    }
}

/// The error of a game without a numbering of its moves asked for action ids.
fn no_action_space(game: &str) -> String {
    format!("{game} has no action space: it numbers no moves")
}

/// The error of a game without observation planes asked for them.
fn no_observation(game: &str) -> String {
    format!("{game} has no observation planes")
}

/// Plays `mv`, legal in the current position, and gives it back as a `Move`.
fn play_move<G: HostedGame>(record: &mut GameRecord<G>, mv: G::Move) -> Move {
    let played = Move::single(record.current().clone(), mv);
    record.play(mv);
    played
}

/// `mv` as a move of the current position: the same move if it was listed here, else its text read
/// again here (so a move listed in another position plays if it is legal here too).
fn resolve<G: HostedGame>(record: &GameRecord<G>, mv: &Move) -> Result<G::Move, String> {
    let Some((position, listed)) = mv.of::<G>() else {
        return Err(format!(
            "a move of {} cannot be played in {}",
            mv.set.game(),
            G::NAME
        ));
    };
    let current = record.current();
    if position.hash() == current.hash() && is_legal(current, listed) {
        return Ok(listed);
    }
    read(record, &mv.text())
}

/// Reads a move's text in the current position; the error names the text.
fn read<G: HostedGame>(record: &GameRecord<G>, text: &str) -> Result<G::Move, String> {
    record.current().parse_move(text).map_err(|error| {
        let error = error.to_string();
        if error.contains(text) {
            error
        } else {
            format!("move '{text}': {error}")
        }
    })
}

impl<G: HostedGame> Typed for GameRecord<G> {
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
        let mv = resolve(self, mv)?;
        Ok(play_move(self, mv))
    }

    fn push_text(&mut self, text: &str) -> Result<Move, String> {
        let mv = read(self, text)?;
        Ok(play_move(self, mv))
    }

    fn parse(&self, text: &str) -> Result<Move, String> {
        let mv = read(self, text)?;
        Ok(Move::single(self.current().clone(), mv))
    }

    fn pop(&mut self) -> Option<Move> {
        let &mv = self.moves().last()?;
        self.undo();
        Some(Move::single(self.current().clone(), mv))
    }

    fn move_stack(&self) -> Vec<Move> {
        self.moves()
            .iter()
            .zip(self.positions())
            .map(|(&mv, before)| Move::single(before.clone(), mv))
            .collect()
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
                self.current().to_text(),
                G::ACTION_COUNT
            )
        })?;
        Ok(play_move(self, mv))
    }

    fn action_of(&self, mv: &Move) -> Result<u32, String> {
        if !has_action_space::<G>() {
            return Err(no_action_space(G::NAME));
        }
        let mv = resolve(self, mv)?;
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
            if let Some(termination) = self.termination() {
                return (ply, outcome_sign(termination));
            }
            self.current().generate_moves(&mut moves);
            let mv = moves[rng.below(moves.len())];
            self.play(mv);
        }
        let sign = self.termination().map_or(0, outcome_sign);
        (max_plies, sign)
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
