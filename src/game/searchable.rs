//! The bound the search takes: a game's rules with everything else the search asks of it.

use super::{NetFeatures, SearchHooks};

/// A game the search can search: its rules ([`super::Game`]), its evaluation
/// ([`super::Evaluation`]), the search's hooks ([`SearchHooks`]) and its net's inputs
/// ([`NetFeatures`]). Every game that implements those is one; the hosted games are
/// (`crate::games::HostedGame` bundles this with how a game is shown and tuned).
pub trait Searchable: SearchHooks + NetFeatures {}

impl<G: SearchHooks + NetFeatures> Searchable for G {}
