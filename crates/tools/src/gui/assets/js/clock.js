// The clocks of a game played with a time control: set from the limit chosen, charged per move,
// ticking, and stopped. A side whose time runs out forfeits: the clock says so with the `time-up`
// event (js/events.js), as the game's actions stand above it.

import { currentClock, drawClocks, liveSide, sideIndex } from './clock_face.js';
import { $ } from './dom.js';
import { emit } from './events.js';
import { page } from './state.js';

export function resetClock() {
  stopClock();
  page.clock = null;
  if ($('limit-kind').value !== 'clock') return drawClocks();
  const [base, inc] = $('limit-value').value.split('+').map(Number);
  const baseMs = Math.max(1, Number.isFinite(base) ? base : 300) * 1000;
  page.clock = { left: [baseMs, baseMs], inc: Math.round((Number.isFinite(inc) ? inc : 0) * 1000), since: performance.now(), timer: null };
  page.clock.timer = setInterval(tickClock, 100);
  drawClocks();
  return undefined;
}

export function stopClock() {
  if (page.clock && page.clock.timer) clearInterval(page.clock.timer);
  if (page.clock) page.clock.timer = null;
}

// The side that has moved pays the time since the last move, and earns the increment if it has time left.
export function chargeClock(side) {
  if (!page.clock || !page.clock.timer) return;
  const now = performance.now();
  const i = sideIndex(side);
  page.clock.left[i] -= now - page.clock.since;
  if (page.clock.left[i] > 0) page.clock.left[i] += page.clock.inc;
  page.clock.since = now;
}

// Puts the stored time left on the clocks, if the game is played with a clock.
export function applyClock(left) {
  if (page.clock && left) page.clock.left = left.map((ms) => Math.max(0, ms));
}

function tickClock() {
  drawClocks();
  if (!page.clock || !page.state || page.state.end || page.game.forfeit) return;
  const [w, b] = currentClock();
  const side = liveSide();
  if ((side === 'white' ? w : b) <= 0) {
    page.game.forfeit = side;
    stopClock();
    emit('time-up');
  }
}
