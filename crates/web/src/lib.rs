//! `duel-web`, the engine for the browser: the protocol of [`duel_engine::protocol::Session`] over a
//! plain C ABI, for a Web Worker to drive with a small JS loader. The engine's state and what each
//! call does with it is [`Web`], plain Rust compiled for every target (so that the fuzz target
//! `fuzz/fuzz_targets/wasm_input.rs` drives it natively); the exported functions over it, in
//! `abi.rs`, exist only when built for `wasm32` (`scripts/site/build-web` builds it as a `cdylib`).
//!
//! Why not wasm-bindgen: its output needs the `wasm-bindgen` CLI at exactly the library's version to
//! generate the glue, one more tool to install and pin for users and CI, and the glue and its
//! imports make the site larger. Five exported functions over bytes in linear memory need none of
//! it; the loader is a few lines of `WebAssembly.instantiate`. The one import is the clock,
//! `env.duel_now_ms` (`performance.now()`, see `search::Instant`).
//!
//! The loop the loader runs: write a command line into the buffer of `duel_input_buffer`, call
//! `duel_input`; while `duel_step` returns 1, call it again after yielding to the event loop (a
//! `setTimeout(0)` or a `MessageChannel` message), which is when `stop` arrives; after each call read
//! the output lines from `duel_output_ptr` and `duel_output_len` and empty it with
//! `duel_output_clear`. `worker.js` sizes the slices so that one lasts at most about 25 ms, from how
//! long the last ones took.
//!
//! The page also needs the rules (`duel gui`'s server answers them, `docs/gui.md`): `duel_rules`
//! answers a `state`, `pgn`, `load_pgn` or `review` request written into the same input buffer with the
//! server's own code ([`duel_engine::page_service`]), its reply JSON at `duel_reply_ptr`. `worker.js`
//! is the Worker.

#[cfg(target_arch = "wasm32")]
mod abi;

use duel_engine::page_service::messages::{Reply, parse_request};
use duel_engine::page_service::rules;
use duel_engine::protocol::{Capture, Flow, Session};
use duel_rules::games::Duel;

/// The engine's state, as the Worker's one thread owns it: the protocol session, the lines it printed
/// and the loader has not read yet, and the last reply about the rules.
pub struct Web {
    session: Session,
    /// The lines printed and not yet read by the loader.
    output: Capture,
    /// The JSON of the last [`Web::rules`] reply.
    reply: String,
}

impl Default for Web {
    fn default() -> Self {
        Web::new()
    }
}

impl Web {
    /// A fresh engine playing Duel (`UCI_Variant` switches games), with nothing printed yet.
    pub fn new() -> Web {
        let output = Capture::default();
        Web {
            session: Session::new::<Duel>(output.clone()),
            output,
            reply: String::new(),
        }
    }

    /// [`Web::new`] with a transposition table of `hash_mb` MiB (at least 1) instead of the
    /// default, for a host that makes many short-lived engines.
    pub fn with_hash(hash_mb: usize) -> Web {
        let output = Capture::default();
        Web {
            session: Session::with_hash::<Duel>(output.clone(), hash_mb),
            output,
            reply: String::new(),
        }
    }

    /// Carries out one command line (UTF-8, without its line break; invalid bytes are read as
    /// U+FFFD). Returns false after `quit`, when nothing more is done.
    pub fn input(&mut self, line: &[u8]) -> bool {
        let line = String::from_utf8_lossy(line).into_owned();
        self.session.input(&line) == Flow::Continue
    }

    /// Runs the next slice, of at most `nodes` nodes, of the search under way. Returns true while
    /// the search still owes its answer, false once its `bestmove` is in the output (or when none
    /// runs).
    pub fn step(&mut self, nodes: u32) -> bool {
        self.session.step(u64::from(nodes))
    }

    /// Runs `f` on the output not yet read (lines, each ended by `\n`), which it may read or clear.
    pub fn with_output<R>(&self, f: impl FnOnce(&mut Vec<u8>) -> R) -> R {
        self.output.with_bytes(f)
    }

    /// Answers a request about the rules (JSON, as the page sends `duel gui`'s server: `state`,
    /// `pgn`, `load_pgn`, `review`; invalid UTF-8 read as U+FFFD) as the server does. Returns the reply's
    /// JSON, which [`Web::reply`] gives again until the next request.
    pub fn rules(&mut self, request: &[u8]) -> &str {
        let text = String::from_utf8_lossy(request);
        let reply = match parse_request(&text) {
            Ok(request) => rules::answer(request)
                .unwrap_or_else(|| Reply::error(None, "not a request about the rules")),
            Err(error) => error,
        };
        self.reply = reply.to_json();
        &self.reply
    }

    /// The JSON of the last [`Web::rules`] reply (empty before the first).
    pub fn reply(&self) -> &str {
        &self.reply
    }
}
