// The position shown: asked of the server for the first `page.view` moves, then drawn everywhere
// (board, move list, evaluation bar and graph, status, side lines, the review's verdict), kept for a reload, and handed to the searches.

import { showMessage } from './banner.js';
import { drawBoard } from './board.js';
import { drawChoice } from './choice.js';
import { stopClock } from './clock.js';
import { showMoveExample } from './dialogs.js';
import { $ } from './dom.js';
import { drawEvaluation } from './evaluation.js';
import { drawMoves, drawStatus } from './panels.js';
import { saveGame } from './persist.js';
import { afterState } from './search.js';
import { request } from './server.js';
import { drawSideLines } from './sidelines.js';
import { live, page } from './state.js';
import { drawReview } from './verdicts.js';

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
  drawEvaluation();
  drawStatus();
  if (document.activeElement !== $('position-text')) $('position-text').value = state.position;
  $('pass').hidden = !state.legal.some((m) => m.pass);
  drawSideLines();
  drawReview();
  showMoveExample();
  saveGame();
  afterState();
}

// The question between moves goes (a move was chosen, the question cancelled, or the position changed).
export function closeChoice() {
  page.choice = null;
  drawChoice();
}
