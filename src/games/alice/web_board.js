// Alice chess's drawing on the page of `duel gui` (src/tools/gui/assets/js/board.js loads it): its
// pieces on its two boards, from the board JSON of web_board.rs beside this file.

import { S, pieceGroup } from '/js/board.js';
import { textEl } from '/js/dom.js';

// The chess glyphs, the same filled shapes for both sides (the colour is the fill).
const CHESS_GLYPHS = { king: '♚', queen: '♛', rook: '♜', bishop: '♝', knight: '♞', pawn: '♟' };

// An Alice chess piece: its chess glyph in its side's colour, outlined in the other's.
function drawChessPiece(parent, g, p) {
  const group = pieceGroup(parent, g, p);
  group.dataset.kind = p.kind;
  group.dataset.board = p.board;
  textEl(group, S / 2, S / 2 + 2, CHESS_GLYPHS[p.kind] || '?', `chess body-${p.owner}`);
}

export default {
  kind: 'alice',
  drawPieces(layer, g, board) {
    board.pieces.forEach((p) => drawChessPiece(layer, g, p));
  },
  dropText: (from, to) => `${from}${to}`,
};
