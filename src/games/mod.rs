//! The games the engine hosts, each behind the [`crate::game::Game`] trait in its own module.

pub mod dipole;
pub mod duel;

/// A Duel position: the first hosted game.
pub type Duel = duel::Position;

/// A Dipole position: the second hosted game.
pub type Dipole = dipole::Position;
