// Games by link, with no server (issue 46; docs/web.md, "Games by link").
// A link carries the whole game in the URL's fragment, which a browser never
// sends anywhere: PAGE#game=PAYLOAD, PAYLOAD the base64url of the JSON
//   {"app":"rulezero","v":1,"id":ID,"variant":V,"options":{...},"fen":F,"turns":[...],"result":R,
//    "file":{"name":N,"text":T}}
// (ID: 12 hex digits naming the game; turns in coordinates, as state.moves[].coord;
// file: only for a game of a game file kept in this browser (gamefiles.js), whose
// whole text it carries, so that the other page can read the game first).
// Opening one (the page opened at it, a fragment changed in an open page, or
// its text pasted in "Open a link or PGN") replaces the game on the board by
// that game between two people, every turn replayed by the rules (replace.js).
//
// Correspondence: *Send as link* gives the game an id; after each turn the
// page offers the link and a text to send. This browser keeps each link
// game's turns (localStorage 'rulezero.links': {current, games: {ID:
// {variant, turns, at}}}), so that a link of a game it knows must follow it:
// the same turns, then the new ones. A link that cannot be read, that does
// not follow the game kept here, or whose turns the rules refuse is refused
// with the reason, and the game on the board and the stored games stay as
// they were.
import { $, el } from './dom.js';
import { rz, on, render } from './store.js';
import { send, onMessage, inBrowser } from './connection.js';
import { showNotice } from './notice.js';
import { whenSettled, replaceGame, recordOf } from './replace.js';
import { gameFileOf, openLinkedFile } from './gamefiles.js';

export const LINKS_KEY = 'rulezero.links';
const MAX_GAMES = 100;          // link games kept in this browser, the oldest dropped first
const MAX_TURNS = 1760;         // the longest game the rules side plays

let current = null;             // { id, gameNumber } while the board holds a link game
let lastRecord = null;          // the latest `saved` record of that game

// ---------------------------------------------------------------- the payload
function toBase64Url(text) {
  let bin = '';
  for (const b of new TextEncoder().encode(text)) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(bin, c => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

const isText = v => typeof v === 'string';

// The game a link's text carries: { game } or { problem }. Only its shape is
// checked here; its turns are the rules side's to judge.
export function readLink(text) {
  const m = /#game=([A-Za-z0-9_-]*)/.exec(text || '');
  if (!m) return { problem: 'it holds no Rule Zero game (no "#game=" part)' };
  let g;
  try { g = JSON.parse(fromBase64Url(m[1])); } catch (e) { g = null; }
  const ok = g && typeof g === 'object' && g.app === 'rulezero' && g.v === 1 && isText(g.id) && /^[0-9a-f]{12}$/.test(g.id) &&
    isText(g.variant) && isText(g.fen) && g.options && typeof g.options === 'object' && !Array.isArray(g.options) &&
    Array.isArray(g.turns) && g.turns.length <= MAX_TURNS && g.turns.every(isText) &&
    (g.file === undefined || (g.file && isText(g.file.name) && isText(g.file.text)));
  if (!ok) return { problem: 'it is damaged or incomplete (its game cannot be read)' };
  const file = g.file ? { name: g.file.name, text: g.file.text } : null;
  return { game: { id: g.id, variant: g.variant, options: g.options, fen: g.fen, turns: g.turns, result: g.result || null, file } };
}

function pageUrl() { return location.href.split('#')[0]; }

export function linkOf(game) {
  const payload = { app: 'rulezero', v: 1, id: game.id, variant: game.variant, options: game.options || {}, fen: game.fen || '',
    turns: game.turns };
  if (game.result) payload.result = game.result;
  const file = gameFileOf(game.variant);
  if (file) payload.file = { name: file.name, text: file.text };
  return pageUrl() + '#game=' + toBase64Url(JSON.stringify(payload));
}

// ---------------------------------------------------------------- what this browser keeps
function storage() {
  try { return window.localStorage; } catch (e) { return null; }
}

function readKept() {
  const store = storage();
  try {
    const v = JSON.parse((store && store.getItem(LINKS_KEY)) || 'null');
    if (v && typeof v === 'object' && v.games && typeof v.games === 'object') return v;
  } catch (e) { /* unreadable: start afresh */ }
  return { current: null, games: {} };
}

function keep(id, variant, turns) {
  const store = storage();
  if (!store) return;
  const kept = readKept();
  kept.games[id] = { variant, turns, at: Date.now() };
  kept.current = id;
  const ids = Object.keys(kept.games).sort((a, b) => kept.games[b].at - kept.games[a].at);
  for (const old of ids.slice(MAX_GAMES)) delete kept.games[old];
  try { store.setItem(LINKS_KEY, JSON.stringify(kept)); } catch (e) { console.warn('rulezero: the link game could not be kept:', e); }
}

// Why a link's game does not follow the one kept under its id; null when it does (or none is kept).
function notFollowing(game) {
  const known = readKept().games[game.id];
  if (!known || !Array.isArray(known.turns)) return null;
  const name = 'the game ' + game.id + ' kept in this browser';
  if (known.variant !== game.variant) return 'it is a game of ' + variantName(game.variant) + ', ' + name + ' is ' + variantName(known.variant);
  for (let i = 0; i < Math.min(known.turns.length, game.turns.length); i++) {
    if (known.turns[i] !== game.turns[i]) {
      return 'it does not follow ' + name + ': its turn ' + (i + 1) + ' is ' + game.turns[i] + ', that game\'s is ' + known.turns[i];
    }
  }
  if (game.turns.length < known.turns.length) {
    return 'it is older than ' + name + ': it has ' + game.turns.length + ' turns, that game ' + known.turns.length;
  }
  return null;
}

function variantName(id) {
  const v = rz.setup && rz.setup.variants.find(x => x.id === id);
  return v ? v.title : id;
}

// ---------------------------------------------------------------- opening a link
// Opens the game in `text` (a link, or a text holding one); `report(message)`
// says a refusal. Resolves true when the game is on the board.
export async function openLink(text, report) {
  const read = readLink(text);
  const refuse = why => { report('This link could not be opened: ' + why + '. Your game is unchanged.'); return false; };
  if (read.problem) return refuse(read.problem);
  const game = read.game;
  const problem = notFollowing(game);
  if (problem) return refuse(problem);
  const missing = await readGameFile(game);
  if (missing) return refuse(missing);
  const answer = await replaceGame(recordOf(game));
  if (!answer.ok) return refuse(answer.why);
  keep(game.id, game.variant, game.turns);
  current = { id: game.id, gameNumber: answer.state.game_number };
  lastRecord = null;
  rz.flipChosen = true;   // the one who opens it plays the side to move: that side at the bottom
  rz.flipped = answer.state.side === 'black';
  rz.link = { id: game.id, opened: game.turns.length };
  askRecord();
  render();
  return true;
}

// A game this page does not list: the game file the link carries is read
// first. Why the game cannot be opened, or null.
async function readGameFile(game) {
  if (!rz.setup || rz.setup.variants.some(v => v.id === game.variant)) return null;
  if (!game.file) {
    return 'its game "' + game.variant + '" is not one this page lists, and the link carries no game file: ' +
      'open the game file that declares it (New game, "Open a game file"), then the link again';
  }
  const read = await openLinkedFile(game.file.name, game.file.text);
  if (!read.ok) return 'its game file ' + game.file.name + ' was refused: ' + read.error;
  return null;
}

function clearFragment() {
  if (!/#game=/.test(location.hash)) return;
  try { history.replaceState(null, '', pageUrl()); } catch (e) { /* a page that cannot rewrite its URL keeps it */ }
}

function openFromFragment() {
  if (!/^#game=/.test(location.hash)) return;
  const text = location.hash;
  clearFragment();   // a reload gives back the stored game, not this link again
  openLink(text, message => showNotice('link', message));
}

// ---------------------------------------------------------------- offering the link
function askRecord() {
  // The browser build's session sends `saved` after every change by itself; the native server on request.
  if (!inBrowser) send({ type: 'save' });
}

function onSaved(msg) {
  if (!current || !rz.state || rz.state.game_number !== current.gameNumber || !msg.record) return;
  lastRecord = msg.record;
  keep(current.id, msg.record.variant, msg.record.turns);
  // Offered after a turn of this page's (not for the turns a link just brought), and by Send as link.
  if (rz.link.opened === null || msg.record.turns.length > rz.link.opened) showOffer(); else hideOffer();
}

function offerText(link) {
  const s = rz.state;
  const last = s.moves[s.moves.length - 1];
  const played = last ? (last.color === 'white' ? 'White' : 'Black') + ' played ' + last.number + (last.color === 'white' ? '. ' : '... ') + last.text
    : 'A new game';
  const next = s.result ? 'The game is over: ' + s.result.score + '.' : 'Your turn.';
  return 'Rule Zero, ' + variantName(s.variant) + ': ' + played + '. ' + next + ' Open this link in your Rule Zero page ' +
    '(rulezero.html, its site or rulezero gui), or paste this whole text in its "Open a link or PGN" box:\n' + link;
}

function showOffer() {
  const r = lastRecord;
  const link = linkOf({ id: current.id, variant: r.variant, options: r.options, fen: r.fen, turns: r.turns, result: r.result });
  $('link-url').value = link;
  $('link-text').value = offerText(link);
  $('link-copied').textContent = '';
  $('link-offer').hidden = false;
  rz.linkOffer = { link, turns: r.turns.length };   // for the tests
}

function hideOffer() {
  $('link-offer').hidden = true;
  rz.linkOffer = null;
}

function share() {
  if (!rz.state) return;
  if (!current || rz.state.game_number !== current.gameNumber) {
    const bytes = crypto.getRandomValues(new Uint8Array(6));
    current = { id: Array.from(bytes, b => b.toString(16).padStart(2, '0')).join(''), gameNumber: rz.state.game_number };
    rz.link = { id: current.id, opened: null };
  }
  rz.link.opened = null;   // asked for: offered even before a turn of this page's
  send({ type: 'save' });
}

async function copyOffer() {
  const text = $('link-text').value;
  let done = false;
  try { await navigator.clipboard.writeText(text); done = true; } catch (e) {
    $('link-text').select();
    try { done = document.execCommand('copy'); } catch (e2) { done = false; }
  }
  $('link-copied').textContent = done ? 'Copied.' : 'Select the text and copy it.';
}

// After a reload the stored game is back (saving.js): still the link game kept as current?
function resumeCurrent() {
  const kept = readKept();
  const known = kept.current && kept.games[kept.current];
  const s = rz.state;
  if (!known || !s || known.variant !== s.variant) return;
  const turns = s.moves.map(m => m.coord);
  if (JSON.stringify(turns) !== JSON.stringify(known.turns)) return;
  current = { id: kept.current, gameNumber: s.game_number };
  rz.link = { id: current.id, opened: null };
  send({ type: 'save' });
}

function onState(state, info) {
  if (!current) return;
  if (state.game_number !== current.gameNumber) {   // another game on the board: no longer this link's
    current = null;
    rz.link = null;
    hideOffer();
    return;
  }
  if (info.old && state.moves.length !== info.old.moves.length) askRecord();   // a turn, or one taken back
}

function buildBox() {
  const box = el('div', 'fen-box link-box');
  box.id = 'link-box';
  box.innerHTML =
    '<div class="controls">' +
    '<button type="button" id="btn-share" title="A link that carries this game: send it, and play by correspondence">Send as link</button>' +
    '<button type="button" id="btn-open-game" title="Open a game from a link, its text, or a PGN">Open a link or PGN…</button>' +
    '</div>' +
    '<div id="link-offer" hidden>' +
    '<label for="link-text">Send this to the other player</label>' +
    '<textarea id="link-text" rows="4" readonly spellcheck="false"></textarea>' +
    '<input id="link-url" type="hidden">' +
    '<div class="controls"><button type="button" id="btn-copy-link">Copy</button>' +
    '<span id="link-copied" role="status"></span></div>' +
    '</div>';
  document.querySelector('.fen-box').after(box);
  $('btn-share').onclick = share;
  $('btn-copy-link').onclick = copyOffer;
}

export function initLink() {
  buildBox();
  on('state', onState);
  onMessage('saved', onSaved);
  whenSettled(() => { resumeCurrent(); openFromFragment(); });
  window.addEventListener('hashchange', () => whenSettled(openFromFragment));
}
