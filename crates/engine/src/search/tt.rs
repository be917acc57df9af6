//! The transposition table: a lock-free hash table of search results shared by all search threads and
//! kept between searches.
//!
//! Each slot is two `AtomicU64`s: the packed data and the position key XORed with that data. Threads
//! write the two words separately, so a reader may see one thread's key with another's data; the XOR
//! turns such a torn entry into a key mismatch, which reads as a miss instead of another position's
//! move and score (the "lockless hashing" of Hyatt and Mann).

use super::params::TT_REPLACE_OFFSET;
use super::prefetch::prefetch;
use super::score::{Bound, from_tt, to_tt};
use duel_rules::game::scale;
use std::collections::TryReserveError;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// What the table knows about a position, as the search uses it (scores root-relative).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct TtEntry {
    /// The best move found, as `Game::move_code` wrote it.
    pub mv: Option<u16>,
    /// The search score, relative to the root of the search that reads or writes it.
    pub score: i32,
    /// The static evaluation, when it was computed.
    pub eval: Option<i32>,
    /// The depth searched (0 for the quiescence search).
    pub depth: i32,
    /// What kind of bound `score` is.
    pub bound: Bound,
}

// The data word, least significant bits first:
//
//   bits  0..16  move code (meaningful when the has-move flag is set)
//   bits 16..32  score, node-relative, as i16
//   bits 32..48  static evaluation as i16, NO_EVAL when absent
//   bits 48..56  depth
//   bits 56..58  bound: 0 = empty slot, 1 = upper, 2 = lower, 3 = exact
//   bit  58      has-move flag
//   bits 59..64  generation of the search that wrote it
//
// Every written entry has a non-zero bound, so an all-zero slot never matches, not even the key 0.
const SCORE_SHIFT: u32 = 16;
const EVAL_SHIFT: u32 = 32;
const DEPTH_SHIFT: u32 = 48;
const BOUND_SHIFT: u32 = 56;
const HAS_MOVE_BIT: u64 = 1 << 58;
const GENERATION_SHIFT: u32 = 59;
const GENERATION_MASK: u8 = 0x1f;
const NO_EVAL: i16 = i16::MIN;

/// Clearing threads take at least this many slots each (16 MiB): fewer are not worth a thread.
const CLEAR_CHUNK_MIN: usize = 1 << 20;

/// One slot: 16 bytes.
#[derive(Default)]
struct Slot {
    /// The position key XORed with `data`.
    checked_key: AtomicU64,
    data: AtomicU64,
}

/// The transposition table, sized in MiB.
pub struct TranspositionTable {
    slots: Vec<Slot>,
    generation: AtomicU8,
}

impl Default for TranspositionTable {
    /// A table of [`TranspositionTable::DEFAULT_MB`].
    fn default() -> Self {
        TranspositionTable::new(Self::DEFAULT_MB)
    }
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TranspositionTable")
            .field("slots", &self.slots.len())
            .field("generation", &self.generation.load(Ordering::Relaxed))
            .finish()
    }
}

impl TranspositionTable {
    /// The size of a new table when the user asks for none.
    pub const DEFAULT_MB: usize = 16;

    /// An empty table of `mb` MiB (at least 1). If that much memory cannot be had, the size is halved
    /// until it can: an engine with a small table beats one that aborts.
    pub fn new(mb: usize) -> Self {
        let mut mb = mb.max(1);
        let slots = loop {
            match allocate(slots_for(mb)) {
                Ok(slots) => break slots,
                Err(_) if mb > 1 => mb /= 2,
                // Not even 1 MiB: a single slot keeps the table usable.
                Err(_) => break vec![Slot::default()],
            }
        };
        TranspositionTable {
            slots,
            generation: AtomicU8::new(0),
        }
    }

    /// Replaces the table by an empty one of `mb` MiB (at least 1). The old table is freed first, so
    /// that the two never hold memory together; if the new size cannot be had, the table gets its old
    /// size back (or less, if even that fails) and the error is returned.
    pub fn resize(&mut self, mb: usize) -> Result<(), TryReserveError> {
        let old_len = self.slots.len();
        self.slots = Vec::new();
        match allocate(slots_for(mb.max(1))) {
            Ok(slots) => {
                self.slots = slots;
                Ok(())
            }
            Err(e) => {
                let old_mb = (old_len * size_of::<Slot>()) >> 20;
                *self = TranspositionTable::new(old_mb);
                Err(e)
            }
        }
    }

    /// Empties every slot (`Clear Hash`, `ucinewgame`). Takes `&self` because the slots are atomic;
    /// call it between searches. Large tables are cleared by several threads: a table of many
    /// gigabytes would otherwise keep the engine busy for seconds.
    pub fn clear(&self) {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let chunk = self.slots.len().div_ceil(threads).max(CLEAR_CHUNK_MIN);
        if chunk >= self.slots.len() {
            clear_slots(&self.slots);
        } else {
            std::thread::scope(|scope| {
                for part in self.slots.chunks(chunk) {
                    let spawned = std::thread::Builder::new()
                        .spawn_scoped(scope, move || clear_slots(part))
                        .is_ok();
                    if !spawned {
                        clear_slots(part);
                    }
                }
            });
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// The table size in MiB.
    pub fn size_mb(&self) -> usize {
        (self.slots.len() * size_of::<Slot>()) >> 20
    }

    /// How full the table is, in per mille: the share of the first 1000 slots written by the current
    /// search.
    pub fn hashfull(&self) -> u32 {
        let sample = &self.slots[..self.slots.len().min(1000)];
        let generation = self.generation.load(Ordering::Relaxed);
        let used = sample
            .iter()
            .filter(|slot| {
                let data = slot.data.load(Ordering::Relaxed);
                bound_bits(data) != 0 && generation_of(data) == generation
            })
            .count();
        (used * 1000 / sample.len().max(1)) as u32
    }

    /// Marks the start of a new search, so that older entries become the first to be replaced.
    pub(super) fn new_search(&self) {
        let next = self.generation.load(Ordering::Relaxed).wrapping_add(1) & GENERATION_MASK;
        self.generation.store(next, Ordering::Relaxed);
    }

    /// The slot for `key`: the key scaled onto the table's length.
    #[inline]
    fn slot(&self, key: u64) -> &Slot {
        let index = scale(key, self.slots.len());
        // The index is below `len` by construction and `resize` never leaves the table empty.
        &self.slots[index]
    }

    /// Asks the CPU to start loading the slot for `key`: the table is far larger than the caches, so a
    /// probe usually waits for memory, and issuing the load while the move is still being made hides
    /// much of that wait. A hint only; it changes no result.
    #[inline]
    pub(super) fn prefetch(&self, key: u64) {
        prefetch(self.slot(key));
    }

    /// The entry for `key`, read at `ply` plies from the root, if the table holds one.
    #[inline]
    pub(super) fn probe(&self, key: u64, ply: usize) -> Option<TtEntry> {
        let slot = self.slot(key);
        let data = slot.data.load(Ordering::Relaxed);
        let checked_key = slot.checked_key.load(Ordering::Relaxed);
        if checked_key ^ data != key {
            return None;
        }
        let bound = match bound_bits(data) {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => return None,
        };
        let eval = (data >> EVAL_SHIFT) as u16 as i16;
        Some(TtEntry {
            mv: (data & HAS_MOVE_BIT != 0).then_some(data as u16),
            score: from_tt((data >> SCORE_SHIFT) as u16 as i16 as i32, ply),
            eval: (eval != NO_EVAL).then_some(eval as i32),
            depth: ((data >> DEPTH_SHIFT) & 0xff) as i32,
            bound,
        })
    }

    /// Stores `entry` for `key`, found `ply` plies from the root. A different position's entry is always
    /// replaced (one slot per key: the newest result is the likeliest to be needed again). The same
    /// position's entry stays only if it is from the current search and clearly deeper than a new
    /// non-exact one; a store without a move keeps the move already known for the position.
    #[inline]
    pub(super) fn store(&self, key: u64, ply: usize, entry: TtEntry) {
        let slot = self.slot(key);
        let generation = self.generation.load(Ordering::Relaxed);
        let old_data = slot.data.load(Ordering::Relaxed);
        let old_key = slot.checked_key.load(Ordering::Relaxed) ^ old_data;
        let same_position = old_key == key && bound_bits(old_data) != 0;
        let old_depth = ((old_data >> DEPTH_SHIFT) & 0xff) as i32;
        let replace = !same_position
            || generation_of(old_data) != generation
            || entry.bound == Bound::Exact
            || entry.depth + TT_REPLACE_OFFSET >= old_depth;
        if !replace {
            return;
        }
        let mv = match entry.mv {
            Some(code) => Some(code),
            None if same_position && old_data & HAS_MOVE_BIT != 0 => Some(old_data as u16),
            None => None,
        };
        let bound: u64 = match entry.bound {
            Bound::Upper => 1,
            Bound::Lower => 2,
            Bound::Exact => 3,
        };
        // Scores are below ±32 000 and evaluations are clamped below the mate band, so both fit i16.
        let score = to_tt(entry.score, ply) as i16;
        let eval = entry.eval.map_or(NO_EVAL, |e| e as i16);
        let data = mv.map_or(0, |code| code as u64 | HAS_MOVE_BIT)
            | (score as u16 as u64) << SCORE_SHIFT
            | (eval as u16 as u64) << EVAL_SHIFT
            | (entry.depth.clamp(0, 255) as u64) << DEPTH_SHIFT
            | bound << BOUND_SHIFT
            | (generation as u64) << GENERATION_SHIFT;
        slot.checked_key.store(key ^ data, Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
    }
}

/// The number of slots in `mb` MiB.
fn slots_for(mb: usize) -> usize {
    mb.saturating_mul(1 << 20) / size_of::<Slot>()
}

/// `len` empty slots, or the allocation error. The memory is offered huge pages before it is first
/// written, so that the first writes already fault them in.
fn allocate(len: usize) -> Result<Vec<Slot>, TryReserveError> {
    let mut slots: Vec<Slot> = Vec::new();
    slots.try_reserve_exact(len)?;
    advise_huge_pages(slots.as_ptr().cast(), len * size_of::<Slot>());
    slots.resize_with(len, Slot::default);
    Ok(slots)
}

/// Asks Linux to back the `bytes` bytes from `start` with huge pages (2 MiB on x86_64) where whole
/// ones fit. Every probe lands on a random slot of a table far larger than what the CPU's address
/// translation cache covers in 4 KiB pages, so with small pages most probes and prefetches also wait
/// for a page-table walk. A hint only: where the kernel refuses (or keeps huge pages for `madvise`d
/// memory only, the common setting, without one to spare) the table works the same.
#[cfg(target_os = "linux")]
fn advise_huge_pages(start: *const u8, bytes: usize) {
    use std::ffi::{c_int, c_void};
    /// `MADV_HUGEPAGE` from Linux's `asm-generic/mman-common.h`, the same on every architecture.
    const MADV_HUGEPAGE: c_int = 14;
    /// `madvise` wants a page-aligned start; 4 KiB divides every Linux page size in use.
    const PAGE: usize = 4096;
    unsafe extern "C" {
        fn madvise(addr: *mut c_void, len: usize, advice: c_int) -> c_int;
    }
    let begin = (start as usize).next_multiple_of(PAGE);
    let end = (start as usize + bytes) & !(PAGE - 1);
    if end > begin {
        // SAFETY: the range lies inside an allocation this function's caller owns, and
        // `MADV_HUGEPAGE` changes only how the kernel backs it, never its contents. A failure (an
        // unaligned range on a larger page size, a kernel without THP) is a refused hint: ignored.
        unsafe { madvise(begin as *mut c_void, end - begin, MADV_HUGEPAGE) };
    }
}

/// Huge pages are a Linux hint here; elsewhere the table uses what the allocator gives.
#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_start: *const u8, _bytes: usize) {}

/// Empties `slots`.
fn clear_slots(slots: &[Slot]) {
    for slot in slots {
        slot.checked_key.store(0, Ordering::Relaxed);
        slot.data.store(0, Ordering::Relaxed);
    }
}

#[inline]
fn bound_bits(data: u64) -> u64 {
    (data >> BOUND_SHIFT) & 0b11
}

#[inline]
fn generation_of(data: u64) -> u8 {
    (data >> GENERATION_SHIFT) as u8 & GENERATION_MASK
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::{mate_in, mated_in};

    fn entry(mv: Option<u16>, score: i32, depth: i32, bound: Bound) -> TtEntry {
        TtEntry {
            mv,
            score,
            eval: None,
            depth,
            bound,
        }
    }

    #[test]
    fn slots_are_16_bytes() {
        assert_eq!(size_of::<Slot>(), 16);
        let table = TranspositionTable::new(1);
        assert_eq!(table.slots.len(), (1 << 20) / 16);
        assert_eq!(table.size_mb(), 1);
    }

    #[test]
    fn store_then_probe_round_trips() {
        let table = TranspositionTable::new(1);
        table.new_search();
        let key = 0x1234_5678_9abc_def0;
        let stored = TtEntry {
            mv: Some(0x7fff),
            score: -321,
            eval: Some(-42),
            depth: 9,
            bound: Bound::Lower,
        };
        table.store(key, 3, stored);
        assert_eq!(table.probe(key, 3), Some(stored));
        assert_eq!(table.probe(key ^ 1, 3), None);
    }

    #[test]
    fn key_zero_does_not_match_an_empty_slot() {
        let table = TranspositionTable::new(1);
        assert_eq!(table.probe(0, 0), None);
        table.store(0, 0, entry(None, 5, 1, Bound::Exact));
        assert_eq!(table.probe(0, 0).map(|e| e.score), Some(5));
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let table = TranspositionTable::new(1);
        let key = 77;
        // Found 4 plies deep: a win 10 plies from the root is a win 6 plies from the node.
        table.store(key, 4, entry(None, mate_in(10), 5, Bound::Exact));
        // Met again 2 plies deep, the same win is 8 plies from the root.
        assert_eq!(table.probe(key, 2).map(|e| e.score), Some(mate_in(8)));
        table.store(key, 1, entry(None, mated_in(5), 5, Bound::Exact));
        assert_eq!(table.probe(key, 3).map(|e| e.score), Some(mated_in(7)));
    }

    #[test]
    fn shallow_entries_do_not_replace_deep_ones_of_the_same_search() {
        let table = TranspositionTable::new(1);
        let key = 99;
        table.store(key, 0, entry(Some(1), 10, 12, Bound::Lower));
        table.store(key, 0, entry(Some(2), 20, 1, Bound::Upper));
        assert_eq!(table.probe(key, 0).map(|e| e.depth), Some(12));
        // A new search may overwrite it, and a store without a move keeps the known move.
        table.new_search();
        table.store(key, 0, entry(None, 30, 1, Bound::Upper));
        let found = table.probe(key, 0);
        assert_eq!(found.map(|e| (e.depth, e.mv)), Some((1, Some(1))));
    }

    #[test]
    fn hashfull_counts_the_current_search_and_clear_empties() {
        let mut table = TranspositionTable::new(1);
        table.new_search();
        assert_eq!(table.hashfull(), 0);
        // Keys spread over the table: the slot index is the high part of key · len.
        let len = table.slots.len() as u64;
        for i in 0..len / 2 {
            let key = (i * 2) * (u64::MAX / len) + 1;
            table.store(key, 0, entry(None, 0, 1, Bound::Exact));
        }
        let full = table.hashfull();
        assert!((450..=550).contains(&full), "hashfull {full}");
        table.new_search();
        assert_eq!(table.hashfull(), 0);
        table.clear();
        assert_eq!(table.probe(1, 0), None);
        assert!(table.resize(2).is_ok());
        assert_eq!(table.size_mb(), 2);
    }

    #[test]
    fn an_impossible_size_is_refused_and_the_table_keeps_working() {
        let mut table = TranspositionTable::new(2);
        assert!(table.resize(usize::MAX).is_err());
        assert_eq!(table.size_mb(), 2);
        table.store(5, 0, entry(Some(3), 7, 2, Bound::Exact));
        assert_eq!(table.probe(5, 0).and_then(|e| e.mv), Some(3));
    }
}
