// How a game begins: the page's first game on the server's `hello` (a link's game, else the game and
// settings of the last visit, else the first game's start), and the game the "New game" dialog chose.

import { showBanner, showMessage } from './banner.js';
import { applyClock, resetClock } from './clock.js';
import { $ } from './dom.js';
import { newGameHere } from './game.js';
import { registerDrawing } from './geometry.js';
import { gameOfLink } from './link.js';
import { applySettings, forgetGame, savedGame, visitedBefore } from './persist.js';
import { loadState } from './position.js';
import { newGame, page } from './state.js';

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

// Sets the page's controls to the choices of the "New game" dialog (js/dialogs.js) and begins.
export function startChosenGame(chosen) {
  if (!chosen) return undefined;
  const sameGame = chosen.variant === page.game.variant;
  $('variant').value = chosen.variant;
  $('mode').value = chosen.mode;
  $('limit-kind').value = chosen.kind;
  $('limit-value').value = chosen.value;
  if (chosen.level != null) $('level').value = chosen.level;
  page.flipped = chosen.mode === 'black';
  page.forceEngine = false;
  resetClock();
  return newGameHere(chosen.variant, sameGame ? page.game.start : null);
}
