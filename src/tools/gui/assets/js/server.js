// The messages to and from the server (docs/gui.md): requests with an id and their answers, and
// the dispatch of everything else the server sends. The transport below is js/connection.js.

import { openConnection, sendText } from './connection.js';
import { onEngineLine, onEngineStatus, setEngineStatus } from './engine.js';
import { onHello } from './game.js';
import { log, showMessage } from './panels.js';

const pending = new Map();
let requestId = 0;

// Opens the connection; its messages go to `onServer`.
export function connect() {
  openConnection((data) => {
    let msg;
    try {
      msg = JSON.parse(data);
    } catch (e) {
      return showMessage(`unreadable message from the server: ${e}`);
    }
    onServer(msg);
  }, () => {
    setEngineStatus('exited', 'the server has closed the connection; reload the page');
    for (const { reject } of pending.values()) reject('the connection is closed');
    pending.clear();
  });
}

export function send(msg) {
  sendText(JSON.stringify(msg));
}

export function request(msg) {
  return new Promise((resolve, reject) => {
    const id = ++requestId;
    pending.set(id, { resolve, reject });
    send({ ...msg, id });
  });
}

// How many requests wait for their answer.
export function waitingRequests() {
  return pending.size;
}

export function onServer(msg) {
  switch (msg.type) {
    case 'hello': return onHello(msg);
    case 'engine': return onEngineLine(msg.line);
    case 'sent': return log(`> ${msg.line}`);
    case 'engine_status': return onEngineStatus(msg);
    case 'state':
    case 'pgn':
    case 'game': {
      const waiting = pending.get(msg.id);
      if (waiting) {
        pending.delete(msg.id);
        waiting.resolve(msg);
      }
      return;
    }
    case 'error': {
      const waiting = msg.id != null && pending.get(msg.id);
      if (waiting) {
        pending.delete(msg.id);
        return waiting.reject(msg.message);
      }
      return showMessage(msg.message);
    }
    default:
      return undefined;
  }
}
