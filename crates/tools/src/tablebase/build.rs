//! One signature's table by retrograde analysis without unmoves: value iteration over its positions
//! with forward moves. Moves that change the material lead to finished tables (`Tables`); the rest
//! stay in the signature, whose values fill in pass by pass until a pass finds nothing new, and
//! what is left is drawn.
//!
//! Pass 0 generates every position's moves once: it settles what needs no value of the signature
//! (no move: lost; positions resolved through their moves, which all lead out; a conversion that
//! wins; moves that all lead out) and keeps, for each other position, the best value of its moves
//! that lead out and the indices its other moves lead to. Pass k ≥ 1 reads only those indices'
//! values of distance below k, so a value settled in the same pass (distance k) is never read,
//! whatever the threads' order, and the distances are exact: a win is the quickest over the
//! winning moves, a loss the slowest over all.

use super::sweep::{CHUNK, parallel_for};
use super::tables::Tables;
use duel_engine::search::tablebase::{EndgameValue, MAX_DISTANCE, NO_VALUE, no_move_value};
use duel_rules::game::{EndgameIndex, MoveList, Signature};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicUsize, Ordering};

/// A built signature: its codes (as its file stores them) and what the build counted.
pub struct Built {
    /// One code per index; [`NO_VALUE`] where no position is stored.
    pub codes: Vec<u8>,
    /// The passes after the first.
    pub passes: u32,
    /// Stored wins, draws and losses for the side to move.
    pub counts: [u64; 3],
}

/// The positions of one chunk of indices still unknown, and what their moves lead to.
#[derive(Default)]
struct Pending {
    /// Each position's index.
    index: Vec<u32>,
    /// The best value of its moves that leave the signature, as a code ([`NO_VALUE`]: none).
    outside: Vec<u8>,
    /// Where its indices in `inside` end.
    ends: Vec<u32>,
    /// The indices its moves within the signature lead to.
    inside: Vec<u32>,
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
    let size = usize::try_from(count)
        .ok()
        .filter(|&size| u32::try_from(size).is_ok())
        .ok_or_else(|| format!("{count} positions are more than an index of 32 bits"))?;
    let work = Work {
        signature,
        values: (0..size).map(|_| AtomicU8::new(NO_VALUE)).collect(),
        tables,
        overflow: AtomicBool::new(false),
    };
    let chunks: Vec<Mutex<Pending>> = (0..size.div_ceil(CHUNK))
        .map(|_| Mutex::new(Pending::default()))
        .collect();
    parallel_for(chunks.len(), threads, |chunk| {
        let start = chunk * CHUNK;
        let mut pending = chunks[chunk].lock().expect("one thread per chunk");
        for index in start..(start + CHUNK).min(size) {
            if let Some(pos) = G::endgame_position(signature, index as u64) {
                work.first_pass(&pos, index as u32, &mut pending);
            }
        }
    });
    let mut pass = 1;
    loop {
        let settled = AtomicUsize::new(0);
        parallel_for(chunks.len(), threads, |chunk| {
            let mut pending = chunks[chunk].lock().expect("one thread per chunk");
            settled.fetch_add(work.next_pass(&mut pending, pass), Ordering::Relaxed);
        });
        // Pass 1 cannot see the distance-1 values pass 0 settled, so it never ends the build.
        if settled.into_inner() == 0 && pass >= 2 {
            break;
        }
        pass += 1;
    }
    drop(chunks);
    finish::<G>(work, pass, threads)
}

impl Work<'_> {
    /// Stores `value` at `index`.
    fn set(&self, index: u32, value: EndgameValue) {
        match value.code() {
            Some(code) => self.values[index as usize].store(code, Ordering::Relaxed),
            // Reported when the table is finished.
            None => self.overflow.store(true, Ordering::Relaxed),
        }
    }

    /// Pass 0 for `pos`, numbered `index`: settles it if its value needs none of the signature's,
    /// or adds it to `pending` with what its moves lead to.
    fn first_pass<G: EndgameIndex>(&self, pos: &G, index: u32, pending: &mut Pending) {
        if pos.resolved_through_moves() {
            let value = self.tables.value(pos);
            return self.set(
                index,
                value.expect("moves that capture lead to built signatures"),
            );
        }
        let mut moves = MoveList::new();
        pos.generate_moves(&mut moves);
        if moves.is_empty() {
            return self.set(index, no_move_value(pos));
        }
        let first_inside = pending.inside.len();
        let mut outside: Option<EndgameValue> = None;
        for &mv in moves.iter() {
            let next = pos.make_move(mv);
            match next.endgame_index() {
                Some((signature, at)) if signature == self.signature => {
                    pending.inside.push(at as u32);
                }
                _ => {
                    let value = self.tables.value(&next);
                    let value = value.expect("the signatures a move leads to are built first");
                    outside = outside.max(Some(value.after_move(true)));
                }
            }
        }
        let inside = &mut pending.inside[first_inside..];
        inside.sort_unstable();
        let distinct = first_inside + partition_dedup(inside);
        pending.inside.truncate(distinct);
        let none_inside = distinct == first_inside;
        match outside {
            Some(value) if none_inside || value.wdl() > 0 => {
                pending.inside.truncate(first_inside);
                self.set(index, value);
            }
            _ => {
                pending.index.push(index);
                pending
                    .outside
                    .push(outside.and_then(EndgameValue::code).unwrap_or(NO_VALUE));
                pending.ends.push(pending.inside.len() as u32);
            }
        }
    }

    /// Pass `pass` over a chunk's pending positions: settles those whose moves decide them with
    /// the values of distance below `pass`, keeps the rest, and returns how many it settled.
    fn next_pass(&self, pending: &mut Pending, pass: u32) -> usize {
        let mut kept = Pending::default();
        let mut start = 0;
        for (at, &index) in pending.index.iter().enumerate() {
            let end = pending.ends[at] as usize;
            let inside = &pending.inside[start..end];
            start = end;
            let mut best = EndgameValue::from_code(pending.outside[at]);
            let mut unknown = false;
            for &next in inside {
                let code = self.values[next as usize].load(Ordering::Relaxed);
                match EndgameValue::from_code(code).filter(|v| v.distance() < pass) {
                    Some(value) => best = best.max(Some(value.after_move(false))),
                    None => unknown = true,
                }
            }
            // A known win is the quickest: an unknown move's win would come at distance pass + 1
            // or later. Otherwise the value waits for every move.
            match best.filter(|value| !unknown || value.wdl() > 0) {
                Some(value) => self.set(index, value),
                None => {
                    kept.index.push(index);
                    kept.outside.push(pending.outside[at]);
                    kept.inside.extend_from_slice(inside);
                    kept.ends.push(kept.inside.len() as u32);
                }
            }
        }
        let settled = pending.index.len() - kept.index.len();
        *pending = kept;
        settled
    }
}

/// Moves the distinct values of a sorted slice to its front; returns how many there are.
fn partition_dedup(sorted: &mut [u32]) -> usize {
    let mut distinct = 0;
    for at in 0..sorted.len() {
        if at == 0 || sorted[at] != sorted[distinct - 1] {
            sorted[distinct] = sorted[at];
            distinct += 1;
        }
    }
    distinct
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
    let left_out = super::sweep::sweep(
        codes.len(),
        |at| at as u64,
        threads,
        |index| {
            G::endgame_position(signature, index).is_none_or(|pos| pos.resolved_through_moves())
        },
    );
    let draw = EndgameValue::Draw.code().expect("a draw has a code");
    for code in codes.iter_mut().filter(|code| **code == NO_VALUE) {
        *code = draw;
    }
    for index in left_out {
        codes[index as usize] = NO_VALUE;
    }
    let mut counts = [0; 3];
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
