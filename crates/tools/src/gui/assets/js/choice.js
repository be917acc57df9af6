// The question between moves that the two squares do not tell apart (page.choice): Duel's two
// L-paths, the sizes a Dipole stack can bear off, a promotion, Dame's capture sequences. A button per
// move and Cancel; a click on one is the pointer's (js/input.js).

import { $ } from './dom.js';
import { page } from './state.js';

export function drawChoice() {
  const box = $('choice');
  const candidates = page.choice;
  box.hidden = !candidates;
  if (!candidates) return box.replaceChildren();
  const question = document.createElement('div');
  const routes = candidates.some((m) => m.via || (m.captured && m.captured.length));
  question.textContent = routes ? 'Which way? Click an arrow on the board or:' : candidates.some((m) => m.off) ? 'How many checkers bear off?' : candidates.some((m) => m.promotion) ? 'Promote to:' : 'Which move?';
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.className = 'cancel';
  cancel.textContent = 'Cancel';
  return box.replaceChildren(question, ...candidates.map(moveButton), cancel);
}

function moveButton(move, i) {
  const button = document.createElement('button');
  button.type = 'button';
  button.dataset.move = move.text;
  if (move.via) button.className = `choice-${i % 2}`; // the colour of its arrow
  const landing = document.createElement('b');
  const label = document.createElement('span');
  if (move.via) label.textContent = `via ${move.via} (${move.text})`;
  else if (move.off) label.textContent = `${move.count} (${move.text})`;
  else if (move.promotion) label.textContent = `${move.promotion} (${move.text})`;
  else label.textContent = move.text;
  button.append(landing, label);
  return button;
}

// What the piece shows where move `text` lands it (a die's top value), before the move's label.
export function showLanding(text, shows) {
  const button = [...$('choice').querySelectorAll('button[data-move]')].find((b) => b.dataset.move === text);
  if (button && shows) button.querySelector('b').textContent = `${shows} `;
}
