// Game files in the page (docs/gamefiles.md, "In the GUI and the page"): the
// new-game dialog's "Open a game file" takes a file (picker) or its text
// (paste) and sends it to the session (`game_file`), whose engine reads it
// with the CLI's parser: its games join the dialog's list (a new `setup`),
// or its refusal is shown as the CLI shows it (FILE:LINE: FIELD: ...). The
// page knows no rules: it keeps the text alone. Each accepted file is kept
// in localStorage ('rulezero.gamefiles': [{name, text}]) and sent again
// each time the connection opens, before `hello`, so its games are listed
// after a reload and a stored game of one of them restores (saving.js
// sends `restore` after the first state, which comes after the files). A
// link of a game of a kept file carries the file (link.js); opened, the
// link's file is read and kept here the same way.
import { $ } from './dom.js';
import { rz, on } from './store.js';
import { send, onMessage, onOpen } from './connection.js';

export const FILES_KEY = 'rulezero.gamefiles';
const pending = new Map();   // name -> { opened: true when the person opened it now, text, done: a link's wait }
const gamesOf = new Map();   // name -> the games the session read in that file
let selectNext = null;       // the first game of a file just opened: chosen once the new setup lists it

function storage() {
  try { return window.localStorage; } catch (e) { return null; }
}

function storedFiles() {
  const store = storage();
  let list = null;
  try { list = JSON.parse((store && store.getItem(FILES_KEY)) || '[]'); } catch (e) { list = null; }
  return Array.isArray(list) ? list.filter(f => f && typeof f.name === 'string' && typeof f.text === 'string') : [];
}

function storeFiles(list) {
  const store = storage();
  try { if (store) store.setItem(FILES_KEY, JSON.stringify(list)); } catch (e) {
    console.warn('rulezero: the game file could not be kept in this browser:', e);
  }
}

function keep(name, text) {
  storeFiles(storedFiles().filter(f => f.name !== name).concat([{ name, text }]));
}

function forget(name) {
  storeFiles(storedFiles().filter(f => f.name !== name));
}

function showStatus(text) { $('ng-file-status').textContent = text; }
function showError(text) {
  $('ng-file-error').textContent = text;
  $('ng-file-error').hidden = !text;
}

function openFile(name, text, opened, done = null) {
  showError('');
  pending.set(name, { opened, text, done });
  if (!send({ type: 'game_file', name, text })) {
    pending.delete(name);
    if (done) done({ ok: false, error: 'the page is still loading' });
  } else if (opened) showStatus('Reading ' + name + '…');
}

// The game file kept in this browser that holds `variant` ({name, text}), or
// null: a link of its game carries it (link.js).
export function gameFileOf(variant) {
  return storedFiles().find(f => (gamesOf.get(f.name) || []).includes(variant)) || null;
}

// A game file a link carried, opened for its game: resolves { ok, error }
// once the session read it (kept in this browser, as one opened by hand).
export function openLinkedFile(name, text) {
  return new Promise(resolve => openFile(name, text, false, resolve));
}

// The session's answer: the file's games, or why it was refused.
function answered(msg) {
  const asked = pending.get(msg.name);
  if (!asked) return;
  pending.delete(msg.name);
  if (asked.done) asked.done({ ok: !!msg.ok, error: msg.error || 'the game file was refused' });
  if (!msg.ok) {
    if (asked.done) return;   // a link's file: the link's refusal says why
    showError(msg.error || 'the game file was refused');
    showStatus('');
    if (!asked.opened) forget(msg.name);   // a kept file this build refuses now: said once, then dropped
    return;
  }
  keep(msg.name, asked.text);
  const games = msg.games || [];
  gamesOf.set(msg.name, games);
  if (asked.opened) {
    showStatus(msg.name + ': ' + (games.length ? games.join(', ') : 'no new game') + ' (kept in this browser)');
    selectNext = games[0] || null;
  }
}

// The new setup lists the games: the dialog shows the first of the file opened.
function chooseOpened() {
  const select = $('ng-variant');
  if (!selectNext || !rz.setup || ![...select.options].some(o => o.value === selectNext)) return;
  select.value = selectNext;
  selectNext = null;
  select.dispatchEvent(new Event('change'));
}

let pasted = 0;
function openPasted() {
  const text = $('ng-file-text').value;
  if (!text.trim()) { showError('Paste the text of a game file first.'); return; }
  const taken = new Set(storedFiles().map(f => f.name));
  let name;
  do { name = 'pasted-' + (++pasted) + '.ini'; } while (taken.has(name));
  openFile(name, text, true);
}

function openPicked() {
  const file = $('ng-file').files[0];
  if (!file) return;
  file.text().then(text => openFile(file.name, text, true),
    e => showError(file.name + ': cannot be read (' + (e && e.message ? e.message : e) + ')'));
}

export function initGameFiles() {
  onOpen(() => { for (const f of storedFiles()) openFile(f.name, f.text, false); });
  onMessage('game_file', answered);
  on('setup', chooseOpened);
  $('ng-file').addEventListener('change', openPicked);
  $('ng-file-open').onclick = openPasted;
}
