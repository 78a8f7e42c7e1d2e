// Preferences kept in the browser (localStorage "rulezero.prefs"): sound on or
// off, the board's colours, coordinates, the piece set. Applied at load and at
// once when changed, in a small dialog (the header's "Settings") and the
// header's speaker button. Other modules read `prefs`; a change emits 'prefs'.
import { $, el } from './dom.js';
import { rz, on, emit, render } from './store.js';
import { usePieceSet, registerPieceSet } from './pieces.js';
import { flatBody } from './flatpieces.js';

const KEY = 'rulezero.prefs';
export const THEMES = [
  { id: 'brown', name: 'Brown' }, { id: 'blue', name: 'Blue-grey' }, { id: 'green', name: 'Green' }
];
export const PIECE_SETS = [
  { id: 'drawn', name: 'Drawn (Staunton-like)' }, { id: 'flat', name: 'Flat silhouettes' },
  { id: 'letters', name: 'Letters in discs' }
];
const DEFAULTS = { sound: true, theme: 'brown', coords: true, pieces: 'drawn' };
const VALID = {
  sound: v => typeof v === 'boolean', coords: v => typeof v === 'boolean',
  theme: v => THEMES.some(t => t.id === v), pieces: v => PIECE_SETS.some(p => p.id === v)
};

function load() {
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem(KEY) || '{}') || {}; } catch (e) { saved = {}; }
  const out = { ...DEFAULTS };
  for (const k of Object.keys(DEFAULTS)) if (VALID[k](saved[k])) out[k] = saved[k];
  return out;
}

export const prefs = load();

function save() {
  try { localStorage.setItem(KEY, JSON.stringify(prefs)); } catch (e) { /* storage off: kept for this page only */ }
}

function apply() {
  const root = document.documentElement;
  root.dataset.theme = prefs.theme;
  root.classList.toggle('no-coords', !prefs.coords);
  usePieceSet(prefs.pieces);
  const b = $('btn-sound');
  if (b) {
    b.setAttribute('aria-pressed', String(prefs.sound));
    b.title = prefs.sound ? 'Sound on (click to mute)' : 'Sound off (click to turn on)';
    b.classList.toggle('muted', !prefs.sound);
  }
  const d = $('prefs');
  if (d) {
    $('pref-sound').checked = prefs.sound;
    $('pref-coords').checked = prefs.coords;
    $('pref-theme').value = prefs.theme;
    $('pref-pieces').value = prefs.pieces;
  }
}

// Sets one preference, keeps it, applies it and redraws.
export function setPref(name, value) {
  if (!VALID[name] || !VALID[name](value)) return;
  prefs[name] = value;
  save();
  apply();
  emit('prefs', prefs);
  render();
}

const SPEAKER = '<svg viewBox="0 0 24 24" aria-hidden="true"><path class="spk" d="M3 9 H7 L12 5 V19 L7 15 H3 Z"/>' +
  '<path class="waves" d="M15.5 8.5 C17.5 10.5 17.5 13.5 15.5 15.5 M18 6 C21.5 9.5 21.5 14.5 18 18"/>' +
  '<path class="cross" d="M15.5 9.5 L21 15 M21 9.5 L15.5 15"/></svg>';

function select(id, items) {
  const s = el('select');
  s.id = id;
  for (const it of items) { const o = el('option', null, it.name); o.value = it.id; s.appendChild(o); }
  return s;
}

function labelled(text, input, cls) {
  const l = el('label', cls || null);
  if (cls === 'check') { l.appendChild(input); l.appendChild(document.createTextNode(' ' + text)); }
  else { l.appendChild(document.createTextNode(text + ' ')); l.appendChild(input); }
  return l;
}

function checkbox(id) { const c = el('input'); c.type = 'checkbox'; c.id = id; return c; }

function buildDialog() {
  const d = el('dialog');
  d.id = 'prefs';
  const form = el('form');
  form.method = 'dialog';
  form.appendChild(el('h2', null, 'Preferences'));
  form.appendChild(labelled('Sounds', checkbox('pref-sound'), 'check'));
  form.appendChild(labelled('Coordinates on the board', checkbox('pref-coords'), 'check'));
  form.appendChild(labelled('Board colours', select('pref-theme', THEMES)));
  form.appendChild(labelled('Pieces', select('pref-pieces', PIECE_SETS)));
  form.appendChild(el('p', 'pref-note', 'Kept in this browser only.'));
  const row = el('div', 'controls right');
  const close = el('button', 'primary', 'Close');
  close.type = 'submit';
  close.id = 'pref-close';
  row.appendChild(close);
  form.appendChild(row);
  d.appendChild(form);
  document.body.appendChild(d);
  $('pref-sound').onchange = e => setPref('sound', e.target.checked);
  $('pref-coords').onchange = e => setPref('coords', e.target.checked);
  $('pref-theme').onchange = e => setPref('theme', e.target.value);
  $('pref-pieces').onchange = e => setPref('pieces', e.target.value);
}

function buildButtons() {
  const after = $('btn-new');
  const sound = el('button', 'icon');
  sound.id = 'btn-sound';
  sound.type = 'button';
  sound.innerHTML = SPEAKER;
  sound.onclick = () => setPref('sound', !prefs.sound);
  const settings = el('button', null, 'Settings');
  settings.id = 'btn-prefs';
  settings.type = 'button';
  settings.title = 'Preferences: sound, board, coordinates, pieces';
  settings.onclick = () => { apply(); $('prefs').showModal(); };
  after.after(sound, settings);
}

export function initPrefs() {
  registerPieceSet('flat', flatBody);
  buildDialog();
  buildButtons();
  apply();
  rz.prefs = prefs;
  on('setup', apply);
}
