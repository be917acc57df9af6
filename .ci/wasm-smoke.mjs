// The browser build's engine under node: the C ABI of crates/web/src/lib.rs driven as a Web Worker would drive
// it (lines in, slices, lines out). Usage: node .ci/wasm-smoke.mjs path/to/duel.wasm
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const module = await WebAssembly.compile(readFileSync(process.argv[2]));
const imports = WebAssembly.Module.imports(module).map((i) => `${i.module}.${i.name}`);
check(imports.join() === 'env.duel_now_ms', `imports: ${imports}`);
const { exports: wasm } = await WebAssembly.instantiate(module, {
  env: { duel_now_ms: () => performance.now() },
});
const encoder = new TextEncoder();
const decoder = new TextDecoder();
let lines = [];

function check(ok, what) {
  if (!ok) {
    console.error(`wasm smoke test failed: ${what}`);
    process.exit(1);
  }
}
// Each pointer is taken before the view: a call may grow the memory, detaching older views.
function collect() {
  const ptr = wasm.duel_output_ptr();
  const len = wasm.duel_output_len();
  lines.push(...decoder.decode(new Uint8Array(wasm.memory.buffer, ptr, len)).split('\n').filter(Boolean));
  wasm.duel_output_clear();
}
function send(line) {
  const bytes = encoder.encode(line);
  const ptr = wasm.duel_input_buffer(bytes.length);
  new Uint8Array(wasm.memory.buffer, ptr, bytes.length).set(bytes);
  const going = wasm.duel_input();
  collect();
  return going;
}
const bestmoves = () => lines.filter((l) => l.startsWith('bestmove '));

send('uci');
check(lines.includes('uciok'), 'no uciok');
// The games, as the engine lists them: `option name UCI_Variant type combo default duel var duel var …`.
const variantOption = lines.find((l) => l.startsWith('option name UCI_Variant type combo '));
check(variantOption !== undefined, 'uci lists no UCI_Variant option');
const variants = variantOption.split(' var ').slice(1).map((v) => v.trim());
check(variants.length > 0, `UCI_Variant lists no game: ${variantOption}`);
send('position startpos moves B1-B2');
send('go depth 6');
let slices = 0;
while (wasm.duel_step(2000)) {
  collect();
  slices += 1;
  check(slices < 100000, 'go depth 6 never ended');
}
collect();
check(bestmoves().length === 1, `go depth 6: ${bestmoves()}`);
check(lines.some((l) => l.startsWith('info depth 6 ')), 'no info at depth 6');
send('go infinite');
for (let i = 0; i < 20; i += 1) check(wasm.duel_step(2000) === 1, 'go infinite ended by itself');
collect();
check(bestmoves().length === 1, 'go infinite answered before stop');
send('stop');
check(bestmoves().length === 2, 'stop gave no bestmove');
// The same search as native: the node counts of `duel bench --variant V`, for every game the engine
// lists; a game without its count here fails, so a new game's count is written down.
const benchNodes = { duel: 276398, dipole: 20515, dame: 26405, alice: 61725 };
for (const variant of variants) {
  const nodes = benchNodes[variant];
  check(nodes !== undefined, `no bench node count for ${variant}: add it to benchNodes`);
  send(`setoption name UCI_Variant value ${variant}`);
  send('bench');
  const total = lines[lines.length - 1];
  check(total.startsWith(`${nodes} nodes `), `${variant} bench: ${total}`);
}
// The rules the page asks duel gui's server for, answered by the same code (duel_rules).
function rules(request) {
  const bytes = encoder.encode(JSON.stringify(request));
  const ptr = wasm.duel_input_buffer(bytes.length);
  new Uint8Array(wasm.memory.buffer, ptr, bytes.length).set(bytes);
  const len = wasm.duel_rules();
  return JSON.parse(decoder.decode(new Uint8Array(wasm.memory.buffer, wasm.duel_reply_ptr(), len)));
}
const state = rules({ type: 'state', id: 1, variant: 'duel', start: null, moves: ['B1-B2'] });
check(state.type === 'state' && state.id === 1 && state.side === 'black' && state.legal.length > 0, `state: ${JSON.stringify(state).slice(0, 200)}`);
const refused = rules({ type: 'state', id: 2, variant: 'duel', moves: ['Z9'] });
check(refused.type === 'error' && refused.id === 2, `a refused move: ${JSON.stringify(refused)}`);
check(rules({ type: 'pgn', id: 3, variant: 'dame', moves: [] }).type === 'pgn', 'no pgn');
check(send('quit') === 0, 'quit did not end the session');
console.log(`wasm smoke test: ${bestmoves().join(', ')}; ${lines.filter((l) => / nodes \d+ nps$/.test(l)).join(', ')}`);
