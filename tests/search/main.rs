//! The search through its public contract: positions built by hand (`search`), and the tactics
//! suites of forced wins proven by an independent solver (`tactics`), and the endgame databases
//! probed (`tablebase`).

#![allow(
    clippy::too_many_lines,
    reason = "a test is one scenario read top to bottom (a game played move by move, a table of \
              rejected inputs); the limit on a function's length is for the product code"
)]

#[path = "../common/mod.rs"]
mod common;
#[path = "../dipole_reference/mod.rs"]
mod dipole_reference;
#[path = "../duel_reference/mod.rs"]
mod duel_reference;

mod search;
mod tablebase;
mod tactics;
