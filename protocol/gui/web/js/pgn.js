// "Download PGN". With the native server the link is a plain download of
// game.pgn (relative to the page). The browser build has no server to ask:
// a click sends `pgn`, and the session's answer ({type:'pgn', text}) is
// saved as rulezero.pgn through a Blob URL, which works from a site and
// from a file alike.
import { $ } from './dom.js';
import { rz } from './store.js';
import { send, onMessage, inBrowser } from './connection.js';

let asked = false;   // a `pgn` was sent and its answer is to be downloaded

function download(text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'rulezero.pgn';
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);   // some browsers read it after the click returns
}

function receivePgn(msg) {
  if (!asked || typeof msg.text !== 'string') return;
  asked = false;
  rz.lastPgn = msg.text;   // for the tests
  download(msg.text);
}

export function initPgn() {
  const link = $('pgn-link');   // its href, game.pgn, is the native server's
  if (!inBrowser) return;
  link.addEventListener('click', event => {
    event.preventDefault();
    if (send({ type: 'pgn' })) asked = true;
  });
  onMessage('pgn', receivePgn);
}
