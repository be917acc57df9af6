// duel gui: a client of the engine protocol in one page; this module wires the page's controls to
// the actions and opens the connection, with js/dispatch.js as the dispatcher of its messages.
//
// The page owns the game (its variant, start position and moves in notation) and is the engine's
// GUI: it sends the protocol lines any GUI sends (setoption, ucinewgame, isready, position, go,
// stop) through the server, which relays them to the engine and relays every line back. For the rules
// it asks the server: a "state" request replays the game and answers with the board, the legal moves
// (each with the squares it joins), the announcement and the end. Messages: docs/gui.md.
//
// The modules are layers, each importing only those below it (tests/gui/page_modules.rs checks
// that no import goes round): state.js and dom.js; the views, which draw from the state; the
// actions, which change it and ask the views to redraw; dispatch.js and this module on top.

import { showMessage } from './banner.js';
import { drawBoard } from './board.js';
import { resetClock } from './clock.js';
import { LIMIT_DEFAULTS } from './controls.js';
import { askNewGame, showRules } from './dialogs.js';
import { connectionClosed, dispatch } from './dispatch.js';
import { $ } from './dom.js';
import { engineSend } from './engine.js';
import { plyAtGraph } from './evaluation.js';
import { on } from './events.js';
import { forfeitOnTime, goToPly, humanMayMove, newGameHere, playMove, switchToSideLine, undo } from './game.js';
import { onChoiceClick, onPointerCancel, onPointerDown, onPointerMove, onPointerUp } from './input.js';
import { drawArrows } from './marks.js';
import { startChosenGame } from './opening.js';
import { drawStatus } from './panels.js';
import { saveGame } from './persist.js';
import { copyLink, loadPgn, savePgn, setPosition } from './pgn.js';
import { closeChoice } from './position.js';
import { jumpToMistake, toggleReview } from './review.js';
import { activeSearch, afterState, dropSearches, stopMoveSearch, stopSearches } from './search.js';
import { connect, send } from './server.js';
import { live, page } from './state.js';

function flip() {
  page.flipped = !page.flipped;
  drawBoard();
}

// The board and the question between moves: the pointer, the arrows and the buttons.
function wireBoard() {
  const board = $('board');
  board.addEventListener('pointerdown', onPointerDown);
  board.addEventListener('pointermove', onPointerMove);
  board.addEventListener('pointerup', onPointerUp);
  board.addEventListener('pointercancel', onPointerCancel);
  $('choice').addEventListener('click', onChoiceClick);
}

// The game's controls: a new game, the rules, undo, flip, the engine's move, a pass, a typed move.
function wireGame() {
  $('variant').addEventListener('change', () => {
    page.flipped = false;
    newGameHere($('variant').value, null);
  });
  $('new').addEventListener('click', () => askNewGame().then(startChosenGame));
  const rules = document.createElement('button');
  rules.id = 'rules-button';
  rules.type = 'button';
  rules.textContent = 'Rules';
  rules.title = 'How this game is played';
  rules.addEventListener('click', showRules);
  $('variant').parentElement.after(rules);
  $('undo').addEventListener('click', undo);
  $('flip').addEventListener('click', flip);
  $('go').addEventListener('click', () => {
    if (!live()) goToPly(page.game.moves.length);
    page.forceEngine = true;
    afterState();
  });
  $('stop').addEventListener('click', () => {
    if (!stopMoveSearch()) showMessage('the engine is not thinking about a move');
  });
  $('pass').addEventListener('click', () => {
    const refusal = humanMayMove();
    if (refusal) return showMessage(refusal);
    const pass = page.state.legal.find((m) => m.pass);
    if (pass) playMove(pass.text);
    return undefined;
  });
  $('entry').addEventListener('submit', (event) => {
    event.preventDefault();
    const text = $('move-input').value.trim();
    if (!text) return undefined;
    const refusal = humanMayMove();
    if (refusal) return showMessage(refusal);
    $('move-input').value = '';
    return playMove(text);
  });
}

// The players and the analysis: who plays, the engine's limit, analysis and its lines.
function wireSettings() {
  $('mode').addEventListener('change', () => {
    page.forceEngine = false;
    if (page.state) drawStatus();
    afterState();
  });
  $('limit-kind').addEventListener('change', () => {
    $('limit-value').value = LIMIT_DEFAULTS[$('limit-kind').value];
    resetClock();
  });
  $('limit-value').addEventListener('change', resetClock);
  for (const id of ['limit-kind', 'limit-value']) $(id).addEventListener('change', () => page.state && drawStatus());
  $('analyse').addEventListener('change', () => {
    if (!$('analyse').checked) stopSearches();
    afterState();
  });
  $('multipv').addEventListener('change', () => {
    if (activeSearch() && activeSearch().purpose === 'analysis') stopSearches();
    afterState();
  });
}

// Moving through the game: the move list, the graph, the side lines and the keys.
function wireNavigation() {
  $('moves').addEventListener('click', (event) => {
    const move = event.target.closest('[data-ply]'); // a move, or the review's mark after it
    if (move) goToPly(Number(move.dataset.ply));
  });
  $('graph').addEventListener('click', (event) => {
    const box = $('graph').getBoundingClientRect();
    goToPly(plyAtGraph((event.clientX - box.left) / box.width));
  });
  $('side-lines').addEventListener('click', (event) => {
    const button = event.target.closest('button[data-line]');
    if (button) switchToSideLine(Number(button.dataset.line));
  });
  document.addEventListener('keydown', (event) => {
    if (event.target.closest('input, textarea, select, dialog')) return;
    if (event.key === 'ArrowLeft') goToPly(page.view - 1);
    if (event.key === 'ArrowRight') goToPly(page.view + 1);
    if (event.key === 'Home') goToPly(0);
    if (event.key === 'End') goToPly(page.game.moves.length);
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
    if (event.key === 'f' && plain) flip();
    if (event.key === 'n' && plain) jumpToMistake(1);
    if (event.key === 'p' && plain) jumpToMistake(-1);
    if (event.key === 'Escape' && page.choice) { closeChoice(); drawArrows(); }
  });
}

// The review: its button (which cancels one under way) and the marked moves stepped through.
function wireReview() {
  $('review').addEventListener('click', toggleReview);
  $('prev-mistake').addEventListener('click', () => jumpToMistake(-1));
  $('next-mistake').addEventListener('click', () => jumpToMistake(1));
}

// Position, PGN and link; the engine's restart and a protocol line typed by hand.
function wireFiles() {
  $('set-position').addEventListener('click', setPosition);
  $('save-pgn').addEventListener('click', savePgn);
  $('copy-link').addEventListener('click', copyLink);
  $('load-pgn').addEventListener('click', () => loadPgn($('pgn-text').value));
  $('pgn-file').addEventListener('change', () => {
    const file = $('pgn-file').files[0];
    if (!file) return;
    file.text().then((text) => {
      $('pgn-text').value = text;
      loadPgn(text);
    });
  });
  $('restart').addEventListener('click', () => {
    dropSearches();
    send({ type: 'restart' });
  });
  $('raw').addEventListener('submit', (event) => {
    event.preventDefault();
    const line = $('raw-line').value;
    if (line.trim()) engineSend(line);
    $('raw-line').value = '';
  });
}

wireBoard();
wireGame();
wireSettings();
wireNavigation();
wireReview();
wireFiles();
// Settings changed, the board flipped, analysis scores: kept for a reload.
document.addEventListener('change', saveGame);
window.addEventListener('pagehide', saveGame);
on('time-up', forfeitOnTime);
connect(dispatch, connectionClosed);
