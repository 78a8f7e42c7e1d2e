// Arrows and circles drawn by the person, as on lichess: a right-click on a
// square rings it, a right-drag from one square to another draws an arrow
// (from one board to the other too, in Nick Danger), the same shape again
// removes it, a left click on the board clears them all. Shift, Alt (or Ctrl)
// and both give other colours. Drawn as one SVG over #boards, again after
// every render and resize; the shapes are kept by square name, so flipping
// the board keeps them where they belong. window.rulezero.shapes holds them.
import { $ } from './dom.js';
import { rz, on } from './store.js';

const NS = 'http://www.w3.org/2000/svg';
const COLOURS = { green: '#15781b', red: '#b31c1c', blue: '#1b5fb3', yellow: '#d8a600' };

function colourOf(event) {
  const alt = event.altKey || event.ctrlKey;
  if (event.shiftKey && alt) return 'yellow';
  if (event.shiftKey) return 'red';
  if (alt) return 'blue';
  return 'green';
}

// Adds the shape, or removes it when the same one is there (another colour replaces it).
export function toggleShape(shape) {
  const i = rz.shapes.findIndex(s => s.from === shape.from && s.to === shape.to);
  if (i >= 0) {
    const same = rz.shapes[i].colour === shape.colour;
    rz.shapes.splice(i, 1);
    if (same) { drawShapes(); return; }
  }
  rz.shapes.push(shape);
  drawShapes();
}

export function clearShapes() {
  if (!rz.shapes.length) return;
  rz.shapes = [];
  drawShapes();
}

function squareAt(x, y) {
  const under = document.elementFromPoint(x, y);
  const cell = under && under.closest('#boards [data-square]');
  return cell ? cell.dataset.square : null;
}

function svgEl(tag, attrs) {
  const e = document.createElementNS(NS, tag);
  for (const k of Object.keys(attrs)) e.setAttribute(k, attrs[k]);
  return e;
}

function centre(cell, origin) {
  const r = cell.getBoundingClientRect();
  return { x: r.left - origin.left + r.width / 2, y: r.top - origin.top + r.height / 2, size: r.width };
}

function arrowMarkers(defs) {
  for (const name of Object.keys(COLOURS)) {
    const m = svgEl('marker', { id: 'arrowhead-' + name, orient: 'auto', markerWidth: '4', markerHeight: '8', refX: '2.05', refY: '2.01' });
    m.appendChild(svgEl('path', { d: 'M0,0 V4 L3,2 Z', fill: COLOURS[name] }));
    defs.appendChild(m);
  }
}

function drawShape(svg, shape, origin) {
  const a = document.querySelector('#boards [data-square="' + CSS.escape(shape.from) + '"]');
  const b = document.querySelector('#boards [data-square="' + CSS.escape(shape.to) + '"]');
  if (!a || !b) return;
  const p = centre(a, origin), q = centre(b, origin);
  const colour = COLOURS[shape.colour] || COLOURS.green;
  if (shape.from === shape.to) {
    const w = p.size * 0.07;
    svg.appendChild(svgEl('circle', { class: 'shape circle', 'data-shape': shape.from, cx: p.x, cy: p.y, r: p.size / 2 - w,
      fill: 'none', stroke: colour, 'stroke-width': w, opacity: '.8' }));
    return;
  }
  const w = p.size * 0.15;
  const len = Math.hypot(q.x - p.x, q.y - p.y);
  const back = Math.min(len / 2, w * 2.05);   // the head's length: the line stops where it starts
  const tx = q.x - (q.x - p.x) / len * back, ty = q.y - (q.y - p.y) / len * back;
  svg.appendChild(svgEl('line', { class: 'shape arrow', 'data-shape': shape.from + '-' + shape.to,
    x1: p.x, y1: p.y, x2: tx, y2: ty, stroke: colour, 'stroke-width': w, 'stroke-linecap': 'round',
    'marker-end': 'url(#arrowhead-' + (COLOURS[shape.colour] ? shape.colour : 'green') + ')', opacity: '.8' }));
}

// The overlay, drawn again from rz.shapes (and the arrow being dragged).
export function drawShapes() {
  const box = $('boards');
  if (!box) return;
  let svg = box.querySelector(':scope > svg.shapes');
  if (svg) svg.remove();
  const shapes = rz.shapes.slice();
  if (pending && pending.to && pending.to !== pending.from) shapes.push({ from: pending.from, to: pending.to, colour: pending.colour });
  if (!shapes.length) return;
  const origin = box.getBoundingClientRect();
  svg = svgEl('svg', { class: 'shapes', width: origin.width, height: origin.height, viewBox: '0 0 ' + origin.width + ' ' + origin.height });
  const defs = svgEl('defs', {});
  arrowMarkers(defs);
  svg.appendChild(defs);
  for (const s of shapes) drawShape(svg, s, origin);
  box.appendChild(svg);
}

let pending = null;   // a right-drag under way: { from, to, colour }

function wire() {
  const boards = $('boards');
  boards.addEventListener('contextmenu', e => e.preventDefault());
  document.addEventListener('pointerdown', event => {
    if (!event.target.closest('#boards')) return;
    if (event.button === 0) { clearShapes(); return; }
    if (event.button !== 2) return;
    const from = squareAt(event.clientX, event.clientY);
    pending = from ? { from, to: from, colour: colourOf(event) } : null;
    event.preventDefault();
  }, true);   // before input.js, whose press draws the board anew
  document.addEventListener('pointermove', event => {
    if (!pending) return;
    const to = squareAt(event.clientX, event.clientY);
    if (to && to !== pending.to) { pending.to = to; drawShapes(); }
  });
  document.addEventListener('pointerup', event => {
    if (!pending || event.button !== 2) return;
    const shape = pending;
    pending = null;
    const to = squareAt(event.clientX, event.clientY) || shape.to;
    toggleShape({ from: shape.from, to, colour: shape.colour });
  });
  window.addEventListener('resize', drawShapes);
}

// Registers after the board (each render draws the cells anew).
export function initArrows() {
  rz.shapes = [];
  on('render', drawShapes);
  on('state', (state, info) => { if (info.newGame) rz.shapes = []; });
  wire();
}
