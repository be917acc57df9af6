//! `duel-web`, the engine for the browser: the protocol of [`duel_engine::protocol::Session`] over a
//! plain C ABI, for a Web Worker to drive with a small JS loader. It holds code only when built for
//! `wasm32` (`scripts/site/build-web` builds it as a `cdylib`); elsewhere the crate is empty.
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
//! answers a `state`, `pgn` or `load_pgn` request written into the same input buffer with the
//! server's own code ([`duel_engine::page_service`]), its reply JSON at `duel_reply_ptr`. `worker.js`
//! is the Worker.

#![cfg(target_arch = "wasm32")]

use duel_engine::page_service::messages::{Reply, parse_request};
use duel_engine::page_service::rules;
use duel_engine::protocol::{Capture, Flow, Session};
use duel_rules::games::Duel;
use std::cell::RefCell;

/// The engine's state: the Worker's one thread owns it.
struct Web {
    session: Session,
    input: Vec<u8>,
    /// The lines printed and not yet read by the loader.
    output: Capture,
    /// The JSON of the last [`duel_rules`] reply.
    reply: String,
}

thread_local! {
    static WEB: RefCell<Web> = RefCell::new({
        let output = Capture::default();
        Web {
            session: Session::new::<Duel>(output.clone()),
            input: Vec::new(),
            output,
            reply: String::new(),
        }
    });
}

/// A buffer of `len` bytes for the next command line, which the loader writes before
/// [`duel_input`]; valid until the next call.
#[unsafe(no_mangle)]
pub extern "C" fn duel_input_buffer(len: usize) -> *mut u8 {
    WEB.with_borrow_mut(|web| {
        web.input.clear();
        web.input.resize(len, 0);
        web.input.as_mut_ptr()
    })
}

/// Carries out the line in the input buffer (UTF-8, without its line break). Returns 0 after `quit`,
/// else 1.
#[unsafe(no_mangle)]
pub extern "C" fn duel_input() -> u32 {
    WEB.with_borrow_mut(|web| {
        let line = String::from_utf8_lossy(&web.input).into_owned();
        u32::from(web.session.input(&line) == Flow::Continue)
    })
}

/// Runs the next slice, of at most `nodes` nodes, of the search under way. Returns 1 while the search
/// still owes its answer, 0 once its `bestmove` is in the output (or when none runs).
#[unsafe(no_mangle)]
pub extern "C" fn duel_step(nodes: u32) -> u32 {
    WEB.with_borrow_mut(|web| u32::from(web.session.step(u64::from(nodes))))
}

/// Where the output not yet read starts: lines, each ended by `\n`.
#[unsafe(no_mangle)]
pub extern "C" fn duel_output_ptr() -> *const u8 {
    WEB.with_borrow(|web| web.output.with_bytes(|bytes| bytes.as_ptr()))
}

/// How many bytes of output there are to read.
#[unsafe(no_mangle)]
pub extern "C" fn duel_output_len() -> usize {
    WEB.with_borrow(|web| web.output.with_bytes(|bytes| bytes.len()))
}

/// Empties the output, once read.
#[unsafe(no_mangle)]
pub extern "C" fn duel_output_clear() {
    WEB.with_borrow(|web| web.output.with_bytes(Vec::clear));
}

/// Answers the request about the rules in the input buffer (JSON, as the page sends `duel gui`'s
/// server: `state`, `pgn`, `load_pgn`) as the server does. Returns the length of the reply's JSON,
/// which starts at [`duel_reply_ptr`] and stays until the next call.
#[unsafe(no_mangle)]
pub extern "C" fn duel_rules() -> usize {
    WEB.with_borrow_mut(|web| {
        let text = String::from_utf8_lossy(&web.input);
        let reply = match parse_request(&text) {
            Ok(request) => rules::answer(request)
                .unwrap_or_else(|| Reply::error(None, "not a request about the rules")),
            Err(error) => error,
        };
        web.reply = reply.to_json();
        web.reply.len()
    })
}

/// Where the JSON of the last [`duel_rules`] reply starts.
#[unsafe(no_mangle)]
pub extern "C" fn duel_reply_ptr() -> *const u8 {
    WEB.with_borrow(|web| web.reply.as_ptr())
}
