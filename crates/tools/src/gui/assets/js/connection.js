// The transport to the server: text messages over a WebSocket, behind two functions, so that
// another transport can take its place: the static site (scripts/site/build-web) marks its page
// `data-transport="worker"`, and then js/worker_connection.js (crates/web/src/connection.js) runs the engine
// and the rules in a Web Worker instead.

let socket = null;
let worker = null;

// Opens the connection: every message's text goes to `onMessage`, its end to `onClose`.
export function openConnection(onMessage, onClose) {
  if (document.documentElement.dataset.transport === 'worker') {
    import('./worker_connection.js').then((transport) => {
      worker = transport;
      transport.openConnection(onMessage, onClose);
    }, onClose);
    return;
  }
  // Beside the page, wherever it is served (a proxy may put it in a folder).
  const url = new URL('ws', document.baseURI);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  socket = new WebSocket(url);
  socket.onmessage = (event) => onMessage(event.data);
  socket.onclose = onClose;
}

// Sends one message's text; nothing while the connection is not open.
export function sendText(text) {
  if (worker) worker.sendText(text);
  else if (socket && socket.readyState === WebSocket.OPEN) socket.send(text);
}
