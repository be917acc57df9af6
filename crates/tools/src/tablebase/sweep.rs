//! Work over a table's indices on several threads: each takes the next chunk until none is left.

/// Indices a thread takes at a time, in [`sweep`] and in the builder's chunks.
pub const CHUNK: usize = 4096;

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Calls `keep` on every index `index_of(0..count)` gives, on `threads` threads, and returns the
/// indices for which it returned true (in no particular order).
pub fn sweep(
    count: usize,
    index_of: impl Fn(usize) -> u64 + Sync,
    threads: usize,
    keep: impl Fn(u64) -> bool + Sync,
) -> Vec<u64> {
    let next = AtomicUsize::new(0);
    let kept = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let mut mine = Vec::new();
                loop {
                    let start = next.fetch_add(CHUNK, Ordering::Relaxed);
                    if start >= count {
                        break;
                    }
                    for at in start..(start + CHUNK).min(count) {
                        let index = index_of(at);
                        if keep(index) {
                            mine.push(index);
                        }
                    }
                }
                kept.lock()
                    .expect("no thread panics holding it")
                    .extend(mine);
            });
        }
    });
    kept.into_inner().expect("no thread panicked holding it")
}

/// Calls `work` on every item of `0..count` on `threads` threads, each taking the next item until
/// none is left.
pub fn parallel_for(count: usize, threads: usize, work: impl Fn(usize) + Sync) {
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let item = next.fetch_add(1, Ordering::Relaxed);
                    if item >= count {
                        break;
                    }
                    work(item);
                }
            });
        }
    });
}
