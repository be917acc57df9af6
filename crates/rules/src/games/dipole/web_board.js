// Dipole's drawing on the page of `duel gui` (the page's js/opening.js loads it, and js/board.js
// draws with it, handing it the geometry `g`: its `size`, `piece`, `shape` and `text` are all a
// drawing needs, so it imports nothing): its stacks, and the strips above and below the board to
// bear off onto, from the board JSON of web_board.rs beside this file.

// A stack: discs piled up to show its height, the height written on the top one.
function drawStack(parent, g, p) {
  const S = g.size;
  const group = g.piece(parent, p);
  group.dataset.height = String(p.height);
  const layers = Math.min(p.height, 6);
  for (let i = 0; i < layers; i++) {
    g.shape('ellipse', { cx: S / 2, cy: S / 2 + 8 - i * 3, rx: 22, ry: 15, class: `body-${p.owner}` }, group);
  }
  g.text(group, S / 2, S / 2 + 8 - (layers - 1) * 3, String(p.height), `height ink-${p.owner}`);
}

export default {
  kind: 'dipole',
  // For a newcomer: the move box's example, and the rules card the page shows (short, in the game's words).
  example: "e1-e5",
  rules: [
    "Each side starts with one stack of 12 checkers (White e1, Black d8); only dark squares are used.",
    "Take k checkers off the top of a stack and move them exactly k squares in a line (straight lines need an even k).",
    "Plain moves and merges go forward or diagonally forward; a capture goes any way onto an enemy stack no taller than k.",
    "Bear off: a forward move that would leave the board removes those k checkers (e1-off:4).",
    "You must move if you can; with no move you pass. The side with no checkers left loses, even by bearing off its last.",
  ],
  offBar: 34, // the bearing-off strips above and below the board
  drawPieces(layer, g, board) {
    board.stacks.forEach((p) => drawStack(layer, g, p));
  },
};
