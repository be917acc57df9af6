//! The hosted games' rules: one generic contract checked for every game (`contract`), and each
//! game's own rules, perft counts, notation and position text, several confirmed by a deliberately
//! simple reference generator of the game (`tests/<game>_reference`).

#![allow(
    clippy::too_many_lines,
    reason = "a test is one scenario read top to bottom (a game played move by move, a table of \
              rejected inputs); the limit on a function's length is for the product code"
)]

#[path = "../common/mod.rs"]
mod common;

#[path = "../alice_reference/mod.rs"]
mod alice_reference;
#[path = "../dame_reference/mod.rs"]
mod dame_reference;
#[path = "../dipole_reference/mod.rs"]
mod dipole_reference;
#[path = "../duel_reference/mod.rs"]
mod duel_reference;

mod alice_rules;
mod board_snapshots;
mod contract;
mod dame_rules;
mod dame_text;
mod dipole_rules;
mod duel_notation;
mod duel_perft;
mod duel_position;
mod reference_self_check;
