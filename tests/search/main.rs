//! The search through its public contract: positions built by hand (`search`), and the tactics
//! suites of forced wins proven by an independent solver (`tactics`).

#[path = "../dipole_reference/mod.rs"]
mod dipole_reference;
#[path = "../duel_reference/mod.rs"]
mod duel_reference;

mod search;
mod tactics;
