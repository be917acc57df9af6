//! The page in a real browser, a scenario a file, each a person's path through the page: playing
//! every game (`play`), coming back to a game after a reload and playing a move in its past
//! (`come_back`), stopping the engine's search (`stop`), playing against a lower level (`level`),
//! losing on time (`clock`), reading the engine's chances in the bar and the graph (`chances`) and
//! reviewing a game for its blunders (`review`). Headless Chromium is driven through chromedriver
//! (the distribution's `chromium` and `chromium-driver`; `.ci/run` installs them) by the
//! [`harness`](crate::harness).
//! Screenshots go to `target/`.
//!
//! Each test runs twice: against `duel gui`'s server and against the static site (`Backend`), but
//! for the clock's, which runs against the server.
//!
//! Without Chromium or chromedriver the test says why and passes: CI installs them.

mod chances;
mod clock;
mod come_back;
mod level;
mod play;
mod review;
mod stop;
