// Premoves (one, as on lichess): while the other side is to move (the engine,
// or the other seat's person), a person may pick one of their own pieces
// (on a board or in their hand) and a square; the two are kept and marked.
// When the turn comes, the page walks the new tree of legal turns with those
// two clicks: if they complete a turn it is sent at once, else the premove
// is dropped with a notice (#premove-note, and the live region). A click
// anywhere else but on a control (a button, a field), a right click, a new
// game, an undo or the game's end cancels it. The page still knows no rules: what is legal is only asked of
// the tree the server sends with the turn.
import { $, el } from './dom.js';
import { rz, on, render, completedTurnIn } from './store.js';
import { send } from './connection.js';
import { addStylesheet } from './assets.js';
import { announce } from './access.js';

const pm = rz.premove = { from: null, clicks: null, note: '' };   // window.rulezero.premove for the tests

// The one side this page's person plays (null: none, or both).
function mySide(s) {
  const sides = ['white', 'black'].filter(c => (rz.seat ? rz.seat[c] : s.players && s.players[c] && s.players[c].id === 'human'));
  return sides.length === 1 ? sides[0] : null;
}

// A premove can be entered now: the live game goes on and the other side is to move.
function premoveTime() {
  const s = rz.state;
  if (!s || s.result || rz.viewPly !== null || (rz.analysis && rz.analysis.msg)) return false;
  const me = mySide(s);
  return !!me && s.side !== me && s.to_move !== 'none';
}

// The [data-click] element of the game's boards or hands under a pointer event, or null.
function clickTarget(node) {
  const t = node && node.closest('[data-click]');
  return t && t.closest('#boards, #hand-top, #hand-bottom') ? t : null;
}

// Does the element hold a piece of `side` (a square's piece, or a hand piece)?
function ownPiece(t, side) {
  if (t.dataset.hand) return t.dataset.hand.startsWith(side + ':') && Number(t.dataset.count) > 0;
  const piece = t.querySelector('[data-piece]');
  return !!piece && piece.dataset.piece.startsWith(side + ':');
}

function setNote(text) {
  pm.note = text;
  if (text) announce(text);
  render();
}

function cancel() {
  if (!pm.from && !pm.clicks) return;
  pm.from = null;
  pm.clicks = null;
  render();
}

function onPointerDown(event) {
  if (!premoveTime()) return;
  if (event.button === 2) { cancel(); return; }
  if (event.button !== 0) return;
  const t = clickTarget(event.target);
  const click = t && t.dataset.click;
  if (!t && event.target.closest('button, a, input, select, textarea, label, dialog, #notice')) return;   // a control (Move now...) keeps it
  if (pm.clicks || !t) { cancel(); if (!t) return; }
  const me = mySide(rz.state);
  if (!pm.from) {
    if (ownPiece(t, me)) { pm.from = click; setNote(''); render(); }
    return;
  }
  if (click === pm.from || t.dataset.hand) { cancel(); return; }
  if (ownPiece(t, me)) { pm.from = click; render(); return; }   // another piece of one's own: picked instead
  pm.clicks = [pm.from, click];
  pm.from = null;
  render();
}

// The turn came: the premove played if the clicks make a legal turn, else dropped.
function onState(state, info) {
  if (info.newGame || state.result || (info.old && state.moves.length < info.old.moves.length)) { pm.from = null; pm.clicks = null; return; }
  if (!pm.clicks || state.to_move !== 'human' || state.side !== mySide(state) || !state.legal) return;
  const clicks = pm.clicks;
  pm.clicks = null;
  const text = completedTurnIn(state.legal, clicks);
  if (text !== null && send({ type: 'turn', text })) {
    rz.pendingTurnAt = performance.now();
    setNote('');
  } else {
    setNote('Premove ' + clicks.join(' → ') + ' dropped: it is not a legal turn now.');
  }
}

function mark() {
  for (const c of document.querySelectorAll('#layout .premove, #layout .premove-from')) c.classList.remove('premove', 'premove-from');
  const pick = (click, cls) => {
    const t = document.querySelector('#layout [data-click="' + CSS.escape(click) + '"]');
    if (t) t.classList.add(cls);
  };
  if (pm.from) pick(pm.from, 'premove-from');
  if (pm.clicks) pm.clicks.forEach(c => pick(c, 'premove'));
  const box = $('premove-note');
  box.classList.toggle('pending', !!pm.clicks);
  box.textContent = pm.clicks ? 'Premove ' + pm.clicks.join(' → ') + ' (a click elsewhere cancels it)' : pm.note;
  box.hidden = !box.textContent;
}

export function initPremove() {
  addStylesheet('premove.css');   // none in the single file: its CSS is inlined
  const note = el('div', 'premove-note');
  note.id = 'premove-note';
  note.hidden = true;
  $('status').after(note);
  // Capture: before input.js redraws the boards (which would detach the pressed cell).
  document.addEventListener('pointerdown', onPointerDown, true);
  document.addEventListener('contextmenu', event => { if (premoveTime() && (pm.from || pm.clicks)) { event.preventDefault(); cancel(); } });
  on('state', onState);
  on('render', mark);
}
