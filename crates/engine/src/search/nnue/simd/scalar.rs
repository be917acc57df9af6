//! The scalar loops: the reference every vector path must equal, and each one's tail (the lanes
//! after its last whole vector).

use crate::search::nnue::limits::QA;

/// Lanes `from..` of the fused update (see [`super::Kernels::update`]).
#[inline]
pub fn update_from(
    from: usize,
    out: &mut [i16],
    parent: &[i16],
    weights: &[i16],
    removed: &[u16],
    added: &[u16],
) {
    let hidden = out.len();
    let row = |feature: u16| &weights[usize::from(feature) * hidden..][..hidden];
    out[from..].copy_from_slice(&parent[from..]);
    for &feature in removed {
        for (value, weight) in out[from..].iter_mut().zip(&row(feature)[from..]) {
            *value = value.wrapping_sub(*weight);
        }
    }
    for &feature in added {
        for (value, weight) in out[from..].iter_mut().zip(&row(feature)[from..]) {
            *value = value.wrapping_add(*weight);
        }
    }
}

/// Lanes `from..` of one perspective's output (see [`super::Kernels::output`]).
#[inline]
pub fn output_from(from: usize, accumulator: &[i16], weights: &[i16]) -> i32 {
    accumulator[from..]
        .iter()
        .zip(&weights[from..])
        .map(|(&a, &w)| i32::from(a.clamp(0, QA as i16)) * i32::from(w))
        .fold(0, i32::wrapping_add)
}
