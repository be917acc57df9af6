// Duel's drawing on the page of `duel gui` (the page's js/opening.js loads it, and js/board.js
// draws with it, handing it the geometry `g`: its `size`, `piece`, `shape` and `text` are all a
// drawing needs, so it imports nothing): its dice and kings and the two goal squares, from the
// board JSON of web_board.rs beside this file.

// A die: the top value large in the middle, the four side values around it, each on the side of the
// board it faces (turned round when the board is flipped); a king: a crowned disc.
function drawDie(parent, g, p) {
  const S = g.size;
  const group = g.piece(parent, p);
  const ink = `ink-${p.owner}`;
  group.dataset.king = String(p.king);
  if (p.king) {
    g.shape('circle', { cx: S / 2, cy: S / 2, r: S / 2 - 6, class: `body-${p.owner}` }, group);
    g.shape('circle', { cx: S / 2, cy: S / 2, r: S / 2 - 10, class: 'king-ring' }, group);
    g.text(group, S / 2, S / 2 + 1, '♚', `crown ${ink}`);
    return;
  }
  for (const face of ['top', 'north', 'east', 'south', 'west']) group.dataset[face] = String(p[face]);
  g.shape('rect', { x: 5, y: 5, width: S - 10, height: S - 10, rx: 9, class: `body-${p.owner}` }, group);
  const [up, right, down, left] = g.flipped ? [p.south, p.west, p.north, p.east] : [p.north, p.east, p.south, p.west];
  g.text(group, S / 2, S / 2 + 1, String(p.top), `top ${ink}`);
  g.text(group, S / 2, 14, String(up), `side face-up ${ink}`);
  g.text(group, S - 14, S / 2 + 1, String(right), `side face-right ${ink}`);
  g.text(group, S / 2, S - 13, String(down), `side face-down ${ink}`);
  g.text(group, 14, S / 2 + 1, String(left), `side face-left ${ink}`);
}

export default {
  kind: 'duel',
  // For a newcomer: the move box's example, and the rules card the page shows (short, in the game's words).
  example: "D1-e6",
  rules: [
    "Goal: bring your king onto the enemy king's start square (the marked E8 for White, E1 for Black), or leave the opponent without a legal move.",
    "A die rolls exactly as many squares as its top value shows: straight, or in two legs with one 90° turn; the squares it passes must be empty.",
    "Rolling turns the die: the value on top changes with every square. The king steps one square (no diagonals).",
    "Landing on an enemy piece captures it; capturing is never compulsory.",
    "DUEL (+) means the move attacks the enemy king, which must then escape; DUEL-MATT (++) means the opponent has no legal move and loses.",
    "Notation: an upper-case letter is a leg along that column, a lower-case one only crosses it: D1-e6 goes north to D6, then east.",
  ],
  upper: true, // square names in capitals
  drawMarkings(svg, g, board) {
    const S = g.size;
    for (const name of Object.values(board.goals)) {
      const [x, y] = g.origin(name);
      g.shape('rect', { x: x + 3, y: y + 3, width: S - 6, height: S - 6, class: 'goal' }, svg);
    }
  },
  drawPieces(layer, g, board) {
    board.pieces.forEach((p) => drawDie(layer, g, p));
  },
  // What the die on `square` of `board` shows on top: for the dots of its destinations, and for the
  // question between two paths.
  landingMark(board, square) {
    const p = board.pieces.find((piece) => piece.square === square);
    return p && p.top ? String(p.top) : '';
  },
  landingText(board, square) {
    const top = this.landingMark(board, square);
    return top ? `${top} on top` : '';
  },
  // The move text of a piece dropped from one square on another.
  dropText: (from, to) => `${from.toUpperCase()}-${to.toLowerCase()}`,
};
