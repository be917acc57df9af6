// The messages to and from the server (docs/gui.md): requests with an id and their answers; every
// other message goes to the one dispatcher the page registers (js/dispatch.js). Transport only: this
// module imports nothing of the page's but the connection below it, js/connection.js.

import { openConnection, sendText } from './connection.js';

const pending = new Map();
let requestId = 0;

// Opens the connection: each message that answers no request goes to `dispatch`, an unreadable one
// as an `error`; `onClosed` is told when the connection ends, after the waiting requests fail.
export function connect(dispatch, onClosed) {
  openConnection((data) => {
    let msg;
    try {
      msg = JSON.parse(data);
    } catch (e) {
      return dispatch({ type: 'error', message: `unreadable message from the server: ${e}` });
    }
    if (!answer(msg)) dispatch(msg);
    return undefined;
  }, () => {
    onClosed();
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

// Settles the request that `msg` answers, if it answers one: an `error` fails it.
function answer(msg) {
  const waiting = msg.id != null && pending.get(msg.id);
  if (!waiting) return false;
  pending.delete(msg.id);
  if (msg.type === 'error') waiting.reject(msg.message);
  else waiting.resolve(msg);
  return true;
}
