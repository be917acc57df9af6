// Side lines: the moves cut off when a move is played from an earlier position are kept beside the
// game, listed under the move list, and one click makes a side line the game again (the game it
// replaces becomes a side line in its turn).

import { $ } from './dom.js';
import { loadState } from './game.js';
import { showBanner } from './panels.js';
import { stopSearches } from './search.js';
import { page } from './state.js';

const SHOWN_MOVES = 4; // how many of a side line's moves its entry shows

// Keeps the game's moves after `from` as a side line, before a move played at `from` cuts them.
export function keepSideLine(from) {
  const game = page.game;
  if (game.moves.length <= from) return;
  const line = {
    from, moves: game.moves.slice(), comments: game.comments.slice(0, game.moves.length),
    evals: game.evals.slice(0, game.moves.length + 1),
  };
  const same = (l) => l.moves.length === line.moves.length && l.moves.every((m, i) => m === line.moves[i]);
  if (!game.sideLines.some(same)) game.sideLines.push(line);
}

// Makes side line `index` the game, at its first own move; the game becomes a side line.
export function switchToSideLine(index) {
  const game = page.game;
  const line = game.sideLines[index];
  if (!line) return;
  stopSearches();
  game.sideLines.splice(index, 1);
  let common = 0;
  while (common < line.moves.length && line.moves[common] === game.moves[common]) common += 1;
  keepSideLine(common);
  game.moves = line.moves;
  game.comments = line.comments;
  game.evals = line.evals;
  game.forfeit = null;
  page.view = Math.min(line.from + 1, line.moves.length);
  showBanner('', false);
  loadState();
}

// The list of side lines under the move list.
export function drawSideLines() {
  let box = $('side-lines');
  if (!box) {
    box = document.createElement('div');
    box.id = 'side-lines';
    box.setAttribute('aria-label', 'side lines');
    $('moves').after(box);
    box.addEventListener('click', (event) => {
      const button = event.target.closest('button[data-line]');
      if (button) switchToSideLine(Number(button.dataset.line));
    });
  }
  const lines = page.game.sideLines;
  box.hidden = lines.length === 0;
  box.replaceChildren(...lines.map((line, i) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'side-line';
    button.dataset.line = String(i);
    const shown = line.moves.slice(line.from, line.from + SHOWN_MOVES);
    const more = line.moves.length > line.from + SHOWN_MOVES ? ' …' : '';
    button.textContent = `Side line after ply ${line.from}: ${shown.join(' ')}${more}`;
    button.title = 'Make this line the game again (the game is kept as a side line)';
    return button;
  }));
}
