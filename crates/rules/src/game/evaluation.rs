//! A game's static evaluation and its unit ([`Evaluation`]), and what a game tells about it: the
//! terms `eval` shows, and the weights a tuner fits.

use super::{Game, Wdl, WinRateModel};

/// One named term of a static evaluation, from each side's point of view, in the evaluation's
/// scale.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalTerm {
    /// What the term measures, e.g. `material`.
    pub name: &'static str,
    /// White's share.
    pub white: i32,
    /// Black's share.
    pub black: i32,
}

/// One weight of a linear evaluation: what one unit of its feature is worth in the evaluation's
/// scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalWeight {
    /// The [`EvalTerm`] it adds to.
    pub term: &'static str,
    /// Its name, unique in the game's table (what `duel tune --fix` takes), e.g. `TEMPO`.
    pub name: &'static str,
    /// The evaluation's points per unit of the feature.
    pub value: i32,
}

impl EvalWeight {
    /// A weight of `value` points named `name`, adding to the term `term`.
    pub const fn new(term: &'static str, name: &'static str, value: i32) -> EvalWeight {
        EvalWeight { term, name, value }
    }
}

/// A game's static evaluation, in a unit the game declares once: what its basic piece is worth
/// ([`Evaluation::EVAL_UNIT`]). Everything that measures a score distance without knowing the game
/// (the search's margins, the levels' temperature, a book's window, a match's adjudication) is
/// written as a share of that unit: a piece, not a number tuned in one game's scale. (A piece is
/// not worth as much to the result in every game: Duel's scores follow the results at a logistic
/// scale of about 46, Alice's at about 310; docs/nnue.md.)
pub trait Evaluation: Game {
    /// What the game's basic piece is worth in its evaluation (Duel's die, Dipole's checker, Dame's
    /// man, Alice's pawn): the unit of every score distance written for all games.
    const EVAL_UNIT: i32;

    /// The static evaluation from the side to move's point of view, in the game's own scale
    /// ([`Evaluation::EVAL_UNIT`] a basic piece).
    fn evaluate(&self) -> i32;

    /// The value of what `mv` captures in the evaluation's scale, or 0 when it captures nothing.
    fn capture_value(&self, mv: Self::Move) -> i32;

    /// The material on the board, both sides together, in the evaluation's scale: what the
    /// win-rate model's phase counts ([`Evaluation::phase`]).
    fn material(&self) -> i32;

    /// The game's win-rate model, shipped beside its net (`nets/<game>.wdl`): the chances a score
    /// gives, and the common scale every game reports its scores in.
    fn win_rate_model() -> &'static WinRateModel;

    /// The phase of the game the win-rate model reads: the material left as a share of the
    /// start's, 1 at the start (more where promotions have added material), falling to 0.
    fn phase(&self) -> f64 {
        let start = Self::start().material().max(1);
        f64::from(self.material().max(0)) / f64::from(start)
    }

    /// The chances `score` (the evaluation's scale, the side to move's) gives in this position.
    fn wdl(&self, score: i32) -> Wdl {
        Self::win_rate_model().wdl(score, self.phase())
    }
}

/// The model a game ships, read from its embedded text; a shipped model that does not read is a
/// broken build, which each game's tests catch.
pub fn embedded_win_rate_model(game: &str, text: &str) -> WinRateModel {
    WinRateModel::parse(text, Some(game))
        .unwrap_or_else(|error| panic!("the shipped win-rate model of {game}: {error}"))
}

/// A score distance written once for every game: a number of the game's basic pieces
/// ([`Evaluation::EVAL_UNIT`]), in hundredths, as centipawns count pawns. The search's margins, the
/// levels' temperature, a book's default window and the match runner's adjudication thresholds are
/// written so; [`Pieces::of`] gives the distance in a game's evaluation scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pieces {
    hundredths: i32,
}

impl Pieces {
    /// `hundredths` hundredths of a basic piece.
    pub const fn hundredths(hundredths: i32) -> Pieces {
        Pieces { hundredths }
    }

    /// The distance in hundredths of a basic piece.
    pub const fn in_hundredths(self) -> i32 {
        self.hundredths
    }

    /// The distance in game `G`'s evaluation scale (rounded toward zero).
    #[inline]
    pub fn of<G: Evaluation>(self) -> i32 {
        self.in_scale(G::EVAL_UNIT)
    }

    /// The distance in a scale where a basic piece is worth `piece` (rounded toward zero).
    #[inline]
    pub const fn in_scale(self, piece: i32) -> i32 {
        self.hundredths * piece / 100
    }
}
