// The chart of an analysed game: White's score per ply as an SVG line,
// clamped to +-10 pawns, mates and wins at the edges; a click picks a ply.
import { scoreText } from './evalbar.js';

const NS = 'http://www.w3.org/2000/svg';
const H = 120, PAD = 4, CLAMP = 1000;

function svgEl(tag, attrs) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
  return e;
}

// White's score of a scored ply in centipawns, clamped; null when unknown.
export function chartValue(s) {
  if (!s) return null;
  if (s.result) return s.result === '1-0' ? CLAMP : s.result === '0-1' ? -CLAMP : 0;
  if (s.mate !== null && s.mate !== undefined) return s.mate >= 0 ? CLAMP : -CLAMP;
  if (typeof s.score_cp !== 'number') return null;
  return Math.max(-CLAMP, Math.min(CLAMP, s.score_cp));
}

const xOf = (ply, plies, W) => PAD + (W - 2 * PAD) * (plies ? ply / plies : 0.5);
const yOf = v => H / 2 - (v / CLAMP) * (H / 2 - PAD);

// Draws `game` (analysis GAME: plies, scores) into the <svg> `svg`; `current`:
// the ply shown on the board or null; onPick(ply) on a click.
export function drawChart(svg, game, current, onPick) {
  const W = Math.max(120, Math.round(svg.getBoundingClientRect().width) || 300);   // drawn at its own size: round dots
  svg.textContent = '';
  svg.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
  svg.dataset.plies = String(game.plies);
  svg.appendChild(svgEl('rect', { x: 0, y: 0, width: W, height: H, class: 'chart-bg' }));
  svg.appendChild(svgEl('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'chart-mid' }));
  const points = [];
  game.scores.forEach((s, ply) => {
    const v = chartValue(s);
    if (v !== null) points.push([xOf(ply, game.plies, W), yOf(v), ply, s]);
  });
  if (points.length) {
    const line = points.map(p => p[0].toFixed(1) + ',' + p[1].toFixed(1)).join(' ');
    const first = points[0][0].toFixed(1), last = points[points.length - 1][0].toFixed(1);
    svg.appendChild(svgEl('polygon', { points: first + ',' + H / 2 + ' ' + line + ' ' + last + ',' + H / 2, class: 'chart-area' }));
    svg.appendChild(svgEl('polyline', { points: line, class: 'chart-line' }));
  }
  for (const [x, y, ply, s] of points) {
    const dot = svgEl('circle', { cx: x.toFixed(1), cy: y.toFixed(1), r: 2.5, class: 'chart-dot' });
    dot.dataset.ply = String(ply);
    dot.dataset.score = scoreText(s);
    dot.appendChild(svgEl('title')).textContent = 'after ' + ply + ' turns: ' + scoreText(s);
    svg.appendChild(dot);
  }
  if (current !== null && current !== undefined && current <= game.plies) {
    const x = xOf(current, game.plies, W).toFixed(1);
    svg.appendChild(svgEl('line', { x1: x, y1: 0, x2: x, y2: H, class: 'chart-now' }));
  }
  svg.onclick = event => {
    const r = svg.getBoundingClientRect();
    const frac = (event.clientX - r.left) / Math.max(1, r.width);
    const ply = Math.round(((frac * W - PAD) / (W - 2 * PAD)) * game.plies);
    onPick(Math.max(0, Math.min(game.plies, ply)));
  };
}
