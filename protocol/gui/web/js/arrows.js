// Arrows and circles drawn by the person, as on lichess: a right-click on a
// square rings it, a right-drag from one square to another draws an arrow
// (from one board to the other too, in Nick Danger), the same shape again
// removes it, a left click on the board clears them all. Shift, Alt (or Ctrl)
// and both give other colours. Drawn as one SVG over #boards, again after
// every render and resize; the shapes are kept by square name, so flipping
// the board keeps them where they belong. window.rulezero.shapes holds them.
// The analysis board has a layer of its own (shapesOn), beside the engine's
// arrows, with its shapes in window.rulezero.analysis.shapes.
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

// One board's shapes: box (the boards' element id: the game's #boards, the
// analysis board's #an-boards), holder (whose .shapes list keeps them:
// window.rulezero for the game's), and what is being dragged.
class ShapeLayer {
  constructor(box, holder) { this.box = box; this.holder = holder; this.pending = null; holder.shapes = []; }

  // Adds the shape, or removes it when the same one is there (another colour replaces it).
  toggle(shape) {
    const list = this.holder.shapes;
    const i = list.findIndex(s => s.from === shape.from && s.to === shape.to);
    if (i >= 0) {
      const same = list[i].colour === shape.colour;
      list.splice(i, 1);
      if (same) { this.draw(); return; }
    }
    list.push(shape);
    this.draw();
  }

  clear() {
    if (!this.holder.shapes.length) return;
    this.holder.shapes = [];
    this.draw();
  }

  cell(square) { return document.querySelector('#' + this.box + ' [data-square="' + CSS.escape(square) + '"]'); }

  squareAt(x, y) {
    const under = document.elementFromPoint(x, y);
    const cell = under && under.closest('#' + this.box + ' [data-square]');
    return cell ? cell.dataset.square : null;
  }

  // The overlay, drawn again from the shapes (and the arrow being dragged).
  draw() {
    const box = $(this.box);
    if (!box) return;
    let svg = box.querySelector(':scope > svg.shapes');
    if (svg) svg.remove();
    const shapes = this.holder.shapes.slice();
    const p = this.pending;
    if (p && p.to && p.to !== p.from) shapes.push({ from: p.from, to: p.to, colour: p.colour });
    if (!shapes.length) return;
    const origin = box.getBoundingClientRect();
    svg = svgEl('svg', { class: 'shapes', width: origin.width, height: origin.height, viewBox: '0 0 ' + origin.width + ' ' + origin.height });
    const defs = svgEl('defs', {});
    arrowMarkers(defs, this.box);
    svg.appendChild(defs);
    for (const s of shapes) drawShape(svg, s, origin, this);
    box.appendChild(svg);
  }

  // Right-drag and right-click on the box; a left click there clears the shapes.
  wire() {
    $(this.box).addEventListener('contextmenu', e => e.preventDefault());
    document.addEventListener('pointerdown', event => {
      if (!event.target.closest('#' + this.box)) return;
      if (event.button === 0) { this.clear(); return; }
      if (event.button !== 2) return;
      const from = this.squareAt(event.clientX, event.clientY);
      this.pending = from ? { from, to: from, colour: colourOf(event) } : null;
      event.preventDefault();
    }, true);   // before the board's input, whose press draws the board anew
    document.addEventListener('pointermove', event => {
      if (!this.pending) return;
      const to = this.squareAt(event.clientX, event.clientY);
      if (to && to !== this.pending.to) { this.pending.to = to; this.draw(); }
    });
    document.addEventListener('pointerup', event => {
      if (!this.pending || event.button !== 2) return;
      const shape = this.pending;
      this.pending = null;
      const to = this.squareAt(event.clientX, event.clientY) || shape.to;
      this.toggle({ from: shape.from, to, colour: shape.colour });
    });
    window.addEventListener('resize', () => this.draw());
  }
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

// Markers named after the box: ids are the document's, and a hidden board's would not draw.
const markerId = (box, name) => (box === 'boards' ? 'arrowhead-' : box + '-arrowhead-') + name;

function arrowMarkers(defs, box) {
  for (const name of Object.keys(COLOURS)) {
    const m = svgEl('marker', { id: markerId(box, name), orient: 'auto', markerWidth: '4', markerHeight: '8', refX: '2.05', refY: '2.01' });
    m.appendChild(svgEl('path', { d: 'M0,0 V4 L3,2 Z', fill: COLOURS[name] }));
    defs.appendChild(m);
  }
}

function drawShape(svg, shape, origin, layer) {
  const a = layer.cell(shape.from);
  const b = layer.cell(shape.to);
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
    'marker-end': 'url(#' + markerId(layer.box, COLOURS[shape.colour] ? shape.colour : 'green') + ')', opacity: '.8' }));
}

// Shapes on another board (the analysis board): its box id and the object
// whose .shapes keeps them. Returns the layer: draw() after each drawing of
// the board, clear() when its position changes.
export function shapesOn(box, holder) {
  const layer = new ShapeLayer(box, holder);
  layer.wire();
  return layer;
}

// The game's board: registers after the board (each render draws the cells anew).
export function initArrows() {
  const layer = shapesOn('boards', rz);
  on('render', () => layer.draw());
  on('state', (state, info) => { if (info.newGame) rz.shapes = []; });
}
