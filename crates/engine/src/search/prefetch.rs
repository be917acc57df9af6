//! Prefetching: asking the CPU to start loading a table entry that the search will read shortly, so
//! that the load overlaps the work in between instead of stalling the read.

/// Starts loading the cache line that holds `item`. A hint only: it changes no result.
#[inline]
pub(super) fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        let address: *const T = item;
        // SAFETY: a prefetch never faults and reads nothing the program sees; the pointer comes from
        // a live reference anyway. SSE, which provides it, is part of every x86_64 CPU.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(address.cast::<i8>()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}
