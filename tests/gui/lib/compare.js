// What the page shows, read from its elements, against what the server holds
// (GET /api/state), in one comparable form.
'use strict';

// Runs in the page: the position as drawn.
function readPage() {
  const sorted = a => a.sort();
  const pieces = sorted([...document.querySelectorAll('#boards [data-square] .piece')]
    .map(p => p.closest('[data-square]').dataset.square + ':' + p.dataset.piece));
  const hands = sorted([...document.querySelectorAll('[data-hand]')].map(h => h.dataset.hand + ':' + h.dataset.count));
  const tokens = sorted([...document.querySelectorAll('#boards [data-token]')]
    .map(t => t.closest('[data-square]').dataset.square + ':' + t.dataset.token));
  const ends = {};
  for (const m of document.querySelectorAll('#boards [data-link]')) {
    (ends[m.dataset.link] = ends[m.dataset.link] || []).push(m.closest('[data-square]').dataset.square);
  }
  const links = sorted(Object.keys(ends).map(n => n + ':' + sorted(ends[n]).join('-')));
  const panels = [...document.querySelectorAll('#panels .panel')].map(p => p.dataset.panel + '|' +
    [...p.querySelectorAll('tr')].map(tr => tr.querySelector('th').textContent + '=' +
      [...tr.querySelectorAll('.item')].map(i => (i.classList.contains('current') ? '*' : '') + i.textContent).join(' ')).join(';'));
  const side = document.getElementById('status').dataset.side;
  const moves = document.querySelectorAll('#moves [data-ply]').length;
  return { pieces, hands, tokens, links, panels, side, moves };
}

// The same form from a `state` message.
function fromState(s) {
  const b = s.board;
  const sorted = a => a.sort();
  const pieces = sorted((b.pieces || []).map(p => p.square + ':' + p.color + ':' + p.letter));
  const hands = sorted((b.hands || []).flatMap(h => h.pieces.map(p => h.color + ':' + p.letter + ':' + p.count)));
  const tokens = sorted((b.tokens || []).map(t => t.cell + ':' + t.token));
  const links = sorted((b.links || []).map((l, i) => (l.number || i + 1) + ':' + sorted([l.a, l.b]).join('-')));
  const panels = (b.panels || []).map(p => p.title + '|' + (p.rows || []).map(r => r.label + '=' +
    (r.items || []).map(i => (i.current ? '*' : '') + i.text).join(' ')).join(';'));
  return { pieces, hands, tokens, links, panels, side: s.side, moves: s.moves.length };
}

function differences(shown, held) {
  const out = [];
  for (const key of Object.keys(held)) {
    const a = JSON.stringify(shown[key]);
    const b = JSON.stringify(held[key]);
    if (a !== b) out.push(key + ': page ' + a + '\n   server ' + b);
  }
  return out;
}

module.exports = { readPage, fromState, differences };
