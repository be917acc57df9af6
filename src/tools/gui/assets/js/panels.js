// The panels beside the board: the move list, the engine's lines, the evaluation graph, the status
// line, the banner, the message and the protocol log.

import { $, el } from './dom.js';
import { scoreText } from './engine.js';
import { drawArrows } from './marks.js';
import { isHuman, live, page } from './state.js';

const LOG_LINES = 400;

export function drawMoves() {
  const list = $('moves');
  const nodes = [];
  const startSpan = document.createElement('span');
  startSpan.className = `move${page.view === 0 ? ' current' : ''}`;
  startSpan.dataset.ply = '0';
  startSpan.textContent = 'start';
  nodes.push(startSpan);
  // The side that moved first: the first mover in the history shown, or the side to move at the start.
  const firstSide = page.state.history.length ? page.state.history[0].side : page.state.side;
  let number = 1;
  page.game.moves.forEach((text, i) => {
    const side = (i % 2 === 0) === (firstSide === 'white') ? 'white' : 'black';
    if (side === 'white' || i === 0) {
      const n = document.createElement('span');
      n.className = 'number';
      n.textContent = side === 'white' ? `${number}.` : `${number}...`;
      nodes.push(n);
    }
    const span = document.createElement('span');
    span.className = `move${page.view === i + 1 ? ' current' : ''}`;
    span.dataset.ply = String(i + 1);
    span.textContent = text;
    nodes.push(span);
    if (side === 'black') number += 1;
  });
  list.replaceChildren(...nodes);
  const current = list.querySelector('.current');
  if (current) current.scrollIntoView({ block: 'nearest' });
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
    if (!live()) text += ` — looking at move ${page.view} of ${page.game.moves.length}; a move here starts a new line`;
  }
  $('status').textContent = text;
}

export function showBanner(text, ended) {
  const banner = $('banner');
  banner.textContent = text;
  banner.classList.toggle('end', Boolean(ended));
}

export function showMessage(text) {
  $('message').textContent = text;
}

export function log(line) {
  const box = $('log');
  const lines = box.textContent ? box.textContent.split('\n') : [];
  lines.push(line);
  box.textContent = lines.slice(-LOG_LINES).join('\n');
  box.scrollTop = box.scrollHeight;
}
