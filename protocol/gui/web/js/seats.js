// A game with seats (`rulezero gui --db FILE`, docs/gui-protocol.md "Seats"):
// the server says in `seat` which sides this page's holder plays and whether
// it created the game. The page then shows every state as that seat sees it:
// the other seat's person is not "you" (no clicks, no offers for that side),
// and a spectator only watches. The creator sees the invitation links and
// may delete the game; the other seat grants or declines a take-back. The
// server checks all of it again: this only keeps the page from offering
// what would be refused. Without a `seat` message (one person's server, the
// browser build) nothing here changes anything, but for the browser build's
// *Play a friend*, which says that a friend on another machine needs a server.
import { $, el, sideName } from './dom.js';
import { rz, acceptState, render } from './store.js';
import { send, onMessage, inBrowser } from './connection.js';
import { showNotice } from './notice.js';

const other = c => (c === 'white' ? 'black' : 'white');

// The state as this page's seat sees it.
function seatView(s) {
  const seat = rz.seat;
  const v = Object.assign({}, s, { players: {} });
  for (const c of ['white', 'black']) {
    const p = (s.players || {})[c];
    v.players[c] = p && p.id === 'human'
      ? Object.assign({}, p, seat[c] ? { name: 'You' } : { id: 'person', name: sideName(c) + ' (a person)' })
      : p;
  }
  if (s.to_move === 'human' && !seat[s.side]) {
    v.to_move = 'person';
    v.legal = null;
    v.choices = {};
  }
  return v;
}

function role(seat) {
  if (seat.white && seat.black) return 'You play both sides';
  if (seat.white || seat.black) return 'You play ' + sideName(seat.white ? 'white' : 'black');
  return 'You watch this game';
}

function copyButton(text) {
  const b = el('button', null, 'Copy');
  b.type = 'button';
  b.onclick = () => { if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {}); };
  return b;
}

function drawSeatBox() {
  const seat = rz.seat;
  document.body.classList.add('seat-mode');
  document.body.classList.toggle('seat-watcher', !seat.white && !seat.black);
  document.body.classList.toggle('seat-creator', !!seat.creator);
  $('seat-role').textContent = role(seat) + (seat.days_per_move ? ' · ' + seat.days_per_move + ' day' +
    (seat.days_per_move === 1 ? '' : 's') + ' per move' : '');
  const links = $('seat-links');
  links.textContent = '';
  links.hidden = !seat.creator;
  for (const [c, path] of Object.entries(seat.links || {})) {
    const url = location.origin + path;
    const row = el('div', 'seat-link');
    row.dataset.color = c;
    row.append(el('span', null, sideName(c) + "'s invitation: "));
    const input = el('input');
    input.readOnly = true;
    input.value = url;
    input.className = 'seat-url';
    row.append(input, copyButton(url));
    links.appendChild(row);
  }
  $('btn-delete-game').hidden = !seat.creator;
}

// The take-back asked of this page's seat.
function drawTakeback() {
  const s = rz.rawState;
  const box = $('takeback-prompt');
  const asked = rz.seat && s && !s.result && s.takeback_offer && rz.seat[other(s.takeback_offer)];
  box.hidden = !asked;
  if (asked) $('takeback-text').textContent = sideName(s.takeback_offer) + ' asks to take back';
}

function acceptSeated(msg, arrived) {
  rz.rawState = msg;
  acceptState(seatView(msg), arrived);
  drawTakeback();
}

const FRIEND_NEEDS_A_SERVER = 'Playing a friend on another machine needs a server: this page plays in this browser ' +
  'only. Run "rulezero gui --host ADDRESS --db FILE" (the Linux build) on a machine you can both reach, open the ' +
  'address it prints, create a game there and send your friend their seat\'s link (README: "Two people, two machines").';

function friendButton() {
  const b = el('button', null, 'Play a friend');
  b.type = 'button';
  b.id = 'btn-friend';
  b.title = 'Play someone on another machine (needs a server)';
  b.onclick = () => showNotice('friend', FRIEND_NEEDS_A_SERVER);
  $('btn-new').before(b);
}

export function initSeats() {
  if (inBrowser) friendButton();
  const box = el('div', 'seat-box');
  box.id = 'seat-box';
  box.hidden = true;
  box.innerHTML =
    '<div id="seat-role"></div><div id="seat-links" hidden></div>' +
    '<div class="controls offer-ask" id="takeback-prompt" hidden><span id="takeback-text"></span>' +
    '<button type="button" id="btn-accept-takeback" class="primary">Accept</button>' +
    '<button type="button" id="btn-decline-takeback">Decline</button></div>' +
    '<div class="controls"><a id="seat-lobby" href="/">All games</a>' +
    '<button type="button" id="btn-delete-game" class="danger" hidden>Delete this game</button></div>';
  $('side-col').prepend(box);
  $('btn-accept-takeback').onclick = () => send({ type: 'accept_takeback' });
  $('btn-decline-takeback').onclick = () => send({ type: 'decline_takeback' });
  $('btn-delete-game').onclick = () => {
    if (confirm('Delete this game for everyone?')) send({ type: 'delete_game' });
  };
  onMessage('seat', msg => {
    rz.seat = msg;
    box.hidden = false;
    drawSeatBox();
    if (rz.rawState) acceptSeated(rz.rawState, performance.now());
    render();
  });
  onMessage('state', (msg, arrived) => {
    if (!rz.seat) return false;
    acceptSeated(msg, arrived);
    return true;   // accepted here, as the seat sees it
  });
  onMessage('deleted', () => {
    showNotice('deleted', 'This game was deleted by its creator.',
      [{ id: 'btn-to-lobby', label: 'All games', primary: true, onclick: () => { location.href = '/'; } }]);
  });
}
