// The one dispatcher of the server's messages that answer no request (js/server.js hands them here,
// main.js registers it): the server's `hello`, the engine's lines and states, the lines sent to it,
// and errors. Each goes to the action that handles it.

import { showBanner, showMessage } from './banner.js';
import { engineReadied, engineStarting, noteOption, setEngineStatus } from './engine.js';
import { playMove } from './game.js';
import { parseInfo } from './info.js';
import { onHello } from './opening.js';
import { log } from './panels.js';
import { afterState, dropSearches, onInfo, takeBestmove } from './search.js';

export function dispatch(msg) {
  switch (msg.type) {
    case 'hello': return onHello(msg);
    case 'engine': return onEngineLine(msg.line);
    case 'sent': return log(`> ${msg.line}`);
    case 'engine_status': return onEngineStatus(msg);
    case 'error': return showMessage(msg.message);
    default: return undefined;
  }
}

// The connection has ended: no engine, no rules, until the page is loaded again.
export function connectionClosed() {
  setEngineStatus('exited', 'the server has closed the connection; reload the page');
}

function onEngineStatus(msg) {
  setEngineStatus(msg.state, msg.message);
  if (msg.state === 'starting') {
    engineStarting();
    dropSearches();
  } else if (msg.state === 'ready') {
    showBanner('', false); // a notice that the engine stopped no longer applies
    engineReadied();
    afterState();
  } else if (msg.state === 'exited' || msg.state === 'failed') {
    dropSearches();
    showBanner(`The engine has stopped: ${msg.message}. Press "Restart engine".`, false);
  }
}

function onEngineLine(line) {
  log(`< ${line}`);
  const words = line.split(/\s+/);
  if (words[0] === 'option' && words[1] === 'name') {
    noteOption(words);
  } else if (words[0] === 'info') {
    if (words[1] !== 'string') onInfo(parseInfo(words));
    else if (words[2] === 'error:') showMessage(`engine: ${words.slice(3).join(' ')}`);
  } else if (words[0] === 'bestmove') {
    const move = takeBestmove(words[1]);
    if (move) playMove(move.text, move.comment);
  }
}
