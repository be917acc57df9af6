// Dame's drawing on the page of `duel gui` (the page's js/opening.js loads it, and js/board.js
// draws with it, handing it the geometry `g`: its `size`, `piece`, `shape` and `text` are all a
// drawing needs, so it imports nothing): its men and kings, from the board JSON of web_board.rs
// beside this file.

// A draughts piece: a disc; a king: two discs, crowned.
function drawDraughtsman(parent, g, p) {
  const S = g.size;
  const group = g.piece(parent, p);
  group.dataset.king = String(p.king);
  if (p.king) g.shape('circle', { cx: S / 2, cy: S / 2 + 4, r: S / 2 - 9, class: `body-${p.owner}` }, group);
  g.shape('circle', { cx: S / 2, cy: S / 2 - (p.king ? 2 : 0), r: S / 2 - 9, class: `body-${p.owner}` }, group);
  g.shape('circle', { cx: S / 2, cy: S / 2 - (p.king ? 2 : 0), r: S / 2 - 16, class: 'man-ring' }, group);
  if (p.king) g.text(group, S / 2, S / 2 - 1, '♛', `crown ink-${p.owner}`);
}

export default {
  kind: 'dame',
  // For a newcomer: the move box's example, and the rules card the page shows (short, in the game's words).
  example: "c3-d4",
  rules: [
    "German checkers on the dark squares; White moves first.",
    "A man steps one square diagonally forward and captures forward only, jumping over an enemy piece.",
    "Capturing is compulsory, and a capture goes on while the same piece can take more (c3xe5xg7).",
    "A man reaching the far row becomes a king: it moves and captures along a whole diagonal.",
    "A side with no pieces or no legal move loses.",
  ],
  drawPieces(layer, g, board) {
    board.pieces.forEach((p) => drawDraughtsman(layer, g, p));
  },
};
