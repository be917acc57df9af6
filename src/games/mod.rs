//! The games the engine hosts, each behind the [`crate::game::Game`] trait in its own module, and the
//! one place that lists them: tools pick a game by name through [`with_variant`].

pub mod alice;
pub mod dame;
pub mod dipole;
pub mod duel;

use crate::game::{Game, Perft, Presentation, Tuning, WebBoard};
use std::fmt;

/// A Duel position: the first hosted game.
pub type Duel = duel::Position;

/// A Dipole position: the second hosted game.
pub type Dipole = dipole::Position;

/// A Dame position: the third hosted game.
pub type Dame = dame::Position;

/// An Alice chess position: the fourth hosted game.
pub type Alice = alice::Position;

/// The names of the hosted games (`UCI_Variant`, `--variant`), the default first.
pub const VARIANTS: [&str; 4] = [Duel::NAME, Dipole::NAME, Dame::NAME, Alice::NAME];

/// Everything a hosted game implements: its rules ([`Game`]), how perft counts it ([`Perft`]), how it
/// is shown ([`Presentation`], and to graphical front ends [`WebBoard`]) and how it is tuned
/// ([`Tuning`]). Tools that need more than the rules take this bound.
pub trait HostedGame: Perft + Presentation + Tuning + WebBoard {}

impl<G: Perft + Presentation + Tuning + WebBoard> HostedGame for G {}

/// Work to be done with whichever game a name selects.
pub trait GameTask {
    /// What the work produces.
    type Output;
    /// Does the work with game `G`.
    fn run<G: HostedGame>(self) -> Self::Output;
}

/// A variant name that names no hosted game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant '{}' (expected one of: {})",
            self.0,
            VARIANTS.join(", ")
        )
    }
}

impl std::error::Error for UnknownVariant {}

/// Runs `task` with the game called `name` (case-insensitive).
pub fn with_variant<T: GameTask>(name: &str, task: T) -> Result<T::Output, UnknownVariant> {
    match name.to_ascii_lowercase().as_str() {
        n if n == Duel::NAME => Ok(task.run::<Duel>()),
        n if n == Dipole::NAME => Ok(task.run::<Dipole>()),
        n if n == Dame::NAME => Ok(task.run::<Dame>()),
        n if n == Alice::NAME => Ok(task.run::<Alice>()),
        _ => Err(UnknownVariant(name.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct StartText;
    impl GameTask for StartText {
        type Output = String;
        fn run<G: Game>(self) -> String {
            G::start().to_text()
        }
    }

    #[test]
    fn every_listed_variant_is_reachable_by_name() {
        for name in VARIANTS {
            assert!(with_variant(name, StartText).is_ok(), "{name}");
        }
        assert_eq!(
            with_variant("DIPOLE", StartText).unwrap(),
            "3l4/8/8/8/8/8/8/4L3 w"
        );
        let err = with_variant("chess", StartText).unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown variant 'chess' (expected one of: duel, dipole, dame, alice)"
        );
    }
}
