// Small DOM helpers shared by every module of the page.

export const $ = id => document.getElementById(id);

// A new element with a class and a text (both optional).
export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}

export function sideName(color) { return color === 'white' ? 'White' : 'Black'; }
