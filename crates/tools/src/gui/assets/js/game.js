// The game: moves played (from the mouse, the keyboard or the engine), taken back and stepped
// through, a new game begun, side lines kept and made the game again, and a game lost on time.

import { showBanner, showMessage } from './banner.js';
import { chargeClock, resetClock } from './clock.js';
import { isHuman } from './controls.js';
import { confirmCut } from './dialogs.js';
import { $ } from './dom.js';
import { syncEngineGame } from './engine.js';
import { loadState, showState } from './position.js';
import { afterState, stopSearches } from './search.js';
import { request } from './server.js';
import { live, newGame, page } from './state.js';

// Plays a move given in notation (from the mouse, the keyboard or the engine) at the position shown.
// A person's move at an earlier position cuts the game's later moves, which are kept as a side line;
// in a game (not in analysis) the page asks first.
export function playMove(text, comment) {
  if (!page.state) return;
  if (!live() && !comment && !$('analyse').checked) {
    const view = page.view;
    confirmCut(text).then((ok) => {
      if (ok && page.view === view) play(text, comment);
    });
    return;
  }
  play(text, comment);
}

function play(text, comment) {
  const state = page.state;
  const branching = !live();
  const asked = performance.now();
  const moves = page.game.moves.slice(0, page.view).concat([text]);
  const seq = ++page.stateSeq;
  stopSearches();
  request({ type: 'state', variant: page.game.variant, start: page.game.start, moves }).then((next) => {
    if (seq !== page.stateSeq) return;
    if (branching) {
      keepSideLine(page.view);
      page.game.comments.length = page.view;
      page.game.evals.length = Math.min(page.game.evals.length, page.view + 1);
      page.game.forfeit = null;
    }
    chargeClock(state.side);
    page.game.comments[moves.length - 1] = comment || null;
    page.view = moves.length;
    page.game.moves = next.history.map((h) => h.text);
    showMessage('');
    showState(next);
    // How long a person waited for the engine's answer to their move, for the record.
    if (comment && page.humanMoveAt != null) document.body.dataset.replyMs = String(Math.round(performance.now() - page.humanMoveAt));
    page.humanMoveAt = comment ? null : asked;
    if (next.announcement || next.end) showBanner(next.end ? next.end.text : next.announcement, Boolean(next.end));
    else showBanner('', false);
  }, (message) => {
    if (seq === page.stateSeq) showMessage(message);
    afterState();
  });
}

export function humanMayMove() {
  const state = page.state;
  if (!state || state.end) return 'the game is over';
  if (live() && !isHuman(state.side)) return 'it is the engine\'s move';
  if (page.choice) return 'choose one of the moves shown first';
  return null;
}

export function goToPly(ply) {
  const target = Math.max(0, Math.min(page.game.moves.length, ply));
  if (target === page.view) return;
  // Stepping through the game stops an analysis of the position left, not a review of the game.
  if (!page.reviewing) stopSearches();
  page.view = target;
  showBanner('', false);
  loadState();
}

export function newGameHere(variant, start) {
  stopSearches();
  page.game = newGame(variant, start);
  page.view = 0;
  page.forceEngine = false;
  showBanner('', false);
  showMessage('');
  resetClock();
  syncEngineGame();
  return loadState();
}

export function undo() {
  stopSearches();
  const moves = page.game.moves;
  let back = 1;
  const mode = $('mode').value;
  if ((mode === 'white' || mode === 'black') && moves.length >= 2 && page.state) {
    // Back to the player's own turn: the engine's reply and the player's move.
    const history = page.state.history;
    const lastSide = history.length ? history[history.length - 1].side : null;
    if (lastSide && !isHuman(lastSide)) back = 2;
  }
  const keep = Math.max(0, moves.length - back);
  page.game.moves = moves.slice(0, keep);
  page.game.comments.length = Math.min(page.game.comments.length, keep);
  page.game.evals.length = Math.min(page.game.evals.length, keep + 1);
  page.game.forfeit = null;
  page.view = keep;
  showBanner('', false);
  loadState();
}

// Keeps the game's moves after `from` as a side line, before a move played at `from` cuts them.
function keepSideLine(from) {
  const game = page.game;
  if (game.moves.length <= from) return;
  const line = {
    from, moves: game.moves.slice(), comments: game.comments.slice(0, game.moves.length),
    evals: game.evals.slice(0, game.moves.length + 1),
  };
  const same = (l) => l.moves.length === line.moves.length && l.moves.every((m, i) => m === line.moves[i]);
  if (!game.sideLines.some(same)) game.sideLines.push(line);
}

// Makes side line `index` the game, at its first own move; the game becomes a side line.
export function switchToSideLine(index) {
  const game = page.game;
  const line = game.sideLines[index];
  if (!line) return;
  stopSearches();
  game.sideLines.splice(index, 1);
  let common = 0;
  while (common < line.moves.length && line.moves[common] === game.moves[common]) common += 1;
  keepSideLine(common);
  game.moves = line.moves;
  game.comments = line.comments;
  game.evals = line.evals;
  game.forfeit = null;
  page.view = Math.min(line.from + 1, line.moves.length);
  showBanner('', false);
  loadState();
}

// A side's time ran out (the clock set page.game.forfeit): the game's end is asked and shown.
export function forfeitOnTime() {
  stopSearches();
  page.view = page.game.moves.length;
  loadState().then(() => {
    if (page.state && page.state.end) showBanner(page.state.end.text, true);
  });
}
