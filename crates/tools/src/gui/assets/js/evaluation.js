// The engine's evaluations as chances, from White's point of view: the bar above the move list (White's
// expected result in the position shown, in %, and the score) and the graph of it over the game, with
// a dot in its mark's colour on each move the review marked. Both draw page.game.evals (js/info.js's
// whiteEval, one per ply searched).

import { $, el } from './dom.js';
import { percentText, scoreText } from './info.js';
import { gameReview, page } from './state.js';
import { markClass, markedPlies } from './verdicts.js';

const W = 400; // the graph's viewBox
const H = 120;
const PAD = 6; // room at the ends, so that the first and last points are not cut by the edge
const EVEN = 50; // an even game's expected result, and the start's until the start is searched

// The plies the graph's width spans: the game's, and at least 10 so that a short game is not stretched.
function graphPlies() {
  return Math.max(page.game.moves.length, 10);
}

// Where a ply is drawn on the graph, in viewBox units; and the ply nearest a point `fraction` of its
// width from the left, for a click.
const plyX = (ply) => PAD + (ply / graphPlies()) * (W - 2 * PAD);
export function plyAtGraph(fraction) {
  return Math.round(((fraction * W - PAD) / (W - 2 * PAD)) * graphPlies());
}

export function drawEvaluation() {
  drawBar();
  drawGraph();
}

// The evaluation of the position shown: its own, else, after a move of the engine, the one the engine
// played it with (its search of the position before, whose best line the move follows).
function shownEval() {
  const own = page.game.evals[page.view];
  if (own) return own;
  return page.view > 0 && page.game.comments[page.view - 1] ? page.game.evals[page.view - 1] || null : null;
}

// The bar: White's share of the expected result filled in White's colour, Black's in Black's, and the
// figures beside it; greyed while the position shown has no evaluation.
function drawBar() {
  const bar = $('eval-bar');
  const known = shownEval();
  const expected = known ? known.expected : EVEN;
  bar.querySelector('.eval-white').style.width = `${expected}%`;
  bar.dataset.known = String(Boolean(known));
  bar.setAttribute('aria-valuenow', String(Math.round(expected)));
  const text = known ? `White ${percentText(expected)} · ${scoreText(known)}` : 'no evaluation yet';
  bar.setAttribute('aria-valuetext', text);
  bar.querySelector('.eval-text').textContent = text;
}

// The graph: White's expected result by ply, 100 % at the top, 50 % on the axis. The start always has a
// point, even until it is searched, so that the line is drawn from the first move on.
function drawGraph() {
  const svg = $('graph');
  const y = (expected) => H - 4 - (expected / 100) * (H - 8);
  svg.replaceChildren();
  el('title', {}, svg).textContent = 'White\'s expected result over the game: 100 % at the top, 50 % on the line';
  for (const level of [25, 75]) el('line', { x1: 0, y1: y(level), x2: W, y2: y(level), class: 'grid' }, svg);
  el('line', { x1: 0, y1: y(EVEN), x2: W, y2: y(EVEN), class: 'axis' }, svg);
  const points = [];
  page.game.evals.forEach((known, ply) => {
    if (known && ply <= page.game.moves.length) points.push([ply, known.expected]);
  });
  svg.dataset.points = String(points.length); // the plies evaluated
  if (!points.length || points[0][0] !== 0) points.unshift([0, EVEN]);
  svg.dataset.start = String(Math.round(points[0][1]));
  el('line', { x1: plyX(page.view), y1: 0, x2: plyX(page.view), y2: H, class: 'now' }, svg);
  // A point alone is a line of no length, which round caps draw as a dot (a circle would be stretched
  // with the graph): the start before any other, and the position shown, made larger.
  const at = ([ply, expected]) => `${plyX(ply)},${y(expected)}`;
  const line = (points.length > 1 ? points : [points[0], points[0]]).map(at).join(' ');
  const last = plyX(points[points.length - 1][0]);
  el('polygon', { points: `${plyX(0)},${y(EVEN)} ${line} ${last},${y(EVEN)}`, class: 'area' }, svg);
  el('polyline', { points: line, class: 'eval' }, svg);
  // The review's marks, where the review put the position after each marked move.
  const review = gameReview();
  const marked = markedPlies(review);
  svg.dataset.marked = String(marked.length);
  for (const ply of marked) {
    const point = at([ply, review.expected[ply]]);
    el('polyline', { points: `${point} ${point}`, class: `judged ${markClass(review.moves[ply - 1])}`, 'data-ply': ply }, svg);
  }
  const shown = points.find(([ply]) => ply === page.view);
  if (shown) el('polyline', { points: `${at(shown)} ${at(shown)}`, class: 'dot' }, svg);
}
