//! The net's two hot loops, in explicit SIMD, the way Stockfish's `nnue/` does them: the fused
//! accumulator update ([`Kernels::update`]: a parent's values, minus some rows, plus others, in one
//! pass over the lanes) and one perspective's share of the output ([`Kernels::output`]: the
//! accumulator clipped to `0..=QA`, times the output weights, summed in `i32`).
//!
//! Paths: AVX2 on x86-64 where the CPU has it, chosen at run time, else SSE2 (every x86-64 has it);
//! `simd128` on wasm32 when built with it (`scripts/site/build-web` does); the scalar loops
//! everywhere else. Every path gives the same numbers bit for bit: the `i16` lanes wrap as the
//! scalar `wrapping_add`/`wrapping_sub` do, and the output is a sum of the same `i32` products, in
//! another order but wrapping too, so equal (integer addition is associative). A hidden size that
//! is not a multiple of the vector width ends in the scalar loop (its tail).

pub(super) mod scalar;

/// The vector kernels, written once over a path's operations, which the path defines in scope
/// before invoking this: `WIDTH` (`i16` lanes a vector holds), `TILE` (vectors an update keeps in
/// registers at once: 4, so Alice's 64 neurons are one AVX2 tile), `V` (the vector), `load`/`store`
/// (unaligned, of `WIDTH` `i16`s), `add16`/`sub16` (wrapping, per `i16` lane), `clip` (to `0..=QA`),
/// `dot` (pairwise `i16` products summed into `i32` lanes), `add32` (wrapping, per `i32` lane),
/// `zero32` and `sum32` (the lanes' wrapping sum). `$feature` enables the path's instructions.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
macro_rules! vector_kernels {
    ($(#[$feature:meta])*) => {
        /// [`super::Kernels::update`] on this path: tiles of [`TILE`] vectors while they fit,
        /// then single vectors, then the scalar tail.
        ///
        /// # Safety
        /// The CPU has the path's instructions; `parent` and `out` are `hidden` long and each
        /// feature's row, `hidden` `i16`s from `feature × hidden`, lies in `weights`.
        $(#[$feature])*
        pub unsafe fn update(
            out: &mut [i16],
            parent: &[i16],
            weights: &[i16],
            removed: &[u16],
            added: &[u16],
        ) {
            let hidden = out.len();
            let mut lane = 0;
            while lane + TILE * WIDTH <= hidden {
                // SAFETY: the tile's lanes are within `hidden`, and the rest is the caller's promise.
                unsafe { update_tile::<TILE>(lane, out, parent, weights, removed, added) };
                lane += TILE * WIDTH;
            }
            while lane + WIDTH <= hidden {
                // SAFETY: as above, for one vector.
                unsafe { update_tile::<1>(lane, out, parent, weights, removed, added) };
                lane += WIDTH;
            }
            // Only where a tail is left: the nets' sizes are multiples of a vector, and the tail's
            // slicing, even of nothing, costs more than a short update's vectors.
            if lane < hidden {
                crate::search::nnue::simd::scalar::update_from(lane, out, parent, weights, removed, added);
            }
        }

        /// Lanes `lane..lane + N × WIDTH` of the update, held in `N` registers while every row
        /// is applied: independent sums, and each row read in one contiguous run.
        ///
        /// # Safety
        /// As [`update`]'s, and `lane + N × WIDTH <= hidden`.
        $(#[$feature])*
        #[inline]
        unsafe fn update_tile<const N: usize>(
            lane: usize,
            out: &mut [i16],
            parent: &[i16],
            weights: &[i16],
            removed: &[u16],
            added: &[u16],
        ) {
            let hidden = out.len();
            let row = |feature: u16| weights.as_ptr().wrapping_add(usize::from(feature) * hidden + lane);
            let mut values = [zero32(); N];
            // SAFETY: `lane + N × WIDTH <= hidden`, and every row is `hidden` long (the caller's
            // promise), so each load and store stays inside its slice.
            unsafe {
                for (i, value) in values.iter_mut().enumerate() {
                    *value = load(parent.as_ptr().add(lane + i * WIDTH));
                }
                for &feature in removed {
                    for (i, value) in values.iter_mut().enumerate() {
                        *value = sub16(*value, load(row(feature).add(i * WIDTH)));
                    }
                }
                for &feature in added {
                    for (i, value) in values.iter_mut().enumerate() {
                        *value = add16(*value, load(row(feature).add(i * WIDTH)));
                    }
                }
                for (i, value) in values.iter().enumerate() {
                    store(out.as_mut_ptr().add(lane + i * WIDTH), *value);
                }
            }
        }

        /// [`super::Kernels::output`] on this path.
        ///
        /// # Safety
        /// The CPU has the path's instructions, and `accumulator` and `weights` are equally long.
        $(#[$feature])*
        pub unsafe fn output(accumulator: &[i16], weights: &[i16]) -> i32 {
            let vectors = accumulator.len() / WIDTH * WIDTH;
            let mut sum = zero32();
            for lane in (0..vectors).step_by(WIDTH) {
                // SAFETY: `lane + WIDTH` is within both slices, equally long (the caller's promise).
                let (value, weight) = unsafe {
                    (load(accumulator.as_ptr().add(lane)), load(weights.as_ptr().add(lane)))
                };
                sum = add32(sum, dot(clip(value), weight));
            }
            let tail = if vectors < accumulator.len() {
                crate::search::nnue::simd::scalar::output_from(vectors, accumulator, weights)
            } else {
                0
            };
            sum32(sum).wrapping_add(tail)
        }
    };
}

#[cfg(target_arch = "x86_64")]
mod x86;

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod wasm;

/// Which instructions run the hot loops: the best the machine has ([`Kernels::best`]), or any other
/// it has, for the tests that compare them. Only those two make one, so a path the CPU lacks is
/// never run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kernels(Path);

/// The paths built for this target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Path {
    /// Plain loops (the reference).
    Scalar,
    /// 128-bit vectors, on every x86-64.
    #[cfg(target_arch = "x86_64")]
    Sse2,
    /// 256-bit vectors, on x86-64 CPUs that have AVX2.
    #[cfg(target_arch = "x86_64")]
    Avx2,
    /// wasm's 128-bit vectors, in a build with `simd128`.
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    Simd128,
}

impl Kernels {
    /// Every path this machine can run: the scalar loops first, the best last.
    pub fn available() -> Vec<Kernels> {
        let built = [
            Path::Scalar,
            #[cfg(target_arch = "x86_64")]
            Path::Sse2,
            #[cfg(target_arch = "x86_64")]
            Path::Avx2,
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            Path::Simd128,
        ];
        built
            .into_iter()
            .filter(|path| path.runs_here())
            .map(Kernels)
            .collect()
    }

    /// The plain loops, the reference the tests compare the others with.
    #[cfg(test)]
    pub fn scalar() -> Kernels {
        Kernels(Path::Scalar)
    }

    /// The fastest path this machine can run.
    pub fn best() -> Kernels {
        *Kernels::available()
            .last()
            .expect("the scalar path is always there")
    }

    /// Sets `out` to `parent` minus the rows of `removed` plus those of `added`, in one pass: the
    /// rows are `out.len()` long, feature `f`'s from `f × out.len()` in `weights`. `parent` may be
    /// the biases, `removed` empty and `added` all of a position's features: a refresh.
    ///
    /// # Panics
    /// If `parent` is not as long as `out`, or a feature's row lies outside `weights`.
    #[inline]
    pub fn update(
        self,
        out: &mut [i16],
        parent: &[i16],
        weights: &[i16],
        removed: &[u16],
        added: &[u16],
    ) {
        let hidden = out.len();
        assert_eq!(
            parent.len(),
            hidden,
            "the parent's accumulator is another size"
        );
        // A multiplication a feature, not a division a call: the rows are counted only to panic.
        let within = |features: &[u16]| {
            features
                .iter()
                .all(|&f| (usize::from(f) + 1) * hidden <= weights.len())
        };
        assert!(
            within(removed) && within(added),
            "a feature beyond the net's {}",
            weights.len() / hidden.max(1)
        );
        match self.0 {
            Path::Scalar => scalar::update_from(0, out, parent, weights, removed, added),
            // SAFETY: SSE2 is part of x86-64, and the sizes were checked above.
            #[cfg(target_arch = "x86_64")]
            Path::Sse2 => unsafe { x86::sse2::update(out, parent, weights, removed, added) },
            // SAFETY: `Avx2` is only chosen where the CPU has it (`Kernels::available`), and the sizes
            // were checked above.
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 => unsafe { x86::avx2::update(out, parent, weights, removed, added) },
            // SAFETY: the build targets `simd128`, and the sizes were checked above.
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            Path::Simd128 => unsafe { wasm::update(out, parent, weights, removed, added) },
        }
    }

    /// One perspective's share of the output: `accumulator` clipped to `0..=QA`, times `weights`,
    /// summed (wrapping) in `i32`.
    ///
    /// # Panics
    /// If the two are not equally long.
    #[inline]
    pub fn output(self, accumulator: &[i16], weights: &[i16]) -> i32 {
        assert_eq!(
            accumulator.len(),
            weights.len(),
            "the accumulator and its weights differ in size"
        );
        match self.0 {
            Path::Scalar => scalar::output_from(0, accumulator, weights),
            // SAFETY: SSE2 is part of x86-64, and the sizes were checked above.
            #[cfg(target_arch = "x86_64")]
            Path::Sse2 => unsafe { x86::sse2::output(accumulator, weights) },
            // SAFETY: `Avx2` is only chosen where the CPU has it, and the sizes were checked above.
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 => unsafe { x86::avx2::output(accumulator, weights) },
            // SAFETY: the build targets `simd128`, and the sizes were checked above.
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            Path::Simd128 => unsafe { wasm::output(accumulator, weights) },
        }
    }
}

impl Path {
    /// Whether this machine has the path's instructions.
    fn runs_here(self) -> bool {
        match self {
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 => std::arch::is_x86_feature_detected!("avx2"),
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests;
