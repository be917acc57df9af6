// What is drawn over the pieces: the king in check, the last move, the piece picked and where it may
// go (with what it would show there, page.previews), and the arrows (the engine's best move, or the
// moves to choose between; a click on one is the pointer's, js/input.js).

import { $, el, textEl } from './dom.js';
import { MARGIN, S, boardIndex, boardOfSquare, geometry } from './geometry.js';
import { destinations, findLegal } from './legal.js';
import { page } from './state.js';

export function drawMarks() {
  const marks = $('marks');
  const g = geometry();
  if (!marks || !g) return;
  marks.replaceChildren();
  // The king under DUEL or check glows, as long as the position stands.
  if (page.state.check) {
    for (const p of page.state.board.pieces || []) {
      if (p.owner !== page.state.side || !(p.king === true || p.kind === 'king')) continue;
      const [cx, cy] = g.center(p.square, boardIndex(p.board));
      el('circle', { cx, cy, r: S * 0.6, class: 'check', 'data-square': p.square }, marks);
    }
  }
  const last = page.state.last_move;
  if (last) {
    // A capture sequence (Dame) also marks every landing square and the pieces it took; an Alice
    // move starts on its board and the piece lands on the other.
    const b = boardIndex(last.board);
    for (const name of new Set([last.from, ...(last.path || []), last.to])) {
      if (!name) continue;
      const [x, y] = g.origin(name, name === last.from ? b : g.boards - 1 - b);
      el('rect', { x, y, width: S, height: S, class: 'last', 'data-square': name }, marks);
    }
    for (const name of last.captured || []) {
      const [cx, cy] = g.center(name);
      el('circle', { cx, cy, r: S / 2 - 10, class: 'taken', 'data-square': name }, marks);
    }
  }
  document.querySelectorAll('#board .dest').forEach((n) => n.classList.remove('dest'));
  if (!page.selected) return;
  const on = boardOfSquare(page.selected);
  const [px, py] = g.origin(page.selected, on);
  el('rect', { x: px, y: py, width: S, height: S, class: 'picked' }, marks);
  for (const name of destinations(page.selected)) {
    if (name === 'off') {
      document.querySelectorAll('#board .off').forEach((n) => n.classList.add('dest'));
      continue;
    }
    const square = document.querySelector(`#board rect.sq[data-square="${name}"]`);
    if (square) square.classList.add('dest');
    const [cx, cy] = g.center(name, on);
    const known = page.previews.key === `${page.state.position} ${page.selected}` ? page.previews.marks.get(name) : null;
    const shows = known ? [...new Set(known)].join('/') : '';
    el('circle', { cx, cy, r: shows ? 9 + 4 * shows.length : 9, class: 'dest-dot' }, marks);
    if (shows) textEl(marks, cx, cy, shows, 'dest-value');
  }
}

// The arrow of a move: from its square, through its turn if any, to its square or off the board.
export function arrowPoints(g, move) {
  const on = boardIndex(move.board);
  const points = [g.center(move.from, on)];
  if (move.via) points.push(g.center(move.via));
  if (move.path) move.path.slice(0, -1).forEach((name) => points.push(g.center(name)));
  if (move.off) {
    const [cx] = points[0];
    const up = (page.state.side === 'white') !== page.flipped;
    points.push([cx, up ? MARGIN + g.off / 2 : g.height - MARGIN - g.off / 2]);
  } else if (move.to) {
    points.push(g.center(move.to, on));
  }
  // The ends stop short of the squares' centres, so that the arrow leaves the values on the pieces
  // it joins readable.
  const pull = (end, toward) => {
    const [dx, dy] = [toward[0] - end[0], toward[1] - end[1]];
    const length = Math.hypot(dx, dy);
    const by = Math.min(S * 0.45, length / 2.5);
    return length ? [end[0] + (dx / length) * by, end[1] + (dy / length) * by] : end;
  };
  if (points.length >= 2) {
    const n = points.length;
    [points[0], points[n - 1]] = [pull(points[0], points[1]), pull(points[n - 1], points[n - 2])];
  }
  return points.map(([x, y]) => `${x},${y}`).join(' ');
}

export function drawArrows() {
  const layer = $('arrows');
  const g = geometry();
  if (!layer || !g) return;
  layer.replaceChildren();
  if (page.choice) {
    page.choice.forEach((move, i) => {
      if (!move.from || (!move.to && !move.off)) return;
      el('polyline', { points: arrowPoints(g, move), class: `arrow choice-${i % 2}`, 'marker-end': `url(#head-${i % 2})`, 'data-move': move.text }, layer);
    });
    return;
  }
  const search = page.searches[0];
  const best = page.lines[0];
  if ($('analyse').checked && best && best.pv && best.pv.length && search && !search.ignore && search.ply === page.view) {
    const move = findLegal(best.pv[0]);
    if (move && move.from) el('polyline', { points: arrowPoints(g, move), class: 'arrow best', 'marker-end': 'url(#head-best)', 'data-move': move.text }, layer);
  }
}
