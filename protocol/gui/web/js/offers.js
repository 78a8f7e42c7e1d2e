// Resign and draw offers (docs/gui-protocol.md: resign, offer_draw,
// accept_draw, decline_draw): the buttons while a person plays, a
// confirmation before resigning, the prompt when the opponent offers a
// draw, and the server's note (an engine's answer).
import { $, el, sideName } from './dom.js';
import { rz, on, isHuman } from './store.js';
import { send } from './connection.js';

let confirming = false;   // "Resign?" is being asked

function people(s) {
  const p = s.players || {};
  return ['white', 'black'].filter(c => isHuman(p[c]));
}

function other(color) { return color === 'white' ? 'black' : 'white'; }

function draw({ state: s }) {
  const box = $('offers');
  const humans = people(s);
  const live = !s.result && humans.length > 0 && rz.viewPly === null;
  box.hidden = !live && !s.note;
  $('offer-buttons').hidden = !live || confirming;
  $('resign-confirm').hidden = !live || !confirming;
  if (!live) confirming = false;
  const offeredTo = s.draw_offer ? other(s.draw_offer) : null;
  const prompt = live && offeredTo && humans.includes(offeredTo);   // a person may answer it
  $('draw-prompt').hidden = !prompt;
  if (prompt) $('draw-prompt-text').textContent = sideName(s.draw_offer) + ' offers a draw';
  const pending = live && s.draw_offer && !prompt;
  $('btn-offer-draw').disabled = !!pending;
  $('btn-offer-draw').textContent = pending ? '½ Draw offered…' : '½ Offer draw';
  const note = $('offer-note');
  note.hidden = !s.note || prompt;
  note.textContent = s.note || '';
}

export function initOffers() {
  const box = el('div', 'offers');
  box.id = 'offers';
  box.hidden = true;
  box.innerHTML =
    '<div class="controls" id="offer-buttons">' +
    '<button type="button" id="btn-resign" title="Give up the game">⚑ Resign</button>' +
    '<button type="button" id="btn-offer-draw" title="Offer the opponent a draw">½ Offer draw</button></div>' +
    '<div class="controls offer-ask" id="resign-confirm" hidden><span>Resign this game?</span>' +
    '<button type="button" id="btn-resign-yes" class="danger">Yes, resign</button>' +
    '<button type="button" id="btn-resign-no">No</button></div>' +
    '<div class="controls offer-ask" id="draw-prompt" hidden><span id="draw-prompt-text"></span>' +
    '<button type="button" id="btn-accept-draw" class="primary">Accept</button>' +
    '<button type="button" id="btn-decline-draw">Decline</button></div>' +
    '<div id="offer-note" hidden></div>';
  const after = $('watch-controls');
  after.parentNode.insertBefore(box, after.nextSibling);
  const rerender = () => draw({ state: rz.state });
  $('btn-resign').onclick = () => { confirming = true; rerender(); };
  $('btn-resign-no').onclick = () => { confirming = false; rerender(); };
  $('btn-resign-yes').onclick = () => { confirming = false; send({ type: 'resign' }); rerender(); };
  $('btn-offer-draw').onclick = () => send({ type: 'offer_draw' });
  $('btn-accept-draw').onclick = () => send({ type: 'accept_draw' });
  $('btn-decline-draw').onclick = () => send({ type: 'decline_draw' });
  on('state', (state, info) => { if (info.newGame) confirming = false; });
  on('render', draw);
}
