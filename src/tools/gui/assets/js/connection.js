// The transport to the server: text messages over a WebSocket, behind two functions, so that
// another transport (a Web Worker running the engine, say) can take its place.

let socket = null;

// Opens the connection: every message's text goes to `onMessage`, its end to `onClose`.
export function openConnection(onMessage, onClose) {
  socket = new WebSocket(`ws://${location.host}/ws`);
  socket.onmessage = (event) => onMessage(event.data);
  socket.onclose = onClose;
}

// Sends one message's text; nothing while the connection is not open.
export function sendText(text) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(text);
}
