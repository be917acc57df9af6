// The engine in a Web Worker: duel.wasm (crates/web/src/lib.rs) driven over postMessage, as
// .ci/wasm-smoke.mjs drives it under node. The page posts protocol lines (strings), or `{ rules }`,
// a request about the rules as the page sends duel gui's server, answered `{ reply }` (duel_rules);
// the worker posts `{ line }` for each line the engine writes, and `{ status: 'ready' }` once loaded (or
// `{ status: 'failed', message }`). Lines posted before that wait their turn. A search runs in slices
// with a setTimeout(0) between them: that yield is when `stop` arrives. A slice's node budget is
// learned from the slices' durations, so that one lasts about SLICE_MS on this machine at most (a
// slice after a few without a new depth may get a few budgets: crates/engine/src/engine/slices.rs). A search that has
// ended by itself and waits for `stop` or `ponderhit` (an infinite analysis at its last depth) has
// nothing to search: its slices return at once, and the next is asked for only after IDLE_MS.

const SLICE_MS = 25;
const IDLE_MS = 50;
// A slice shorter than this searched next to nothing: it says nothing about the machine's speed.
const WORKLESS_MS = 0.5;
const MIN_SLICE_NODES = 1000;
const MAX_SLICE_NODES = 200000;
let sliceNodes = 10000;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const waiting = [];
let wasm = null;
// The pending step's timer, if any.
let timer = null;
let ended = false;

// Posts the output lines written since the last call. Each pointer is taken before the view: a call
// may grow the memory, detaching older views.
function flush() {
  const ptr = wasm.duel_output_ptr();
  const len = wasm.duel_output_len();
  if (len === 0) return;
  const text = decoder.decode(new Uint8Array(wasm.memory.buffer, ptr, len));
  wasm.duel_output_clear();
  for (const line of text.split('\n')) if (line) postMessage({ line });
}

// Runs one slice of the search under way, and asks for the next after a yield while it goes on.
function step() {
  timer = null;
  if (ended) return;
  const started = performance.now();
  const going = wasm.duel_step(sliceNodes);
  const took = performance.now() - started;
  const workless = took < WORKLESS_MS;
  if (took > SLICE_MS) sliceNodes = Math.max(MIN_SLICE_NODES, Math.floor((sliceNodes * SLICE_MS) / took));
  else if (going && !workless && took < SLICE_MS / 4) sliceNodes = Math.min(MAX_SLICE_NODES, sliceNodes * 2);
  flush();
  if (going) schedule(workless ? IDLE_MS : 0);
}

// Asks for a step after `delay` ms, unless one is asked for already.
function schedule(delay) {
  if (timer === null) timer = setTimeout(step, delay);
}

// Writes text into the input buffer.
function write(text) {
  const bytes = encoder.encode(String(text));
  const ptr = wasm.duel_input_buffer(bytes.length);
  new Uint8Array(wasm.memory.buffer, ptr, bytes.length).set(bytes);
}

// Answers a request about the rules.
function rules(text) {
  write(text);
  const len = wasm.duel_rules();
  postMessage({ reply: decoder.decode(new Uint8Array(wasm.memory.buffer, wasm.duel_reply_ptr(), len)) });
}

// Carries out one protocol line, or a request about the rules; a `go` starts the slices.
function input(message) {
  if (message && message.rules !== undefined) return rules(message.rules);
  if (ended) return undefined;
  write(message);
  const going = wasm.duel_input();
  flush();
  if (going === 0) {
    ended = true;
    return undefined;
  }
  // A line may have started a search (or ended one): step now rather than after an idle wait.
  clearTimeout(timer);
  timer = null;
  return schedule(0);
}

onmessage = (event) => (wasm ? input(event.data) : waiting.push(event.data));

// Fetched as bytes rather than streamed: a static server may not send `application/wasm`.
fetch(new URL('duel.wasm', self.location))
  .then((response) => {
    if (!response.ok) throw new Error(`duel.wasm: HTTP ${response.status}`);
    return response.arrayBuffer();
  })
  .then((bytes) => WebAssembly.instantiate(bytes, { env: { duel_now_ms: () => performance.now() } }))
  .then(({ instance }) => {
    wasm = instance.exports;
    postMessage({ status: 'ready' });
    for (const line of waiting.splice(0)) input(line);
  })
  .catch((error) => postMessage({ status: 'failed', message: String(error) }));
