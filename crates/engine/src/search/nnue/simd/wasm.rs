//! The wasm32 path: `simd128`'s 128-bit vectors, compiled in where the build enables them (wasm
//! has no run-time detection; every current browser runs them). Defines the operations
//! [`vector_kernels`] is written over, then invokes it.

use crate::search::nnue::limits::QA;
use std::arch::wasm32::*;

const WIDTH: usize = 8;
const TILE: usize = 4;
type V = v128;

/// # Safety
/// `at` is followed by [`WIDTH`] readable `i16`s.
#[inline]
#[target_feature(enable = "simd128")]
unsafe fn load(at: *const i16) -> V {
    // SAFETY: the caller's promise; wasm loads need no alignment.
    unsafe { v128_load(at.cast()) }
}
/// # Safety
/// `at` is followed by [`WIDTH`] writable `i16`s.
#[inline]
#[target_feature(enable = "simd128")]
unsafe fn store(at: *mut i16, value: V) {
    // SAFETY: the caller's promise; wasm stores need no alignment.
    unsafe { v128_store(at.cast(), value) }
}
#[inline]
#[target_feature(enable = "simd128")]
fn add16(a: V, b: V) -> V {
    i16x8_add(a, b)
}
#[inline]
#[target_feature(enable = "simd128")]
fn sub16(a: V, b: V) -> V {
    i16x8_sub(a, b)
}
#[inline]
#[target_feature(enable = "simd128")]
fn clip(a: V) -> V {
    i16x8_min(i16x8_max(a, i16x8_splat(0)), i16x8_splat(QA as i16))
}
#[inline]
#[target_feature(enable = "simd128")]
fn dot(a: V, b: V) -> V {
    i32x4_dot_i16x8(a, b)
}
#[inline]
#[target_feature(enable = "simd128")]
fn add32(a: V, b: V) -> V {
    i32x4_add(a, b)
}
#[inline]
#[target_feature(enable = "simd128")]
fn zero32() -> V {
    i32x4_splat(0)
}
#[inline]
#[target_feature(enable = "simd128")]
fn sum32(a: V) -> i32 {
    (i32x4_extract_lane::<0>(a).wrapping_add(i32x4_extract_lane::<1>(a)))
        .wrapping_add(i32x4_extract_lane::<2>(a).wrapping_add(i32x4_extract_lane::<3>(a)))
}

vector_kernels!(#[target_feature(enable = "simd128")]);
