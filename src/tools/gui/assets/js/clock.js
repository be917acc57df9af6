// The clocks of a game played with a time control: the time left to each side, charged per move.

import { $ } from './dom.js';
import { loadState } from './game.js';
import { showBanner } from './panels.js';
import { stopSearches } from './search.js';
import { live, page } from './state.js';

export function resetClock() {
  stopClock();
  page.clock = null;
  if ($('limit-kind').value !== 'clock') return drawClocks();
  const [base, inc] = $('limit-value').value.split('+').map(Number);
  const baseMs = Math.max(1, Number.isFinite(base) ? base : 300) * 1000;
  page.clock = { left: [baseMs, baseMs], inc: Math.round((Number.isFinite(inc) ? inc : 0) * 1000), since: performance.now(), timer: null };
  page.clock.timer = setInterval(tickClock, 100);
  drawClocks();
}

export function stopClock() {
  if (page.clock && page.clock.timer) clearInterval(page.clock.timer);
  if (page.clock) page.clock.timer = null;
}

export function sideIndex(side) {
  return side === 'white' ? 0 : 1;
}

export function currentClock() {
  if (!page.clock) return [0, 0];
  const left = page.clock.left.slice();
  if (page.clock.timer && page.state && !page.state.end) {
    left[sideIndex(liveSide())] -= performance.now() - page.clock.since;
  }
  return left.map((ms) => Math.max(0, Math.round(ms)));
}

export function liveSide() {
  const history = page.state ? page.state.history : [];
  if (live() && page.state) return page.state.side;
  const n = page.game.moves.length;
  const first = history.length ? history[0].side : page.state.side;
  return n % 2 === 0 ? first : (first === 'white' ? 'black' : 'white');
}

export function chargeClock(side) {
  if (!page.clock || !page.clock.timer) return;
  const now = performance.now();
  const i = sideIndex(side);
  page.clock.left[i] -= now - page.clock.since;
  if (page.clock.left[i] > 0) page.clock.left[i] += page.clock.inc;
  page.clock.since = now;
}

export function tickClock() {
  drawClocks();
  if (!page.clock || !page.state || page.state.end || page.game.forfeit) return;
  const [w, b] = currentClock();
  const side = liveSide();
  if ((side === 'white' ? w : b) <= 0) {
    page.game.forfeit = side;
    stopSearches();
    stopClock();
    page.view = page.game.moves.length;
    loadState().then(() => {
      if (page.state && page.state.end) showBanner(page.state.end.text, true);
    });
  }
}

export function clockText(ms) {
  const tenths = Math.floor(ms / 100);
  return `${Math.floor(tenths / 600)}:${String(Math.floor(tenths / 10) % 60).padStart(2, '0')}.${tenths % 10}`;
}

export function drawClocks() {
  const white = $('clock-white');
  const black = $('clock-black');
  if (!page.clock) {
    white.textContent = '';
    black.textContent = '';
    return;
  }
  const [w, b] = currentClock();
  // Each clock stands in its player's card beside the board, which names the side.
  white.textContent = clockText(w);
  black.textContent = clockText(b);
  const running = page.clock.timer && page.state && !page.state.end ? liveSide() : null;
  white.classList.toggle('running', running === 'white');
  black.classList.toggle('running', running === 'black');
}
