//! The bound the search takes: a game's rules with everything else the search asks of it.

use super::{EndgameIndex, NetFeatures, SearchHooks};

/// A game the search can search: its rules ([`super::Game`]), its evaluation
/// ([`super::Evaluation`]), the search's hooks ([`SearchHooks`]), its net's inputs
/// ([`NetFeatures`]) and the numbering its endgame databases use ([`EndgameIndex`], empty in a game
/// without databases). Every game that implements those is one; the hosted games are
/// (`crate::games::HostedGame` bundles this with how a game is shown and tuned).
pub trait Searchable: SearchHooks + NetFeatures + EndgameIndex {}

impl<G: SearchHooks + NetFeatures + EndgameIndex> Searchable for G {}
