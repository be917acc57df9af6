// The clocks as shown: the time left to each side now, and the two clocks in the players' cards.

import { $ } from './dom.js';
import { live, page } from './state.js';

export function sideIndex(side) {
  return side === 'white' ? 0 : 1;
}

// The time left to White and Black now, in ms: the running clock's side has used the time since.
export function currentClock() {
  if (!page.clock) return [0, 0];
  const left = page.clock.left.slice();
  if (page.clock.timer && page.state && !page.state.end) {
    left[sideIndex(liveSide())] -= performance.now() - page.clock.since;
  }
  return left.map((ms) => Math.max(0, Math.round(ms)));
}

// The side to move at the game's last position, whichever position is shown.
export function liveSide() {
  const history = page.state ? page.state.history : [];
  if (live() && page.state) return page.state.side;
  const n = page.game.moves.length;
  const first = history.length ? history[0].side : page.state.side;
  return n % 2 === 0 ? first : (first === 'white' ? 'black' : 'white');
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
