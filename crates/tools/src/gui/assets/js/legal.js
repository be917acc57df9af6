// The legal moves of the position shown: those from a square, where they go, and the one a text names.

import { page } from './state.js';

export function legalFrom(square) {
  return page.state ? page.state.legal.filter((m) => m.from === square) : [];
}

export function destinations(square) {
  return new Set(legalFrom(square).map((m) => (m.off ? 'off' : m.to)));
}

// The legal move `text` names, with or without its check marks.
export function findLegal(text) {
  if (!page.state || !text) return null;
  const bare = (t) => t.replace(/[+#]+$/, '');
  return page.state.legal.find((m) => m.text === text) || page.state.legal.find((m) => bare(m.text) === bare(text)) || null;
}
