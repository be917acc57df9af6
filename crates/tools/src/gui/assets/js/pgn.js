// PGN, position text and links: a game saved and loaded through the server, a position set from its
// text, the game written as a link.

import { showMessage } from './banner.js';
import { resetClock } from './clock.js';
import { isHuman } from './controls.js';
import { $ } from './dom.js';
import { syncEngineGame } from './engine.js';
import { newGameHere } from './game.js';
import { whiteEval } from './info.js';
import { linkOf } from './link.js';
import { showState } from './position.js';
import { stopSearches } from './search.js';
import { request } from './server.js';
import { newGame, page } from './state.js';

export function playerName(side) {
  const mode = $('mode').value;
  if (mode === 'engines') return page.engineName;
  if (mode === 'both') return 'player';
  return isHuman(side) ? 'player' : page.engineName;
}

// The player's date for the Date tag, YYYY.MM.DD: the browser's clock (the static site's engine has none).
function today() {
  const now = new Date();
  const two = (n) => String(n).padStart(2, '0');
  return `${now.getFullYear()}.${two(now.getMonth() + 1)}.${two(now.getDate())}`;
}

export function savePgn() {
  const kind = $('limit-kind').value;
  request({
    type: 'pgn', variant: page.game.variant, start: page.game.start, moves: page.game.moves,
    comments: page.game.comments, forfeit: page.game.forfeit, white: playerName('white'), black: playerName('black'),
    time_control: kind === 'clock' ? $('limit-value').value.trim() : '-', date: today(),
  }).then((reply) => {
    $('pgn-text').value = reply.text;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([reply.text], { type: 'application/x-chess-pgn' }));
    link.download = `${page.game.variant}-game.pgn`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }, showMessage);
}

export function loadPgn(text) {
  request({ type: 'load_pgn', variant: page.game.variant, text }).then((reply) => {
    stopSearches();
    const variantChanged = reply.variant !== page.game.variant;
    $('variant').value = reply.variant;
    page.game = newGame(reply.variant, reply.start);
    page.game.moves = reply.moves;
    page.game.comments = reply.comments;
    page.view = reply.moves.length;
    resetClock();
    if (variantChanged) page.flipped = false;
    syncEngineGame();
    showMessage(`loaded: ${reply.white || '?'} – ${reply.black || '?'}, ${reply.result}`);
    // The comments' scores are the movers' own; the bar and the graph show White's.
    const first = request({ type: 'state', variant: reply.variant, start: reply.start, moves: reply.moves });
    return first.then((state) => {
      state.history.forEach((h, i) => {
        const c = reply.comments[i];
        const known = c ? whiteEval(c, h.side) : null;
        if (known) page.game.evals[i] = known;
      });
      showState(state);
    });
  }).catch(showMessage);
}

export function setPosition() {
  const text = $('position-text').value.trim();
  request({ type: 'state', variant: page.game.variant, start: text, moves: [] }).then((state) => {
    newGameHere(page.game.variant, state.start);
  }, (message) => showMessage(message));
}

// Writes the game as a link (js/link.js) into the link box and, where the browser lets the page, onto
// the clipboard.
export function copyLink() {
  const link = linkOf(page.game, location.href);
  const box = $('link-text');
  box.value = link;
  box.hidden = false;
  box.select();
  const copied = navigator.clipboard ? navigator.clipboard.writeText(link) : Promise.reject();
  copied.then(() => showMessage('link copied'), () => showMessage('the browser keeps the clipboard: copy the link from its box'));
}
