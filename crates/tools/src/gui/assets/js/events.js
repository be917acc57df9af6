// The page's events: where a lower module has news for a higher one that it may not import, it
// emits an event, and main.js wires the listener. Every event is listed here.

const EVENTS = {
  // A side's clock ran out (js/clock.js); the side is in page.game.forfeit.
  'time-up': [],
};

export function on(name, listener) {
  listenersOf(name).push(listener);
}

export function emit(name, ...args) {
  for (const listener of listenersOf(name)) listener(...args);
}

function listenersOf(name) {
  const listeners = EVENTS[name];
  if (!listeners) throw new Error(`no page event '${name}'`);
  return listeners;
}
