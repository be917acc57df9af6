// The game's review as shown: a marked move's mark after it in the move list (its verdict and the
// better move as its tooltip), which moves are marked (for the graph's dots and the jumps), the
// verdict on the move that led to the position shown, each side's accuracy and marks, and the
// review's progress. Drawn from page.review (the page service's answer, js/review.js) and
// page.reviewing; it changes nothing.

import { $ } from './dom.js';
import { percentText } from './info.js';
import { gameReview, page } from './state.js';

// Each side's counts in the review's answer, with their marks (the thresholds are the service's).
const COUNTS = [['inaccuracies', '?!'], ['mistakes', '?'], ['blunders', '??']];

// The review's verdict on the move that leads to position `ply`, if the review marked it.
function markedMove(ply) {
  const review = gameReview();
  const move = review && ply > 0 ? review.moves[ply - 1] : null;
  return move && move.judgment ? move : null;
}

// The kind of a marked move's mark: `inaccuracy`, `mistake` or `blunder`, its CSS class.
export function markClass(move) {
  return move.judgment.name.toLowerCase();
}

// The plies after the moves `review` (the game's, by default) marked, inaccuracies or worse, in order.
export function markedPlies(review = gameReview()) {
  return review ? review.moves.flatMap((move, i) => (move.judgment ? [i + 1] : [])) : [];
}

// A marked move's verdict: `Blunder: White's expected result 49% → 3%. Best was H1-H2.`
function verdictText(move) {
  const side = move.side === 'white' ? 'White' : 'Black';
  const best = move.best ? ` Best was ${move.best}.` : '';
  return `${move.judgment.name}: ${side}'s expected result ${percentText(move.before)} → ${percentText(move.after)}.${best}`;
}

// A move's entry in the move list, with the review's verdict on it (or none): its mark after it, if
// marked, and the verdict as its tooltip.
export function markMove(entry, move) {
  if (!move || !move.judgment) return;
  const mark = document.createElement('span');
  mark.className = `judgment ${markClass(move)}`;
  mark.textContent = move.judgment.mark;
  entry.append(mark);
  entry.title = verdictText(move);
}

// The review's box: its button and progress, each side's accuracy and marks, and the verdict on the
// move that led to the position shown.
export function drawReview() {
  const running = page.reviewing;
  // The positions searched: every one but the last of a game that is over.
  const positions = running ? running.game.moves.length + (running.end ? 0 : 1) : 0;
  $('review').textContent = running ? 'Cancel review' : 'Review';
  const progress = $('review-progress');
  progress.hidden = !running;
  progress.max = positions || 1;
  progress.value = running ? running.found.length : 0;
  $('review-status').textContent = running ? `${running.found.length} of ${positions} positions` : '';
  document.body.dataset.review = running ? 'running' : gameReview() ? 'done' : 'none';
  drawSummary();
  const move = markedMove(page.view);
  $('review-detail').textContent = move ? `${page.game.moves[page.view - 1]}${move.judgment.mark} ${verdictText(move)}` : '';
  const none = markedPlies().length === 0;
  $('prev-mistake').disabled = none;
  $('next-mistake').disabled = none;
}

// Each side's accuracy and its counts of marks, a row a side; hidden without a review.
function drawSummary() {
  const review = gameReview();
  const table = $('review-summary');
  table.hidden = !review;
  if (!review) {
    table.replaceChildren();
    return;
  }
  const row = (tag, cells) => {
    const tr = document.createElement('tr');
    tr.append(...cells.map(([text, title]) => {
      const cell = document.createElement(tag);
      cell.textContent = text;
      if (title) cell.title = title;
      return cell;
    }));
    return tr;
  };
  const head = row('th', [[''], ['accuracy', 'lichess\'s accuracy, 0 to 100 %'], ...COUNTS.map(([key, mark]) => [mark, key])]);
  const sides = ['white', 'black'].map((side) => {
    const figures = review[side];
    const accuracy = figures.accuracy == null ? '–' : `${figures.accuracy.toFixed(1)}%`;
    const tr = row('td', [[side === 'white' ? 'White' : 'Black'], [accuracy], ...COUNTS.map(([key]) => [String(figures[key])])]);
    tr.dataset.side = side;
    return tr;
  });
  table.replaceChildren(head, ...sides);
}
