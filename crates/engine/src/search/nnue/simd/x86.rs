//! The x86-64 paths: SSE2 (16-byte vectors, every x86-64) and AVX2 (32-byte, chosen at run time).
//! Each defines the operations [`vector_kernels`] is written over, then invokes it.

/// 128-bit vectors: SSE2, part of x86-64 itself.
pub mod sse2 {
    use crate::search::nnue::limits::QA;
    use std::arch::x86_64::*;

    const WIDTH: usize = 8;
    const TILE: usize = 4;
    type V = __m128i;

    /// # Safety
    /// `at` is followed by [`WIDTH`] readable `i16`s.
    #[inline]
    #[target_feature(enable = "sse2")]
    unsafe fn load(at: *const i16) -> V {
        // SAFETY: the caller's promise; the load is unaligned.
        unsafe { _mm_loadu_si128(at.cast()) }
    }
    /// # Safety
    /// `at` is followed by [`WIDTH`] writable `i16`s.
    #[inline]
    #[target_feature(enable = "sse2")]
    unsafe fn store(at: *mut i16, value: V) {
        // SAFETY: the caller's promise; the store is unaligned.
        unsafe { _mm_storeu_si128(at.cast(), value) }
    }
    #[inline]
    #[target_feature(enable = "sse2")]
    fn add16(a: V, b: V) -> V {
        _mm_add_epi16(a, b)
    }
    #[inline]
    #[target_feature(enable = "sse2")]
    fn sub16(a: V, b: V) -> V {
        _mm_sub_epi16(a, b)
    }
    #[inline]
    #[target_feature(enable = "sse2")]
    fn clip(a: V) -> V {
        _mm_min_epi16(
            _mm_max_epi16(a, _mm_setzero_si128()),
            _mm_set1_epi16(QA as i16),
        )
    }
    #[inline]
    #[target_feature(enable = "sse2")]
    fn dot(a: V, b: V) -> V {
        _mm_madd_epi16(a, b)
    }
    #[inline]
    #[target_feature(enable = "sse2")]
    fn add32(a: V, b: V) -> V {
        _mm_add_epi32(a, b)
    }
    #[inline]
    #[target_feature(enable = "sse2")]
    fn zero32() -> V {
        _mm_setzero_si128()
    }
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(super) fn sum32(a: V) -> i32 {
        let a = _mm_add_epi32(a, _mm_shuffle_epi32::<0b01_00_11_10>(a));
        let a = _mm_add_epi32(a, _mm_shuffle_epi32::<0b10_11_00_01>(a));
        _mm_cvtsi128_si32(a)
    }

    vector_kernels!(#[target_feature(enable = "sse2")]);
}

/// 256-bit vectors: AVX2, where the CPU has it.
pub mod avx2 {
    use crate::search::nnue::limits::QA;
    use std::arch::x86_64::*;

    const WIDTH: usize = 16;
    const TILE: usize = 4;
    type V = __m256i;

    /// # Safety
    /// `at` is followed by [`WIDTH`] readable `i16`s.
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn load(at: *const i16) -> V {
        // SAFETY: the caller's promise; the load is unaligned.
        unsafe { _mm256_loadu_si256(at.cast()) }
    }
    /// # Safety
    /// `at` is followed by [`WIDTH`] writable `i16`s.
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn store(at: *mut i16, value: V) {
        // SAFETY: the caller's promise; the store is unaligned.
        unsafe { _mm256_storeu_si256(at.cast(), value) }
    }
    #[inline]
    #[target_feature(enable = "avx2")]
    fn add16(a: V, b: V) -> V {
        _mm256_add_epi16(a, b)
    }
    #[inline]
    #[target_feature(enable = "avx2")]
    fn sub16(a: V, b: V) -> V {
        _mm256_sub_epi16(a, b)
    }
    #[inline]
    #[target_feature(enable = "avx2")]
    fn clip(a: V) -> V {
        _mm256_min_epi16(
            _mm256_max_epi16(a, _mm256_setzero_si256()),
            _mm256_set1_epi16(QA as i16),
        )
    }
    #[inline]
    #[target_feature(enable = "avx2")]
    fn dot(a: V, b: V) -> V {
        _mm256_madd_epi16(a, b)
    }
    #[inline]
    #[target_feature(enable = "avx2")]
    fn add32(a: V, b: V) -> V {
        _mm256_add_epi32(a, b)
    }
    #[inline]
    #[target_feature(enable = "avx2")]
    fn zero32() -> V {
        _mm256_setzero_si256()
    }
    #[inline]
    #[target_feature(enable = "avx2")]
    fn sum32(a: V) -> i32 {
        let half = _mm_add_epi32(_mm256_castsi256_si128(a), _mm256_extracti128_si256::<1>(a));
        super::sse2::sum32(half)
    }

    vector_kernels!(#[target_feature(enable = "avx2")]);
}
