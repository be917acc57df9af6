//! The C ABI the Worker's loader calls (built for `wasm32` only): the exported functions over the
//! one [`Web`] of the Worker's thread, and the input buffer the loader writes each command line or
//! request into before the call that reads it.

use crate::Web;
use std::cell::RefCell;

/// The Worker's engine and the input buffer of its next call.
struct Abi {
    web: Web,
    input: Vec<u8>,
}

thread_local! {
    static WEB: RefCell<Abi> = RefCell::new(Abi {
        web: Web::new(),
        input: Vec::new(),
    });
}

/// A buffer of `len` bytes for the next command line, which the loader writes before
/// [`duel_input`]; valid until the next call.
#[unsafe(no_mangle)]
pub extern "C" fn duel_input_buffer(len: usize) -> *mut u8 {
    WEB.with_borrow_mut(|abi| {
        abi.input.clear();
        abi.input.resize(len, 0);
        abi.input.as_mut_ptr()
    })
}

/// Carries out the line in the input buffer (UTF-8, without its line break). Returns 0 after `quit`,
/// else 1.
#[unsafe(no_mangle)]
pub extern "C" fn duel_input() -> u32 {
    WEB.with_borrow_mut(|abi| u32::from(abi.web.input(&abi.input)))
}

/// Runs the next slice, of at most `nodes` nodes, of the search under way. Returns 1 while the search
/// still owes its answer, 0 once its `bestmove` is in the output (or when none runs).
#[unsafe(no_mangle)]
pub extern "C" fn duel_step(nodes: u32) -> u32 {
    WEB.with_borrow_mut(|abi| u32::from(abi.web.step(nodes)))
}

/// Where the output not yet read starts: lines, each ended by `\n`.
#[unsafe(no_mangle)]
pub extern "C" fn duel_output_ptr() -> *const u8 {
    WEB.with_borrow(|abi| abi.web.with_output(|bytes| bytes.as_ptr()))
}

/// How many bytes of output there are to read.
#[unsafe(no_mangle)]
pub extern "C" fn duel_output_len() -> usize {
    WEB.with_borrow(|abi| abi.web.with_output(|bytes| bytes.len()))
}

/// Empties the output, once read.
#[unsafe(no_mangle)]
pub extern "C" fn duel_output_clear() {
    WEB.with_borrow(|abi| abi.web.with_output(Vec::clear));
}

/// Answers the request about the rules in the input buffer (JSON, as the page sends `duel gui`'s
/// server: `state`, `pgn`, `load_pgn`) as the server does. Returns the length of the reply's JSON,
/// which starts at [`duel_reply_ptr`] and stays until the next call.
#[unsafe(no_mangle)]
pub extern "C" fn duel_rules() -> usize {
    WEB.with_borrow_mut(|abi| abi.web.rules(&abi.input).len())
}

/// Where the JSON of the last [`duel_rules`] reply starts.
#[unsafe(no_mangle)]
pub extern "C" fn duel_reply_ptr() -> *const u8 {
    WEB.with_borrow(|abi| abi.web.reply().as_ptr())
}
