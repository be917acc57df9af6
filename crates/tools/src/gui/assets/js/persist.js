// The game, the settings and the analysis kept in the browser's storage, so that a reload resumes
// them. One versioned key; a stored value that is unreadable or of another shape is ignored.

import { currentClock } from './clock_face.js';
import { $ } from './dom.js';
import { isWhiteEval } from './info.js';
import { page } from './state.js';

const KEY = 'duel-gui/v1';
const SETTINGS = ['mode', 'limit-kind', 'limit-value', 'level', 'multipv', 'review-nodes']; // the controls kept by value

// Stores the game, the ply shown and the settings; a full or forbidden storage is not an error.
export function saveGame() {
  const settings = Object.fromEntries(SETTINGS.map((id) => [id, $(id).value]));
  settings.analyse = $('analyse').checked;
  settings.flipped = page.flipped;
  const clock = page.clock ? currentClock() : null;
  try {
    localStorage.setItem(KEY, JSON.stringify({ game: page.game, view: page.view, settings, clock }));
  } catch {
    // private mode or a full storage: the page works on without it
  }
}

// Whether this browser has stored anything for the page: not on a first visit.
export function visitedBefore() {
  try {
    return localStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}

export function forgetGame() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing stored, nothing to forget
  }
}

const isText = (v) => typeof v === 'string';
const isList = (v) => Array.isArray(v);
// A game's evaluations as stored: each of another shape (an older page's plain score) is dropped.
const evalsOf = (evals) => evals.map((e) => (isWhiteEval(e) ? e : null));

// The stored game if it is one of `variants` and has the expected shape, else null. Its moves are
// checked by the server when the page asks for the position.
export function savedGame(variants) {
  let stored;
  try {
    stored = JSON.parse(localStorage.getItem(KEY));
  } catch {
    return null;
  }
  const game = stored && stored.game;
  if (!game || !variants.includes(game.variant) || !(game.start === null || isText(game.start))) return null;
  if (!isList(game.moves) || !game.moves.every(isText) || !isList(game.comments) || !isList(game.evals)) return null;
  const sideLines = isList(game.sideLines) ? game.sideLines.filter((l) => l && Number.isInteger(l.from)
    && isList(l.moves) && l.moves.every(isText) && isList(l.comments) && isList(l.evals))
    .map((l) => ({ ...l, evals: evalsOf(l.evals) })) : [];
  const view = Number.isInteger(stored.view) ? Math.max(0, Math.min(game.moves.length, stored.view)) : game.moves.length;
  return {
    game: {
      variant: game.variant, start: game.start, moves: game.moves, comments: game.comments,
      evals: evalsOf(game.evals), forfeit: null, sideLines,
    },
    view,
    settings: stored.settings && typeof stored.settings === 'object' ? stored.settings : {},
    clock: isList(stored.clock) && stored.clock.length === 2 && stored.clock.every(Number.isFinite) ? stored.clock : null,
  };
}

// Puts stored settings back into the controls, each only if the control accepts it.
export function applySettings(settings) {
  for (const id of SETTINGS) {
    const value = settings[id];
    if (!isText(value)) continue;
    const control = $(id);
    if (control.tagName === 'SELECT' && ![...control.options].some((o) => o.value === value)) continue;
    control.value = value;
  }
  $('analyse').checked = settings.analyse === true;
  page.flipped = settings.flipped === true;
}
