// The lobby of a server with seats (docs/gui-protocol.md, "Seats"): the
// games it holds, each to watch or, when its creator left a seat open, to
// join; and a new game: its creator's side, the opponent (a person invited by
// a link, or an engine), the time (a clock, or days per move by
// correspondence). The server answers `created` with the links.
const $ = id => document.getElementById(id);
let ws = null;
let setup = null;
let retryMs = 500;

function send(msg) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(msg)); }

function showError(text) {
  $('error-text').textContent = text;
  $('error').hidden = false;
  setTimeout(() => { $('error').hidden = true; }, 6000);
}

function option(select, value, text) {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = text;
  select.appendChild(o);
}

function fillSetup(msg) {
  setup = msg;
  const v = $('lb-variant');
  const keep = v.value;
  v.textContent = '';
  for (const variant of msg.variants) option(v, variant.id, variant.title);
  if (keep) v.value = keep;
  const o = $('lb-opponent');
  o.textContent = '';
  for (const p of msg.players) option(o, p.id, p.id === 'human' ? 'a person (an invitation link)' : p.name);
}

function cell(row, text) {
  const td = document.createElement('td');
  td.textContent = text;
  row.appendChild(td);
  return td;
}

function seatText(seat) { return seat.open ? 'open seat' : seat.person ? 'a person' : seat.name; }

function drawGames(msg) {
  const body = $('games').querySelector('tbody');
  body.textContent = '';
  $('no-games').hidden = msg.games.length > 0;
  for (const g of msg.games) {
    const row = document.createElement('tr');
    row.dataset.game = g.id;
    cell(row, g.title + (g.days_per_move ? ' · ' + g.days_per_move + ' d/move' : ''));
    cell(row, seatText(g.white));
    cell(row, seatText(g.black));
    cell(row, String(g.ply));
    cell(row, g.result || (g.to_move === 'white' ? 'White' : 'Black') + ' to move');
    const actions = cell(row, '');
    const watch = document.createElement('a');
    watch.href = '/?game=' + g.id;
    watch.textContent = 'Watch';
    watch.className = 'watch';
    actions.appendChild(watch);
    for (const c of ['white', 'black']) {
      if (!g[c].open || g.result) continue;
      const join = document.createElement('button');
      join.type = 'button';
      join.className = 'join';
      join.dataset.color = c;
      join.textContent = 'Play ' + (c === 'white' ? 'White' : 'Black');
      join.onclick = () => send({ type: 'claim_seat', game: g.id, color: c });
      actions.appendChild(join);
    }
    body.appendChild(row);
  }
}

function drawCreated(msg) {
  const box = $('created-links');
  box.textContent = '';
  for (const [c, path] of Object.entries(msg.links)) {
    const row = document.createElement('div');
    row.className = 'seat-link';
    row.dataset.color = c;
    const label = document.createElement('span');
    label.textContent = (c === 'white' ? 'White' : 'Black') + "'s link: ";
    const input = document.createElement('input');
    input.readOnly = true;
    input.className = 'seat-url';
    input.value = location.origin + path;
    row.append(label, input);
    box.appendChild(row);
  }
  $('created-go').href = msg.creator_link;
  $('created').hidden = false;
}

function createMessage() {
  const side = $('lb-side').value;
  const opponent = $('lb-opponent').value;
  const msg = { type: 'create_game', variant: $('lb-variant').value, side, open: $('lb-open').checked };
  if (side === 'white') { msg.white = 'human'; msg.black = opponent; }
  else if (side === 'black') { msg.white = opponent; msg.black = 'human'; }
  else { msg.white = 'human'; msg.black = opponent; }
  const time = $('lb-time').value;
  if (time === 'clock') {
    msg.tc = { kind: 'clock', base_ms: Number($('lb-minutes').value) * 60000, inc_ms: Number($('lb-inc').value) * 1000 };
  } else if (time === 'days') {
    msg.days = Number($('lb-days').value);
  }
  return msg;
}

function connect() {
  ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws');
  $('conn').dataset.conn = 'connecting';
  ws.onopen = () => { retryMs = 500; $('conn').dataset.conn = 'open'; $('conn').textContent = 'connected'; send({ type: 'hello' }); };
  ws.onclose = () => {
    $('conn').dataset.conn = 'closed';
    $('conn').textContent = 'disconnected, retrying';
    setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, 5000);
  };
  ws.onmessage = event => {
    const msg = JSON.parse(event.data);
    if (msg.type === 'setup') fillSetup(msg);
    else if (msg.type === 'games') drawGames(msg);
    else if (msg.type === 'created') drawCreated(msg);
    else if (msg.type === 'claimed') location.href = msg.link;
    else if (msg.type === 'error') showError(msg.message);
  };
}

$('lb-time').onchange = () => {
  $('lb-clock-row').hidden = $('lb-time').value !== 'clock';
  $('lb-days-row').hidden = $('lb-time').value !== 'days';
};
$('create').onsubmit = event => { event.preventDefault(); send(createMessage()); };
setInterval(() => send({ type: 'list_games' }), 10000);
connect();
