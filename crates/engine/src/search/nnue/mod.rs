//! The neural evaluation (NNUE) the search uses where a game has a net: the quantised net and its
//! file ([`network`]; a refused one says why in a [`NetFileError`]), the header the engine's binary
//! files start with ([`FileHeader`]: nets, and the trainer's data and checkpoints; refused with a
//! [`FileHeaderError`]), and the accumulators that follow the search's moves ([`accumulator`]). Which features a position has is the game's business
//! ([`duel_rules::game::NetFeatures`]); a net is trained by `duel train`.

pub mod accumulator;
mod file_header;
mod file_header_error;
mod file_kind;
mod limits;
mod net_file_error;
pub mod network;
mod output_buckets;
mod output_buckets_error;
mod simd;

pub use accumulator::{NetStack, evaluate_afresh};
pub use file_header::FileHeader;
pub use file_header_error::FileHeaderError;
pub use file_kind::FileKind;
pub use limits::{MAX_HIDDEN, MAX_OUTPUT_BUCKETS, QA, QB};
pub use net_file_error::NetFileError;
pub use network::{Network, QuantisedParameters, Shape};
pub use output_buckets::OutputBuckets;
pub use output_buckets_error::OutputBucketsError;

use duel_rules::game::NetFeatures;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// The net embedded for game `G`, read once per process (searches start often: a few thousand
/// nodes each in `duel datagen`); `None` for a game without one.
///
/// # Panics
/// If the embedded file is not a net for `G`: a broken build, which a test catches.
pub fn embedded_network<G: NetFeatures>() -> Option<Arc<Network>> {
    static READ: OnceLock<Mutex<HashMap<&'static str, Arc<Network>>>> = OnceLock::new();
    let bytes = G::EMBEDDED_NET?;
    // A panic while reading leaves the map as it was, so a poisoned lock is still sound.
    let mut read = READ
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    let net = read.entry(G::NAME).or_insert_with(|| {
        let net = Network::from_bytes(bytes, G::NAME, G::FEATURE_COUNT);
        Arc::new(net.unwrap_or_else(|e| panic!("the embedded {} net: {e}", G::NAME)))
    });
    Some(net.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_rules::games::{Alice, Dame, Dipole, Duel};

    #[test]
    fn the_embedded_nets_are_nets_of_their_games() {
        for (game, net) in [
            ("duel", embedded_network::<Duel>()),
            ("alice", embedded_network::<Alice>()),
            ("dame", embedded_network::<Dame>()),
            ("dipole", embedded_network::<Dipole>()),
        ] {
            let net = net.expect("the game ships a net");
            assert_eq!(net.header().game, game);
            assert!(
                net.header()
                    .get("command")
                    .is_some_and(|c| c.contains("train"))
            );
        }
    }
}
