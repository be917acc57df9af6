// The panels beside the board: the move list, the engine's lines, the evaluation graph, the status
// line, the banner, the message and the protocol log.

import { $, el } from './dom.js';
import { scoreText } from './engine.js';
import { drawArrows } from './marks.js';
import { isHuman, live, page } from './state.js';

const LOG_LINES = 400;

// The move list: a row per move number, White's move then Black's, and the result under the last.
export function drawMoves() {
  const list = $('moves');
  const cell = (cls, text, ply) => {
    const span = document.createElement('span');
    span.className = cls;
    span.textContent = text;
    if (ply != null) {
      span.dataset.ply = String(ply);
      if (page.view === ply) span.classList.add('current');
    }
    return span;
  };
  const nodes = [cell('move', 'start', 0)];
  // The side that moved first: the first mover in the history shown, or the side to move at the start.
  const firstSide = page.state.history.length ? page.state.history[0].side : page.state.side;
  let number = 1;
  page.game.moves.forEach((text, i) => {
    const side = (i % 2 === 0) === (firstSide === 'white') ? 'white' : 'black';
    if (side === 'white' || i === 0) nodes.push(cell('number', `${number}.`));
    if (side === 'black' && i === 0) nodes.push(cell('number', '…'));
    nodes.push(cell('move', text, i + 1));
    if (side === 'black') number += 1;
  });
  const result = gameResult();
  if (result) nodes.push(cell('result', result));
  list.replaceChildren(...nodes);
  const current = list.querySelector('.current');
  if (current) current.scrollIntoView({ block: 'nearest' });
}

// The key of the game's first `plies` moves, under which what was said about them is kept.
function gameKey(plies) {
  return JSON.stringify([page.game.variant, page.game.start, page.game.moves.slice(0, plies)]);
}

// What the rules said after each position shown (the announcement or the end), by game key: an
// announcement stays until the next move of the side that made it, a result while the game is the same.
const said = new Map();
let ending = null;
let notice = '';

function remember() {
  const state = page.state;
  if (!state) return;
  // The state's own ply, not the ply asked for next: a state may be on its way.
  const ply = state.history.length;
  if (said.size > 5000) said.clear();
  said.set(gameKey(ply), state.end ? '' : state.announcement || '');
  if (state.end && ply === page.game.moves.length) ending = { key: gameKey(ply), end: state.end };
}

function gameResult() {
  remember();
  return ending && ending.key === gameKey(page.game.moves.length) ? ending.end.result : null;
}

// The banner: a notice about the engine, then the result, or the announcements still in force.
function drawBanner() {
  remember();
  const state = page.state;
  const lines = [notice];
  if (state && state.end) lines.push(state.end.text);
  else if (state && state.history.length > 0) {
    const ply = state.history.length;
    lines.push(said.get(gameKey(ply - 1)) || '', said.get(gameKey(ply)) || '');
  }
  const banner = $('banner');
  banner.replaceChildren(...[...new Set(lines.filter(Boolean))].map((text) => {
    const div = document.createElement('div');
    div.textContent = text;
    return div;
  }));
  banner.classList.toggle('end', Boolean(state && state.end));
}

// The two players beside the board: who plays each side, at what level, and whose turn it is.
function drawPlayers() {
  const state = page.state;
  const mode = $('mode').value;
  const kind = $('limit-kind').value;
  const value = $('limit-value').value;
  const limit = kind === 'movetime' ? `${value} ms a move` : kind === 'depth' ? `depth ${value}` : `clock ${value}`;
  const named = $('level-choice').hidden ? '' : `${$('level').selectedOptions[0].textContent}, `;
  const level = named + limit;
  for (const side of ['white', 'black']) {
    const card = $(`player-${side}`);
    const colour = side === 'white' ? 'White' : 'Black';
    const human = mode === 'both' || mode === side;
    card.querySelector('.name').textContent = mode === 'both' ? colour : human ? `You (${colour})` : `${page.engineName} (${colour})`;
    card.querySelector('.level').textContent = human ? '' : level;
    card.classList.toggle('to-move', Boolean(state && !state.end && state.side === side));
  }
}

export function drawLines() {
  const box = $('lines');
  box.replaceChildren(...page.lines.filter(Boolean).map((info, i) => {
    const div = document.createElement('div');
    div.className = 'line';
    div.dataset.multipv = String(i + 1);
    const nps = info.nps != null ? `${Math.round(info.nps / 1000)} kn/s` : '';
    div.textContent = `${i + 1}. ${scoreText(info)}${info.bound ? (info.bound === 'lowerbound' ? '≥' : '≤') : ''}  depth ${info.depth}  ${nps}  ${(info.pv || []).join(' ')}`;
    return div;
  }));
  drawArrows();
}

export function drawGraph() {
  const svg = $('graph');
  const W = 400;
  const H = 120;
  const plies = Math.max(page.game.moves.length, 10);
  const x = (ply) => (ply / plies) * W;
  const y = (cp) => H / 2 - (Math.max(-800, Math.min(800, cp)) / 800) * (H / 2 - 4);
  svg.replaceChildren();
  el('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'axis' }, svg);
  const points = [];
  page.game.evals.forEach((cp, ply) => {
    if (cp != null && ply <= page.game.moves.length) points.push([x(ply), y(cp)]);
  });
  svg.dataset.points = String(points.length);
  if (points.length) {
    const line = points.map(([px, py]) => `${px},${py}`).join(' ');
    el('polygon', { points: `${points[0][0]},${H / 2} ${line} ${points[points.length - 1][0]},${H / 2}`, class: 'area' }, svg);
    el('polyline', { points: line, class: 'eval' }, svg);
  }
  el('line', { x1: x(page.view), y1: 0, x2: x(page.view), y2: H, class: 'now' }, svg);
}

export function drawStatus() {
  const state = page.state;
  let text;
  if (state.end) {
    text = state.end.text;
  } else {
    const who = state.side === 'white' ? 'White' : 'Black';
    const mode = $('mode').value;
    const role = mode === 'both' ? '' : isHuman(state.side) ? ' (you)' : ` (${page.engineName})`;
    text = `${who}${role} to move, move ${state.move_number}`;
    if (!live()) text += ` — looking at move ${page.view} of ${page.game.moves.length}; a move here keeps the rest as a side line`;
  }
  $('status').textContent = text;
  drawPlayers();
  drawBanner();
  if (messageKey !== gameKey(page.view)) $('message').textContent = '';
}

// A notice in the banner, above what the rules announce (those are drawn from the position: a
// notice repeating one is shown once); an empty text clears it.
export function showBanner(text) {
  notice = text;
  drawBanner();
}

// A message about the position shown (a refused move, an engine's error); it goes when another
// position is shown.
let messageKey = null;

export function showMessage(text) {
  $('message').textContent = text;
  messageKey = gameKey(page.view);
}

export function log(line) {
  const box = $('log');
  const lines = box.textContent ? box.textContent.split('\n') : [];
  lines.push(line);
  box.textContent = lines.slice(-LOG_LINES).join('\n');
  box.scrollTop = box.scrollHeight;
}
