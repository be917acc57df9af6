//! One signature's table by retrograde analysis without unmoves: value iteration over its positions
//! with forward moves. Moves that change the material lead to finished tables (`Tables`); the rest
//! stay in the signature, whose values fill in pass by pass until a pass finds nothing new, and
//! what is left is drawn.
//!
//! Pass 0 settles what needs no value of the signature: no move (lost), positions resolved through
//! their moves (all lead out), a conversion that wins, and positions whose moves all lead out. Pass
//! k ≥ 1 settles the positions at distance k: it reads only values of distance below k, so a value
//! settled in the same pass (distance k) is never read, whatever the threads' order, and the
//! distances are exact: a win is the quickest over the winning moves, a loss the slowest over all.

use super::sweep::sweep;
use super::tables::Tables;
use crate::game::{EndgameIndex, MoveList, Signature};
use crate::search::tablebase::{EndgameValue, MAX_DISTANCE, NO_VALUE, no_move_value};
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

/// A built signature: its codes (as its file stores them) and what the build counted.
pub struct Built {
    /// One code per index; [`NO_VALUE`] where no position is stored.
    pub codes: Vec<u8>,
    /// The passes after the first.
    pub passes: u32,
    /// Stored wins, draws and losses for the side to move.
    pub counts: [u64; 3],
}

/// The signature being built: its values so far (a code each, [`NO_VALUE`] while unknown).
struct Work<'a> {
    signature: Signature,
    values: Vec<AtomicU8>,
    tables: &'a Tables,
    /// Set when a distance does not fit a code.
    overflow: AtomicBool,
}

/// Builds `signature`'s table on `threads` threads; every signature its moves lead to must be in
/// `tables` already. Fails where a distance does not fit a code.
pub fn build<G: EndgameIndex>(
    signature: Signature,
    tables: &Tables,
    threads: usize,
) -> Result<Built, String> {
    let count = G::endgame_position_count(signature);
    let size = usize::try_from(count).map_err(|_| format!("{count} positions do not fit"))?;
    let work = Work {
        signature,
        values: (0..size).map(|_| AtomicU8::new(NO_VALUE)).collect(),
        tables,
        overflow: AtomicBool::new(false),
    };
    let mut pending = sweep(
        size,
        |at| at as u64,
        threads,
        |index| {
            G::endgame_position(signature, index).is_some_and(|pos| !work.settle(&pos, index, 0))
        },
    );
    let mut pass = 1;
    loop {
        let before = pending.len();
        pending = sweep(
            pending.len(),
            |at| pending[at],
            threads,
            |index| {
                let pos =
                    G::endgame_position(signature, index).expect("a pending index is a position");
                !work.settle(&pos, index, pass)
            },
        );
        // Pass 1 cannot see the distance-1 values pass 0 settled, so it never ends the build.
        if pending.len() == before && pass >= 2 {
            break;
        }
        pass += 1;
    }
    finish::<G>(work, pass, threads)
}

impl Work<'_> {
    /// Settles `pos` (numbered `index`) in pass `pass` if its value is known: returns whether it is.
    fn settle<G: EndgameIndex>(&self, pos: &G, index: u64, pass: u32) -> bool {
        let value = if pass == 0 && pos.resolved_through_moves() {
            self.tables.value(pos)
        } else {
            self.value_from_moves(pos, pass)
        };
        match value {
            Some(value) => {
                match value.code() {
                    Some(code) => self.values[index as usize].store(code, Ordering::Relaxed),
                    // Reported when the table is finished.
                    None => self.overflow.store(true, Ordering::Relaxed),
                }
                true
            }
            None => false,
        }
    }

    /// The value of `pos` from its moves, if they decide it with the values of distance below
    /// `pass` (and every value outside the signature).
    fn value_from_moves<G: EndgameIndex>(&self, pos: &G, pass: u32) -> Option<EndgameValue> {
        let mut moves = MoveList::new();
        pos.generate_moves(&mut moves);
        if moves.is_empty() {
            return Some(no_move_value(pos));
        }
        let mut best: Option<EndgameValue> = None;
        let mut unknown = false;
        for &mv in moves.iter() {
            let next = pos.make_move(mv);
            let value = match next.endgame_index() {
                Some((signature, index)) if signature == self.signature => {
                    let code = self.values[index as usize].load(Ordering::Relaxed);
                    EndgameValue::from_code(code)
                        .filter(|v| v.distance() < pass)
                        .map(|v| v.after_move(false))
                }
                _ => Some(
                    self.tables
                        .value(&next)
                        .expect("the signatures a move leads to are built first")
                        .after_move(true),
                ),
            };
            match value {
                Some(value) => best = best.max(Some(value)),
                None => unknown = true,
            }
        }
        // A known win is the quickest: an unknown move's win would come at distance pass + 1 or
        // later. Otherwise the value waits for every move.
        best.filter(|value| !unknown || value.wdl() > 0)
    }
}

/// The stored codes once no pass finds more: unknown positions are drawn, positions resolved
/// through their moves are left out.
fn finish<G: EndgameIndex>(work: Work<'_>, passes: u32, threads: usize) -> Result<Built, String> {
    let signature = work.signature;
    if work.overflow.into_inner() {
        return Err(format!(
            "{}: a distance beyond {MAX_DISTANCE} plies does not fit the format",
            G::signature_name(signature)
        ));
    }
    let mut codes: Vec<u8> = work.values.into_iter().map(AtomicU8::into_inner).collect();
    let left_out = sweep(
        codes.len(),
        |at| at as u64,
        threads,
        |index| {
            G::endgame_position(signature, index).is_none_or(|pos| pos.resolved_through_moves())
        },
    );
    let mut counts = [0; 3];
    let draw = EndgameValue::Draw.code().expect("a draw has a code");
    for code in codes.iter_mut().filter(|code| **code == NO_VALUE) {
        *code = draw;
    }
    for index in left_out {
        codes[index as usize] = NO_VALUE;
    }
    for &code in &codes {
        if let Some(value) = EndgameValue::from_code(code) {
            counts[(1 - value.wdl()) as usize] += 1;
        }
    }
    Ok(Built {
        codes,
        passes,
        counts,
    })
}
