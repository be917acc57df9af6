// The banner and the message: a notice (about the engine, a result), what the rules announced that
// is still in force, and a message about the position shown (a refused move, an engine's error).
// What it has shown is its own memory (the notice, the announcements by game), not the page's state.

import { $ } from './dom.js';
import { gameKey, page } from './state.js';

// What the rules said after each position shown (the announcement or the end), by game key: an
// announcement stays until the next move of the side that made it, a result while the game is the same.
const said = new Map();
let ending = null;
let notice = '';

function remember() {
  const state = page.state;
  if (!state) return;
  // The state's own ply, not the ply asked for next: a state may be on its way.
  const ply = state.history.length;
  if (said.size > 5000) said.clear();
  said.set(gameKey(ply), state.end ? '' : state.announcement || '');
  if (state.end && ply === page.game.moves.length) ending = { key: gameKey(ply), end: state.end };
}

export function gameResult() {
  remember();
  return ending && ending.key === gameKey(page.game.moves.length) ? ending.end.result : null;
}

// The banner: a notice about the engine, then the result, or the announcements still in force.
export function drawBanner() {
  remember();
  const state = page.state;
  const lines = [notice];
  if (state && state.end) lines.push(state.end.text);
  else if (state && state.history.length > 0) {
    const ply = state.history.length;
    lines.push(said.get(gameKey(ply - 1)) || '', said.get(gameKey(ply)) || '');
  }
  const banner = $('banner');
  banner.replaceChildren(...[...new Set(lines.filter(Boolean))].map((text) => {
    const div = document.createElement('div');
    div.textContent = text;
    return div;
  }));
  banner.classList.toggle('end', Boolean(state && state.end));
}

// A notice in the banner, above what the rules announce (those are drawn from the position: a
// notice repeating one is shown once); an empty text clears it.
export function showBanner(text) {
  notice = text;
  drawBanner();
}

// A message about the position shown (a refused move, an engine's error); it goes when another
// position is shown.
let messageKey = null;

export function showMessage(text) {
  $('message').textContent = text;
  messageKey = gameKey(page.view);
}

// Clears the message once another position is shown.
export function dropStaleMessage() {
  if (messageKey !== gameKey(page.view)) $('message').textContent = '';
}
