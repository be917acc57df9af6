//! Every path this machine runs equals the scalar loops, bit for bit, on random values with the
//! edges mixed in (the `i16` extremes, which wrap, and the clipped ReLU's bounds), for hidden sizes
//! that are and are not a multiple of each vector width.

use super::Kernels;
#[cfg(target_arch = "x86_64")]
use super::Path;
use crate::search::nnue::limits::QA;
use duel_rules::game::Rng;

/// Sizes around each width (8 and 16 lanes) and tile (32 and 64), and the nets' own (64 and 256).
const SIZES: [usize; 13] = [1, 7, 8, 9, 15, 16, 17, 31, 40, 64, 83, 100, 256];

/// `count` random `i16`s, one in three an edge value.
fn values(rng: &mut Rng, count: usize) -> Vec<i16> {
    const EDGES: [i16; 10] = [
        i16::MIN,
        i16::MIN + 1,
        -256,
        -1,
        0,
        1,
        254,
        255,
        256,
        i16::MAX,
    ];
    (0..count)
        .map(|_| match rng.below(3) {
            0 => EDGES[rng.below(EDGES.len())],
            _ => rng.next_u64() as i16,
        })
        .collect()
}

/// Up to six random features below `features`, repeats allowed.
fn some_features(rng: &mut Rng, features: usize) -> Vec<u16> {
    (0..rng.below(7))
        .map(|_| rng.below(features) as u16)
        .collect()
}

#[test]
fn a_vector_path_is_there_to_compare_where_the_target_has_one() {
    let paths = Kernels::available();
    assert_eq!(paths[0], Kernels::scalar());
    #[cfg(target_arch = "x86_64")]
    assert!(paths.contains(&Kernels(Path::Sse2)), "{paths:?}");
    assert_eq!(Kernels::best(), *paths.last().expect("scalar at least"));
}

#[test]
fn every_path_updates_as_the_lanes_wrapping_sums() {
    let mut rng = Rng::new(40);
    let features = 12;
    for hidden in SIZES {
        let weights = values(&mut rng, features * hidden);
        for _ in 0..40 {
            let parent = values(&mut rng, hidden);
            let removed = some_features(&mut rng, features);
            let added = some_features(&mut rng, features);
            let lane = |i: usize| {
                let row = |f: u16| weights[usize::from(f) * hidden + i];
                let value = removed
                    .iter()
                    .fold(parent[i], |v, &f| v.wrapping_sub(row(f)));
                added.iter().fold(value, |v, &f| v.wrapping_add(row(f)))
            };
            let expected: Vec<i16> = (0..hidden).map(lane).collect();
            for kernels in Kernels::available() {
                let mut out = values(&mut rng, hidden);
                kernels.update(&mut out, &parent, &weights, &removed, &added);
                assert_eq!(out, expected, "{kernels:?}, hidden {hidden}");
            }
        }
    }
}

#[test]
fn every_path_outputs_the_clipped_products_wrapping_sum() {
    let mut rng = Rng::new(41);
    for hidden in SIZES {
        for _ in 0..40 {
            let (accumulator, weights) = (values(&mut rng, hidden), values(&mut rng, hidden));
            let expected = accumulator
                .iter()
                .zip(&weights)
                .map(|(&a, &w)| i32::from(a.clamp(0, QA as i16)) * i32::from(w))
                .fold(0i32, i32::wrapping_add);
            for kernels in Kernels::available() {
                let found = kernels.output(&accumulator, &weights);
                assert_eq!(found, expected, "{kernels:?}, hidden {hidden}");
            }
        }
    }
}

#[test]
#[should_panic(expected = "a feature beyond the net's 3")]
fn a_feature_beyond_the_weights_is_refused_on_every_path() {
    let (weights, parent) = (vec![1; 3 * 16], vec![0; 16]);
    for kernels in Kernels::available() {
        kernels.update(&mut [0; 16], &parent, &weights, &[], &[3]);
    }
}
