// The page's transport in the static site (scripts/site/build-web copies this file to
// js/worker_connection.js): no server, so the engine and the rules run in a Web Worker (worker.js
// running duel.wasm), and this module speaks the server's messages (docs/gui.md) to the page, so
// that the rest of the page is the same in both modes. `engine` lines go to the engine, `state`,
// `pgn`, `load_pgn` and `review` to the rules (duel_rules); `restart` starts a fresh Worker. Like the server
// it first does the handshake (`uci`, then `setoption name UCI_Variant`), whose lines the page sees
// after `hello`, as with the server.

const MAX_MESSAGE_BYTES = 256 * 1024;
const MAX_ENGINE_LINE_BYTES = 64 * 1024;

let deliver = null;
let worker = null;
let helloSent = false;
// The handshake under way: the messages it gives, held until `uciok` tells the games for `hello`.
let handshake = null;

const emit = (msg) => deliver(JSON.stringify(msg));

function status(state, message) {
  emit({ type: 'engine_status', state, message });
}

// Starts the engine in a new Worker and does the handshake.
function start() {
  handshake = { name: 'duel', variants: [], held: [{ type: 'sent', line: 'uci' }] };
  worker = new Worker(new URL('../worker.js', import.meta.url));
  worker.onmessage = ({ data }) => {
    if (data.reply !== undefined) deliver(data.reply);
    else if (data.line !== undefined) onEngineLine(data.line);
    else if (data.status === 'failed') fail(data.message);
  };
  worker.onerror = (event) => fail(event.message || 'the Worker failed');
  worker.postMessage('uci');
}

function fail(message) {
  handshake = null;
  if (!helloSent) helloSent = sayHello([]);
  status('failed', message);
}

// The first message of a connection, as the server sends it.
function sayHello(variants) {
  emit({
    type: 'hello', variants, variant: variants[0] ?? 'duel',
    engine: { name: handshake?.name ?? 'duel', dialect: 'uci' },
    max_message_bytes: MAX_MESSAGE_BYTES, max_engine_line_bytes: MAX_ENGINE_LINE_BYTES,
  });
  return true;
}

function onEngineLine(line) {
  if (!handshake) return emit({ type: 'engine', line });
  handshake.held.push({ type: 'engine', line });
  const name = line.match(/^id name (.+)$/);
  if (name) handshake.name = name[1];
  const variants = line.match(/^option name UCI_Variant type combo default \S+((?: var \S+)+)$/);
  if (variants) handshake.variants = variants[1].trim().split(/\s*var\s+/).filter(Boolean);
  if (line !== 'uciok') return undefined;
  const { held, variants: games } = handshake;
  if (!helloSent) helloSent = sayHello(games);
  status('starting', 'starting');
  handshake = null;
  for (const msg of held) emit(msg);
  if (games.length) writeLine(`setoption name UCI_Variant value ${games[0]}`);
  return status('ready', 'ready');
}

function writeLine(line) {
  worker.postMessage(line);
  emit({ type: 'sent', line });
}

// Opens the connection: every message's text goes to `onMessage`. A Worker does not close by itself.
export function openConnection(onMessage) {
  deliver = onMessage;
  start();
}

// Answers one message of the page as the server would.
export function sendText(text) {
  let msg;
  try {
    msg = JSON.parse(text);
  } catch (e) {
    return emit({ type: 'error', id: null, message: `not a request: ${e}` });
  }
  if (msg.type === 'engine') {
    const line = String(msg.line);
    if (handshake) return emit({ type: 'error', id: null, message: "the engine is still starting; wait for its 'ready'" });
    if (/[\x00-\x1f\x7f]/.test(line) || line.length > MAX_ENGINE_LINE_BYTES) {
      return emit({ type: 'error', id: null, message: 'not a single line of printable text' });
    }
    return writeLine(line);
  }
  if (msg.type === 'restart') {
    if (handshake) return emit({ type: 'error', id: null, message: 'the engine is starting already' });
    worker.terminate();
    return start();
  }
  // The rules answer everything else, an unknown request with its error.
  return worker.postMessage({ rules: text });
}
