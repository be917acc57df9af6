// Dame's drawing on the page of `duel gui` (src/tools/gui/assets/js/board.js loads it): its men
// and kings, from the board JSON of web_board.rs beside this file.

import { S, pieceGroup } from '/js/board.js';
import { el, textEl } from '/js/dom.js';

// A draughts piece: a disc; a king: two discs, crowned.
function drawDraughtsman(parent, g, p) {
  const group = pieceGroup(parent, g, p);
  group.dataset.king = String(p.king);
  if (p.king) el('circle', { cx: S / 2, cy: S / 2 + 4, r: S / 2 - 9, class: `body-${p.owner}` }, group);
  el('circle', { cx: S / 2, cy: S / 2 - (p.king ? 2 : 0), r: S / 2 - 9, class: `body-${p.owner}` }, group);
  el('circle', { cx: S / 2, cy: S / 2 - (p.king ? 2 : 0), r: S / 2 - 16, class: 'man-ring' }, group);
  if (p.king) textEl(group, S / 2, S / 2 - 1, '♛', `crown ink-${p.owner}`);
}

export default {
  kind: 'dame',
  drawPieces(layer, g, board) {
    board.pieces.forEach((p) => drawDraughtsman(layer, g, p));
  },
};
