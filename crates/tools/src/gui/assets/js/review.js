// The game's review: every position of the game searched in turn by the page's engine (a fixed
// number of nodes each, full strength, one line), which fills the graph as it goes, then judged by
// the page service (a `review` request, docs/gui.md: lichess's marks and accuracy, computed by the
// rules crate, not here); and the moves it marked stepped through. js/verdicts.js shows it.

import { showMessage } from './banner.js';
import { $ } from './dom.js';
import { enginePlays, engineReady, setMultiPv } from './engine.js';
import { drawEvaluation } from './evaluation.js';
import { goToPly } from './game.js';
import { drawMoves } from './panels.js';
import { afterState, startSearch, stopSearches } from './search.js';
import { request } from './server.js';
import { gameKey, gameReview, page } from './state.js';
import { drawReview, markedPlies } from './verdicts.js';

const DEFAULT_NODES = 20000; // enough for a blunder to show, little enough for a game in a minute
const MAX_NODES = 100000000;

// The nodes searched in each position, as the review's box says.
function reviewNodes() {
  const nodes = parseInt($('review-nodes').value, 10);
  return nodes > 0 ? Math.min(nodes, MAX_NODES) : DEFAULT_NODES;
}

// The Review button: reviews the game shown, or cancels the review under way.
export function toggleReview() {
  if (page.reviewing) {
    const run = page.reviewing;
    stopSearches();
    endReview(run, 'review cancelled');
    afterState();
    return;
  }
  let refusal = null;
  if (!engineReady()) refusal = 'the engine is not ready';
  else if (!enginePlays(page.game.variant)) refusal = `${page.engineName} does not play ${page.game.variant}`;
  else if (!page.game.moves.length) refusal = 'there is no move to review';
  if (refusal) showMessage(refusal);
  else startReview();
}

// Starts a review of the game as it stands: the engine is the review's until it ends.
function startReview() {
  stopSearches();
  const game = { variant: page.game.variant, start: page.game.start, moves: page.game.moves.slice() };
  const run = { key: gameKey(), game, sides: null, end: false, found: [] };
  page.reviewing = run;
  page.review = null;
  drawReviewed();
  // The side to move in each position, and whether the game is over, from the game's own state.
  request({ type: 'state', ...game }).then((state) => {
    if (page.reviewing !== run) return;
    run.sides = state.history.map((h) => h.side).concat([state.side]);
    run.end = Boolean(state.end);
    searchNext(run);
  }, (message) => endReview(run, message));
}

// Searches the next position of the game; once every position has its search, asks for the verdicts.
// The last position of a game that is over is not searched: the service counts the game's result.
function searchNext(run) {
  const ply = run.found.length;
  const last = run.game.moves.length;
  if (ply > last || (ply === last && run.end)) {
    judge(run);
    return;
  }
  setMultiPv(1);
  const search = startSearch('review', `go nodes ${reviewNodes()}`, null, { ply, side: run.sides[ply] });
  search.done = (best, known) => {
    if (best === null) return endReview(run, 'review cancelled');
    if (!known) return endReview(run, `the engine gave no score for the position after ply ${ply}`);
    run.found.push({ expected: known.expected, best: best === '(none)' ? null : best });
    drawReview();
    return searchNext(run);
  };
}

// Asks the page service for the verdicts on the searches found, and shows them.
function judge(run) {
  const positions = run.end ? run.found.concat([null]) : run.found;
  request({ type: 'review', ...run.game, positions }).then((reply) => {
    if (page.reviewing !== run) return;
    page.review = { ...reply, key: run.key };
    page.reviewing = null;
    drawReviewed();
    afterState();
  }, (message) => endReview(run, message));
}

// The review `run` ends without verdicts (cancelled, the engine stopped, a refusal), saying why.
function endReview(run, message) {
  if (page.reviewing !== run) return;
  page.reviewing = null;
  drawReviewed();
  showMessage(message);
}

// The review redrawn where it shows: the move list's marks, the graph's dots, the review's box.
function drawReviewed() {
  if (page.state) drawMoves();
  drawEvaluation();
  drawReview();
}

// Shows the next (`step` 1) or the previous (-1) move the review marked, from the position shown.
export function jumpToMistake(step) {
  const marked = markedPlies();
  const target = step > 0 ? marked.find((ply) => ply > page.view) : marked.reverse().find((ply) => ply < page.view);
  if (target != null) goToPly(target);
  else if (!gameReview()) showMessage('review the game first');
  else showMessage(`no inaccuracy or worse ${step > 0 ? 'after' : 'before'} this position`);
}
