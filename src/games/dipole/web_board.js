// Dipole's drawing on the page of `duel gui` (src/tools/gui/assets/js/board.js loads it): its
// stacks, and the strips above and below the board to bear off onto, from the board JSON of
// web_board.rs beside this file.

import { S, pieceGroup } from '/js/board.js';
import { el, textEl } from '/js/dom.js';

// A stack: discs piled up to show its height, the height written on the top one.
function drawStack(parent, g, p) {
  const group = pieceGroup(parent, g, p);
  group.dataset.height = String(p.height);
  const layers = Math.min(p.height, 6);
  for (let i = 0; i < layers; i++) {
    el('ellipse', { cx: S / 2, cy: S / 2 + 8 - i * 3, rx: 22, ry: 15, class: `body-${p.owner}` }, group);
  }
  textEl(group, S / 2, S / 2 + 8 - (layers - 1) * 3, String(p.height), `height ink-${p.owner}`);
}

export default {
  kind: 'dipole',
  offBar: 34, // the bearing-off strips above and below the board
  drawPieces(layer, g, board) {
    board.stacks.forEach((p) => drawStack(layer, g, p));
  },
};
