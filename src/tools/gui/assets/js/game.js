// The game: the position shown, asked of the server, moves played, taken back and stepped through.

import { drawBoard, registerDrawing } from './board.js';
import { chargeClock, resetClock, stopClock } from './clock.js';
import { confirmCut, showMoveExample } from './dialogs.js';
import { $ } from './dom.js';
import { syncEngineGame } from './engine.js';
import { closeChoice } from './input.js';
import { gameOfLink } from './link.js';
import { drawGraph, drawMoves, drawStatus, showBanner, showMessage } from './panels.js';
import { applyClock, applySettings, forgetGame, saveGame, savedGame, visitedBefore } from './persist.js';
import { afterState, stopSearches } from './search.js';
import { request } from './server.js';
import { drawSideLines, keepSideLine } from './sidelines.js';
import { isHuman, live, newGame, page } from './state.js';

export function onHello(msg) {
  page.engineName = msg.engine.name;
  page.dialect = msg.engine.dialect;
  $('variant').replaceChildren(...msg.variants.map((v) => new Option(v, v)));
  // A link's game, else the game and settings of the last visit, if the browser kept them.
  const firstVisit = !visitedBefore();
  const saved = savedGame(msg.variants);
  if (saved) applySettings(saved.settings);
  const linked = linkedGame(msg);
  const opened = linked || saved;
  showGame(opened ? opened.game : newGame(msg.variant, null), opened ? opened.view : 0);
  resetClock();
  if (saved && !linked) applyClock(saved.clock);
  if (firstVisit) showBanner('New here? "Rules" tells how this game is played; "New game" chooses the game, your side and the engine\'s time.', false);
  // Each game's drawing is a module of its own, in games/ beside js/ (relative, so that the page
  // works from any folder); a game without one is shown as its text diagram.
  const drawings = msg.variants.map((v) => import(new URL(`../games/${v}.js`, import.meta.url))
    .then((m) => registerDrawing(m.default), () => {}));
  Promise.all(drawings).then(() => showFirstGame(opened, linked));
}

// Shows the game the page opened with. One the rules refuse (a bad link, said as a refused typed move
// is; moves stored by another version of the game) gives way to its game's start.
function showFirstGame(opened, linked) {
  return loadState().then(() => {
    if (page.state || !opened) return undefined;
    if (linked) linked.refusal = $('message').textContent;
    else forgetGame();
    showGame(newGame(page.game.variant, null), 0);
    return loadState();
  }).then(() => {
    // Said once the start is shown: a message belongs to the position shown with it.
    if (linked && linked.refusal) showMessage(linked.refusal);
  });
}

function showGame(game, view) {
  page.game = game;
  page.view = view;
  $('variant').value = game.variant;
}

// The game the page's address names, if it names one, at its last move. The address then drops it,
// so that a reload resumes the game as played on since. A game the engine does not host is refused.
function linkedGame(msg) {
  const link = gameOfLink(location.search);
  if (!link) return null;
  history.replaceState(null, '', location.pathname);
  const variant = link.variant ?? msg.variant;
  if (!msg.variants.includes(variant)) {
    const refusal = `the link's game '${variant}' is none of ${msg.variants.join(', ')}`;
    return { game: newGame(msg.variant, null), view: 0, refusal };
  }
  const game = newGame(variant, link.start);
  game.moves = link.moves;
  return { game, view: link.moves.length };
}

// Asks the server for the position after the first `page.view` moves and shows it.
export function loadState() {
  const seq = ++page.stateSeq;
  const moves = page.game.moves.slice(0, page.view);
  return request({
    type: 'state', variant: page.game.variant, start: page.game.start, moves,
    forfeit: live() ? page.game.forfeit : null,
  }).then((state) => {
    if (seq === page.stateSeq) showState(state);
  }, (message) => {
    if (seq === page.stateSeq) showMessage(message);
  });
}

export function showState(state) {
  page.state = state;
  page.selected = null;
  closeChoice();
  if (live()) {
    page.game.moves = state.history.map((h) => h.text);
    if (state.end) {
      stopClock();
    }
  }
  document.body.dataset.ply = String(page.game.moves.length);
  document.body.dataset.view = String(page.view);
  document.body.dataset.side = state.side;
  drawBoard();
  drawMoves();
  drawGraph();
  drawStatus();
  if (document.activeElement !== $('position-text')) $('position-text').value = state.position;
  $('pass').hidden = !state.legal.some((m) => m.pass);
  drawSideLines();
  showMoveExample();
  saveGame();
  afterState();
}

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
  stopSearches();
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
