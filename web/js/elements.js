// elements.js: the few DOM helpers the panel and the dialogs share.

/** A new element with a class and a text (both optional). */
export function node(tag, className = '', text = '') {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text) element.textContent = text;
  return element;
}

/** A side's piece, small, beside its name. */
export const pieceDot = (side) => node('span', `turn-piece small piece-${side}`);
