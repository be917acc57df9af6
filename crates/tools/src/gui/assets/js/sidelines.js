// Side lines listed under the move list: the moves cut off when a move is played from an earlier
// position (js/game.js keeps them), a button each; a click makes one the game again (js/main.js).

import { $ } from './dom.js';
import { page } from './state.js';

const SHOWN_MOVES = 4; // how many of a side line's moves its entry shows

// The list of side lines under the move list.
export function drawSideLines() {
  const box = $('side-lines');
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
