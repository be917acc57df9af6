// The browser build's `bench` against the native one, run in turns: wasm under node, then the native
// binary, RUNS times, so that both see the machine in the same state (a shared machine's speed may
// swing by more than the difference measured). Prints each pair and the median of the pairs' ratios
// (wasm nodes/s over native); the first wasm run is left out of the median, since V8 starts wasm on
// its baseline compiler. docs/site.md has the figures.
// Usage: node scripts/site/bench-wasm.mjs WASM NATIVE [RUNS] [VARIANT]
//   e.g. node scripts/site/bench-wasm.mjs target/site/duel.wasm target/release/duel 9
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const [wasmPath, nativePath, runsText = '9', variant = 'duel'] = process.argv.slice(2);
const runs = Number(runsText);
if (!wasmPath || !nativePath || !Number.isInteger(runs) || runs < 2) {
  console.error('usage: node scripts/site/bench-wasm.mjs WASM NATIVE [RUNS >= 2] [VARIANT]');
  process.exit(2);
}
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {
  env: { duel_now_ms: () => performance.now() },
});
const wasm = instance.exports;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

// Carries out one protocol line and returns the lines it wrote. Each pointer is taken before the
// view: a call may grow the memory, detaching older views.
function send(line) {
  const bytes = encoder.encode(line);
  const input = wasm.duel_input_buffer(bytes.length);
  new Uint8Array(wasm.memory.buffer, input, bytes.length).set(bytes);
  wasm.duel_input();
  const output = wasm.duel_output_ptr();
  const text = decoder.decode(new Uint8Array(wasm.memory.buffer, output, wasm.duel_output_len()));
  wasm.duel_output_clear();
  return text.split('\n').filter(Boolean);
}

// The nodes/s of `bench`'s last line, `N nodes M nps`, failing on anything else.
function nps(lines, who) {
  const match = /^(\d+) nodes (\d+) nps$/.exec(lines[lines.length - 1] ?? '');
  if (!match) {
    console.error(`${who}: bench did not end with its total: ${lines.slice(-3).join(' | ')}`);
    process.exit(1);
  }
  return { nodes: Number(match[1]), nps: Number(match[2]) };
}

send(`setoption name UCI_Variant value ${variant}`);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const ratios = [];
for (let run = 1; run <= runs; run += 1) {
  const inWasm = nps(send('bench'), 'wasm');
  const output = execFileSync(nativePath, ['bench', '--variant', variant], { encoding: 'utf8', stdio: 'pipe' });
  const native = nps(output.split('\n').filter(Boolean), 'native');
  if (inWasm.nodes !== native.nodes) {
    console.error(`the two builds searched different trees: ${inWasm.nodes} and ${native.nodes} nodes`);
    process.exit(1);
  }
  const ratio = inWasm.nps / native.nps;
  if (run > 1) ratios.push(ratio);
  console.log(`run ${run}: wasm ${inWasm.nps} nps, native ${native.nps} nps, ${ratio.toFixed(2)}${run === 1 ? ' (left out)' : ''}`);
}
console.log(`${variant}: wasm / native, median of ${ratios.length} pairs: ${median(ratios).toFixed(2)}`);
