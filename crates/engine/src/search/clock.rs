//! The clock the search, the engine and the protocol read: [`Instant`].
//!
//! On every native target it is `std::time::Instant` itself (a re-export: nothing in between). On
//! `wasm32-unknown-unknown`, where std's clock panics, it counts from the page's time origin through
//! one imported function, `env.duel_now_ms`, that the JS loader provides as `performance.now()`. A
//! crate such as `web-time` would need wasm-bindgen's generated glue, which this build does without
//! (see the `duel-web` crate).

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use browser::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod browser {
    use std::ops::{Add, AddAssign, Sub};
    use std::time::Duration;

    #[link(wasm_import_module = "env")]
    unsafe extern "C" {
        /// Milliseconds since the page's (or the Worker's) time origin: `performance.now()`.
        fn duel_now_ms() -> f64;
    }

    /// A moment as the time since the page's time origin; the subset of `std::time::Instant` used here.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub struct Instant(Duration);

    impl Instant {
        /// Now, by the browser's monotonic clock.
        pub fn now() -> Self {
            // SAFETY: an import without arguments that returns a number; the loader supplies it.
            let ms = unsafe { duel_now_ms() };
            Instant(Duration::from_secs_f64(ms.max(0.0) / 1000.0))
        }

        /// The time from `earlier` to `self`, zero if `earlier` is later.
        pub fn saturating_duration_since(&self, earlier: Instant) -> Duration {
            self.0.saturating_sub(earlier.0)
        }

        /// The time from `earlier` to `self`, zero if `earlier` is later.
        pub fn duration_since(&self, earlier: Instant) -> Duration {
            self.saturating_duration_since(earlier)
        }

        /// The time since `self`.
        pub fn elapsed(&self) -> Duration {
            Instant::now().saturating_duration_since(*self)
        }

        /// `self + duration`, `None` on overflow.
        pub fn checked_add(&self, duration: Duration) -> Option<Instant> {
            self.0.checked_add(duration).map(Instant)
        }
    }

    impl Add<Duration> for Instant {
        type Output = Instant;
        fn add(self, duration: Duration) -> Instant {
            Instant(self.0 + duration)
        }
    }

    impl AddAssign<Duration> for Instant {
        fn add_assign(&mut self, duration: Duration) {
            self.0 += duration;
        }
    }

    impl Sub<Instant> for Instant {
        type Output = Duration;
        fn sub(self, earlier: Instant) -> Duration {
            self.saturating_duration_since(earlier)
        }
    }
}
