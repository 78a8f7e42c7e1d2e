// The WebSocket to the server: connect, retry, send, and hand each message to
// the modules that registered for its type (onMessage). Unknown types are ignored.
import { $ } from './dom.js';
import { rz } from './store.js';
import { showError } from './errors.js';
import { showNotice } from './notice.js';
import { openWebSession } from './websession.js';

// The in-browser build (rulezero.html, or the static site) sets
// window.RULEZERO_WEB: the game then runs in a Web Worker, not on a server.
export const inBrowser = typeof window !== 'undefined' && !!window.RULEZERO_WEB;

const handlers = new Map();
const openers = [];

// Calls fn() each time the connection opens, before the page's `hello`: what
// it sends is handled before the session describes itself (game files).
export function onOpen(fn) { openers.push(fn); }

// Calls fn(msg, arrived, sentAt) for every message of this type, in
// registration order (sentAt: the browser build's session Worker's Date.now()
// when it sent the message; undefined from the server).
// A handler that returns true takes the message: the later ones do not see it
// (the new-game dialog takes the `error` that answers its own request).
export function onMessage(type, fn) {
  if (!handlers.has(type)) handlers.set(type, []);
  handlers.get(type).push(fn);
}

// Sends one message; false (and a note to the person) when not connected.
export function send(msg) {
  if (!rz.ws || rz.ws.readyState !== 1) { showError(inBrowser ? 'the game is still loading' : 'not connected to the server'); return false; }
  rz.lastError = null;
  rz.ws.send(JSON.stringify(msg));
  return true;
}

// A game of a server with seats is /?game=ID: its WebSocket is /ws?game=ID.
function gameQuery() {
  const game = new URLSearchParams(location.search).get('game');
  return game && /^[0-9a-f]{32}$/.test(game) ? '?game=' + game : '';
}

let retryMs = 500;
export function connect() {
  const ws = inBrowser ? openWebSession()
    : new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws' + gameQuery());
  rz.ws = ws;
  setConn('connecting');
  let opened = false;
  ws.onopen = () => {
    opened = true; retryMs = 500; setConn('open');
    for (const fn of openers) { try { fn(); } catch (e) { console.error('rulezero: an open handler failed:', e); } }
    send({ type: 'hello' });
  };
  ws.onclose = event => {
    if (inBrowser) { setConn('failed'); sessionFailed(event.reason, opened); return; }
    setConn('closed');
    setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, 5000);
  };
  ws.onmessage = event => {
    const arrived = performance.now();
    let msg;
    try { msg = JSON.parse(event.data); } catch (e) { showError('bad message from the server'); return; }
    for (const fn of handlers.get(msg.type) || []) {
      try { if (fn(msg, arrived, event.at) === true) break; } catch (e) { console.error('rulezero: the "' + msg.type + '" handler failed:', e); }
    }
  };
}

// The browser build's session Worker failed (it does not come back by itself,
// as the server's WebSocket does): say so until the person reloads.
function sessionFailed(reason, opened) {
  const why = reason || 'unknown fault';
  showNotice('fault', opened
    ? 'The game stopped: ' + why + '. Reload the page to go on from the game stored in this browser.'
    : 'Rule Zero could not start in this browser: ' + why + '.',
  [{ id: 'btn-reload', label: 'Reload', primary: true, onclick: () => location.reload() }]);
}

function setConn(what) {
  const el = $('conn');
  el.dataset.conn = what;
  el.textContent = what === 'open' ? '' : what === 'closed' ? 'disconnected, retrying…'
    : what === 'failed' ? 'stopped' : inBrowser ? 'loading…' : 'connecting…';
}
