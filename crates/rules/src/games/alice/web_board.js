// Alice chess's drawing on the page of `duel gui` (the page's js/opening.js loads it, and
// js/board.js draws with it, handing it the geometry `g`: its `size`, `piece`, `shape` and `text`
// are all a drawing needs, so it imports nothing): its pieces on its two boards, from the board
// JSON of web_board.rs beside this file.

// The chess glyphs, the same filled shapes for both sides (the colour is the fill).
const CHESS_GLYPHS = { king: '♚', queen: '♛', rook: '♜', bishop: '♝', knight: '♞', pawn: '♟' };

// An Alice chess piece: its chess glyph in its side's colour, outlined in the other's.
function drawChessPiece(parent, g, p) {
  const S = g.size;
  const group = g.piece(parent, p);
  group.dataset.kind = p.kind;
  group.dataset.board = p.board;
  g.text(group, S / 2, S / 2 + 2, CHESS_GLYPHS[p.kind] || '?', `chess body-${p.owner}`);
}

export default {
  kind: 'alice',
  // For a newcomer: the move box's example, and the rules card the page shows (short, in the game's words).
  example: "e2e4",
  rules: [
    "Chess on two boards, A and B; every piece starts on A.",
    "A piece moves by the ordinary rules on its own board, then passes to the same square of the other board, which must be empty.",
    "Only pieces on the same board attack each other: a king is in check from its own board only.",
    "Castling is played on board A; king and rook then pass to B.",
    "Checkmate wins; stalemate, the 50-move rule and threefold repetition are draws. Moves as in UCI: e2e4, e7e8q, e1g1.",
  ],
  drawPieces(layer, g, board) {
    board.pieces.forEach((p) => drawChessPiece(layer, g, p));
  },
  dropText: (from, to) => `${from}${to}`,
};
