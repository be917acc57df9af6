//! The finished tables of a run, uncompressed in memory: what the generator looks successors up in
//! and the verifier checks.

use duel_engine::search::tablebase::{EndgameValue, resolve};
use duel_rules::game::{EndgameIndex, Signature};
use std::collections::HashMap;

/// Each finished signature's codes, one per index (as its file stores them).
#[derive(Default)]
pub struct Tables {
    codes: HashMap<Signature, Vec<u8>>,
}

impl Tables {
    /// Adds a finished signature's codes.
    pub fn insert(&mut self, signature: Signature, codes: Vec<u8>) {
        self.codes.insert(signature, codes);
    }

    /// Whether `signature` is finished.
    pub fn contains(&self, signature: Signature) -> bool {
        self.codes.contains_key(&signature)
    }

    /// A finished signature's codes.
    pub fn codes(&self, signature: Signature) -> Option<&[u8]> {
        self.codes.get(&signature).map(Vec::as_slice)
    }

    /// The value stored at a signature's index.
    pub fn stored(&self, signature: Signature, index: u64) -> Option<EndgameValue> {
        let code = *self.codes.get(&signature)?.get(index as usize)?;
        EndgameValue::from_code(code)
    }

    /// The value of `pos` for the side to move, positions the tables leave out resolved through
    /// their moves; `None` where a signature it needs is not finished.
    pub fn value<G: EndgameIndex>(&self, pos: &G) -> Option<EndgameValue> {
        resolve(pos, &|signature, index| self.stored(signature, index))
    }
}
