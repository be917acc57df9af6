// The page's elements: look-up by id, and the making of SVG elements.

export const $ = (id) => document.getElementById(id);
export const SVGNS = 'http://www.w3.org/2000/svg';

export function el(name, attrs, parent) {
  const node = document.createElementNS(SVGNS, name);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

export function textEl(parent, x, y, text, cls) {
  const node = el('text', { x, y, class: cls }, parent);
  node.textContent = text;
  return node;
}
