//! A small seeded pseudo-random generator (SplitMix64) for reproducible random play, openings, tests
//! and the games' Zobrist keys (it runs in `const` contexts). Not for cryptography.

/// SplitMix64: passes BigCrush, one `u64` of state, identical sequences for identical seeds.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator whose sequence is fixed by `seed`.
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub const fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (bound > 0), by [`scale`], which is unbiased enough for play.
    pub fn below(&mut self, bound: usize) -> usize {
        scale(self.next_u64(), bound)
    }

    /// A random element of `items`, or `None` if it is empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            items.get(self.below(items.len()))
        }
    }
}

/// `bits` mapped onto `0..len`: the high word of the product `bits · len`, which spreads random bits
/// or hash keys evenly over any length without a division (Lemire's multiply-shift reduction).
#[inline]
pub fn scale(bits: u64, len: usize) -> usize {
    #[cfg(not(target_arch = "wasm32"))]
    return scale_wide(bits, len);
    // wasm32 has no 64 × 64 → 128-bit multiply (LLVM calls a library routine for one); its `usize`
    // has 32 bits, so two 64-bit products give the same high word.
    #[cfg(target_arch = "wasm32")]
    return scale_split(bits, len as u32);
}

/// [`scale`] by one 128-bit product.
#[inline]
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
fn scale_wide(bits: u64, len: usize) -> usize {
    ((u128::from(bits) * len as u128) >> 64) as usize
}

/// [`scale`] for a length below 2³², by two 64-bit products: the high word of `bits · len` is that of
/// `high · len · 2³² + low · len`, where neither product nor their sum (the second shifted down)
/// overflows.
#[inline]
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn scale_split(bits: u64, len: u32) -> usize {
    let len = u64::from(len);
    (((bits >> 32) * len + (((bits & 0xffff_ffff) * len) >> 32)) >> 32) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scale_by_two_products_equals_the_128_bit_one() {
        let mut rng = Rng::new(11);
        let edges = [0, 1, u64::MAX, u64::MAX - 1, 1 << 32, (1 << 32) - 1];
        for len in [1, 2, 3, 1000, 1 << 20, u32::MAX - 1, u32::MAX] {
            for bits in edges.into_iter().chain((0..1000).map(|_| rng.next_u64())) {
                let scaled = scale_split(bits, len);
                assert_eq!(scaled, scale_wide(bits, len as usize), "{bits} onto {len}");
                assert!(scaled < len as usize);
            }
        }
    }

    #[test]
    fn same_seed_same_sequence_and_bounds_hold() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        let mut seen = [false; 5];
        for _ in 0..1000 {
            seen[a.below(5)] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }
}
