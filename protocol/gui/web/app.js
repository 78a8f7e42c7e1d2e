// The Rule Zero page: draws what the server describes (docs/gui-protocol.md)
// and lets a person click only what the server lists as legal. No rules here.
'use strict';
(function () {
  const { pieceSvg } = window.rulezeroPieces;
  const $ = id => document.getElementById(id);

  // Everything the page knows; tests read window.rulezero.state.
  const rz = window.rulezero = {
    setup: null, state: null,
    view: null, viewPly: null,          // history browsing: the `view` shown, or null (live)
    clicks: [],                         // clicks of the turn being entered
    flipped: false, flipChosen: false,
    perf: { clickToBoard: [], messageToBoard: [] },
    pendingTurnAt: null, stateAt: 0, clockAt: 0, renders: 0, ws: null, lastError: null
  };

  // ---------------------------------------------------------------- connection
  let retryMs = 500;
  function connect() {
    const ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws');
    rz.ws = ws;
    setConn('connecting');
    ws.onopen = () => { retryMs = 500; setConn('open'); send({ type: 'hello' }); };
    ws.onclose = () => {
      setConn('closed');
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 5000);
    };
    ws.onmessage = event => {
      const arrived = performance.now();
      let msg;
      try { msg = JSON.parse(event.data); } catch (e) { showError('bad message from the server'); return; }
      receive(msg, arrived);
    };
  }

  function setConn(what) {
    const el = $('conn');
    el.dataset.conn = what;
    el.textContent = what === 'open' ? '' : what === 'closed' ? 'disconnected, retrying…' : 'connecting…';
  }

  function send(msg) {
    if (!rz.ws || rz.ws.readyState !== WebSocket.OPEN) { showError('not connected to the server'); return false; }
    rz.lastError = null;
    rz.ws.send(JSON.stringify(msg));
    return true;
  }

  function receive(msg, arrived) {
    switch (msg.type) {
      case 'setup': rz.setup = msg; fillNewGameForm(); break;
      case 'state': acceptState(msg, arrived); break;
      case 'clock': acceptClock(msg, arrived); break;
      case 'view':
        if (rz.viewPly === msg.ply) { rz.view = msg; render(); }
        break;
      case 'error': rz.pendingTurnAt = null; rz.lastError = msg.message || 'error'; showError(rz.lastError); render(); break;
      default: break;
    }
  }

  function acceptState(state, arrived) {
    const old = rz.state;
    // The legal turns come once per generation; a state without them keeps the page's.
    const sameLegal = old && state.generation === old.generation;
    if (!('legal' in state)) {
      state.legal = sameLegal ? old.legal : null;
      state.choices = sameLegal ? old.choices : {};
    }
    const seats = st => st.players ? st.players.white.id + '/' + st.players.black.id : '';
    const newGame = !old || state.variant !== old.variant || seats(state) !== seats(old) ||
      (state.moves.length === 0 && (old.moves.length !== 0 || old.fen !== state.fen));
    const moved = !newGame && state.moves.length > old.moves.length;
    rz.state = state;
    rz.stateAt = rz.clockAt = arrived;
    if (!state.paused) rz.lastError = null;   // an engine's failure stays in view while it holds the game
    if (!sameLegal) rz.clicks = [];
    if (newGame) { rz.flipChosen = false; rz.viewPly = null; rz.view = null; }
    if (!rz.flipChosen) rz.flipped = humanSeat(state) === 'black';
    if (moved) {
      if (rz.pendingTurnAt !== null) { measures.push({ list: rz.perf.clickToBoard, since: rz.pendingTurnAt }); rz.pendingTurnAt = null; }
      else measures.push({ list: rz.perf.messageToBoard, since: arrived });
    }
    scheduleRender();
  }

  // States may come faster than frames (engine games): one render per frame.
  // A measure ends when the board that shows its turn has been painted.
  let renderQueued = false;
  const measures = [];
  function scheduleRender() {
    if (renderQueued) return;
    renderQueued = true;
    requestAnimationFrame(() => {
      renderQueued = false;
      render();
      const done = measures.splice(0);
      if (done.length) setTimeout(() => { const now = performance.now(); for (const m of done) m.list.push(now - m.since); }, 0);
    });
  }

  // A clock tick between states: the server's figures, drawn at once.
  function acceptClock(msg, arrived) {
    const s = rz.state;
    if (!s || !s.clocks) return;
    s.clocks = { white_ms: msg.white_ms, black_ms: msg.black_ms, running: msg.running };
    rz.clockAt = arrived;
    tickClocks();
  }

  function isHuman(player) { return player && player.id === 'human'; }
  function humanSeat(state) {
    const p = state.players || {};
    if (isHuman(p.black) && !isHuman(p.white)) return 'black';
    return 'white';
  }

  // ---------------------------------------------------------------- input
  // The legal turns are a tree of clicks (docs/gui-protocol.md): from the
  // root, each click leads to nodes[node.next[click]]. The walk gives the node
  // the clicks lead to, the turn text spelled on the way (the nodes' parts)
  // and the frame in force (the last met); null if the clicks lead nowhere.
  function walkLegal(legal, clicks) {
    if (!legal || !legal.nodes) return null;
    let node = legal.nodes[legal.root];
    let text = node.part || '', frame = node.frame || null;
    for (const c of clicks) {
      const index = node.next && Object.prototype.hasOwnProperty.call(node.next, c) ? node.next[c] : undefined;
      if (index === undefined) return null;
      node = legal.nodes[index];
      text += node.part || '';
      if (node.frame) frame = node.frame;
    }
    return { node, text, frame };
  }

  function walked() {
    const s = rz.state;
    if (!s || rz.viewPly !== null) return null;
    return walkLegal(s.legal, rz.clicks);
  }

  function nextClicks() {
    const w = walked();
    return new Set(w && w.node.next ? Object.keys(w.node.next) : []);
  }

  function press(click) {
    if (rz.viewPly !== null) { goLive(); return; }
    const next = nextClicks();
    if (!next.has(click)) {
      const restart = rz.clicks.length > 0;
      rz.clicks = [];
      if (restart && nextClicks().has(click)) rz.clicks = [click];   // pick up another piece
      render();
      return;
    }
    rz.clicks.push(click);
    const done = walked();
    if (done && done.node.end) {
      rz.pendingTurnAt = performance.now();
      rz.clicks = [];
      if (!send({ type: 'turn', text: done.text })) rz.pendingTurnAt = null;
    }
    render();
  }

  // While a turn is half entered: the board as it stands after the clicks so
  // far (pieces, and links where the game has them). The server tells a
  // frame as changes from the state's board.
  function currentFrame() {
    if (!rz.clicks.length) return null;
    const w = walked();
    if (!w || !w.frame) return null;
    const board = rz.state.board, put = w.frame.put || [];
    const changed = new Set((w.frame.gone || []).concat(put.map(p => p.square)));
    return { pieces: (board.pieces || []).filter(p => !changed.has(p.square)).concat(put),
             links: w.frame.links || board.links || [] };
  }

  // ---------------------------------------------------------------- drawing
  function render() {
    const s = rz.state;
    if (!s) return;
    rz.renders++;
    const board = rz.view ? rz.view.board : s.board;
    const next = nextClicks();
    $('game-title').textContent = s.title || s.variant;
    document.title = (s.title || 'Rule Zero') + ' · Rule Zero';
    drawBoards(board, next);
    drawHands(board, next);
    drawChoices(next);
    drawPlayers(s);
    drawStatus(s);
    drawMoves(s);
    drawResult(s);
    drawThinking(s);
    drawPanels(board);
    drawRules(s);
    drawControls(s);
    const fenBox = $('fen-text');
    if (!fenEdited && document.activeElement !== fenBox) fenBox.value = rz.view ? rz.view.fen : s.fen;
  }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }

  function splitSquare(name) {
    const m = /^([a-z]+)(\d+)$/.exec(name || '');
    return m ? { file: m[1], rank: m[2] } : null;
  }

  function drawBoards(board, next) {
    const box = $('boards');
    box.textContent = '';
    const frame = currentFrame();
    const pieces = (frame && frame.pieces) || board.pieces || [];
    const shownLinks = (frame && frame.links) || board.links || [];
    const bySquare = new Map();
    for (const p of pieces) {
      if (!bySquare.has(p.square)) bySquare.set(p.square, []);
      bySquare.get(p.square).push(p);
    }
    const tokens = new Map();
    for (const t of board.tokens || []) {
      if (!tokens.has(t.cell)) tokens.set(t.cell, []);
      tokens.get(t.cell).push(t);
    }
    const links = new Map();
    shownLinks.forEach((l, i) => {
      for (const sq of [l.a, l.b]) {
        if (!links.has(sq)) links.set(sq, []);
        links.get(sq).push(i + 1);
      }
    });
    const marks = new Map();
    const hl = board.highlights || {};
    for (const kind of Object.keys(hl)) {
      for (const sq of hl[kind] || []) {
        if (!marks.has(sq)) marks.set(sq, []);
        marks.get(sq).push('hl-' + kind.replace(/[^a-z0-9_-]/gi, ''));
      }
    }
    rz.clicks.forEach(c => { if (!marks.has(c)) marks.set(c, []); marks.get(c).push('chosen'); });
    if (rz.clicks.length) {
      const from = rz.clicks[rz.clicks.length - 1];
      if (marks.has(from)) marks.get(from).push('selected');
    }
    for (const area of board.areas || []) {
      box.appendChild(drawArea(area, bySquare, tokens, links, marks, next));
    }
    sizeBoards();
  }

  function drawArea(area, bySquare, tokens, links, marks, next) {
    const wrap = el('div', 'area shade-' + (area.shade || 'checkered'));
    wrap.dataset.area = area.id;
    if (area.title) wrap.appendChild(el('div', 'area-title', area.title));
    let rows = (area.rows || []).map(r => r.slice());
    if (rz.flipped) rows = rows.reverse().map(r => r.reverse());
    const cols = rows.reduce((m, r) => Math.max(m, r.length), 0);
    const grid = el('div', 'grid');
    grid.style.gridTemplateColumns = 'repeat(' + cols + ', var(--sq))';
    grid.style.gridTemplateRows = 'repeat(' + rows.length + ', var(--sq))';
    rows.forEach((row, y) => {
      row.forEach((sq, x) => {
        if (sq === null || sq === undefined) { grid.appendChild(el('div', 'cell void')); return; }
        const dark = (x + y) % 2 === 1;
        const cell = el('div', 'cell ' + (area.shade === 'plain' ? 'plain' : dark ? 'dark' : 'light'));
        cell.dataset.square = sq;
        cell.dataset.click = sq;
        for (const m of marks.get(sq) || []) cell.classList.add(m);
        if (next.has(sq)) cell.classList.add(rz.clicks.length ? 'target' : 'movable');
        if (area.shade !== 'plain') addCoordinates(cell, sq, x, y, row.length, rows.length);
        for (const n of links.get(sq) || []) {
          const mark = el('span', 'link link-' + ((n - 1) % 8), String(n));
          mark.dataset.link = String(n);
          mark.title = 'link ' + n;
          cell.appendChild(mark);
        }
        const here = bySquare.get(sq) || [];
        if (here.length) cell.classList.add('occupied');
        for (const p of here) cell.appendChild(drawPiece(p));
        const tk = tokens.get(sq) || [];
        if (tk.length) {
          const holder = el('div', 'tokens n' + tk.length);
          for (const t of tk) {
            const d = el('div', 'token token-' + String(t.token).replace(/[^A-Za-z]/g, ''), t.token);
            d.dataset.token = t.token;
            d.title = t.name || t.token;
            holder.appendChild(d);
          }
          cell.appendChild(holder);
          cell.classList.add('occupied');
        }
        if (area.shade === 'plain') cell.appendChild(el('span', 'cell-name', sq));
        grid.appendChild(cell);
      });
    });
    wrap.appendChild(grid);
    return wrap;
  }

  function addCoordinates(cell, sq, x, y, width, height) {
    const parts = splitSquare(sq);
    if (!parts) return;
    if (y === height - 1) cell.appendChild(el('span', 'coord file', parts.file));
    if (x === 0) cell.appendChild(el('span', 'coord rank', parts.rank));
  }

  function drawPiece(p) {
    const d = el('div', 'piece');
    d.dataset.piece = p.color + ':' + p.letter;
    d.title = (p.color === 'black' ? 'Black ' : 'White ') + (p.name || p.letter);
    d.innerHTML = pieceSvg(p.color, p.glyph, p.letter);
    return d;
  }

  function drawHands(board, next) {
    const hands = board.hands || [];
    const bottom = rz.flipped ? 'black' : 'white';
    const top = bottom === 'white' ? 'black' : 'white';
    for (const [id, color] of [['hand-top', top], ['hand-bottom', bottom]]) {
      const box = $(id);
      box.textContent = '';
      const hand = hands.find(h => h.color === color);
      if (!hand) { box.hidden = true; continue; }
      box.hidden = false;
      box.dataset.color = color;
      box.appendChild(el('span', 'hand-label', (color === 'white' ? 'White' : 'Black') + ' in hand'));
      if (!hand.pieces.length) box.appendChild(el('span', 'hand-empty', 'nothing'));
      for (const p of hand.pieces) {
        const d = el('div', 'hand-piece');
        d.dataset.hand = color + ':' + p.letter;
        d.dataset.count = String(p.count);
        if (p.click) d.dataset.click = p.click;
        if (p.click && next.has(p.click)) d.classList.add('target');
        if (p.click && rz.clicks[0] === p.click) d.classList.add('selected');
        d.title = (p.name || p.letter) + ' × ' + p.count;
        d.innerHTML = pieceSvg(color, p.glyph, p.letter);
        d.appendChild(el('span', 'count', String(p.count)));
        box.appendChild(d);
      }
    }
  }

  function drawChoices(next) {
    const box = $('choice-buttons');
    box.textContent = '';
    const labels = (rz.state && rz.state.choices) || {};
    const choices = [...next].filter(c => c.startsWith('choice:'));
    $('choices').hidden = choices.length === 0;
    $('choices').classList.toggle('overlay', choices.length > 0 && choices.length === next.size);
    for (const c of choices) {
      const b = el('button', 'choice', labels[c] || c.slice(7));
      b.type = 'button';
      b.dataset.click = c;
      box.appendChild(b);
    }
  }

  function drawPlayers(s) {
    const bottom = rz.flipped ? 'black' : 'white';
    const top = bottom === 'white' ? 'black' : 'white';
    for (const [id, color] of [['player-top', top], ['player-bottom', bottom]]) {
      const box = $(id);
      const p = (s.players || {})[color] || {};
      box.dataset.color = color;
      box.classList.toggle('to-move', !s.result && s.side === color);
      box.querySelector('.name').textContent = (color === 'white' ? 'White' : 'Black') + ' · ' + (p.name || p.id || '?');
      box.querySelector('.clock').dataset.ms = '';
    }
    tickClocks();
  }

  function formatClock(ms) {
    if (ms === null || ms === undefined) return '';
    const neg = ms < 0;
    ms = Math.abs(ms);
    const total = Math.floor(ms / 1000);
    const h = Math.floor(total / 3600), m = Math.floor(total / 60) % 60, sec = total % 60;
    let text = (h ? h + ':' + String(m).padStart(2, '0') : String(m)) + ':' + String(sec).padStart(2, '0');
    if (!h && total < 10) text += '.' + Math.floor((ms % 1000) / 100);
    return (neg ? '-' : '') + text;
  }

  // Clocks run down between the server's ticks; the server's figures win.
  function tickClocks() {
    const s = rz.state;
    if (!s) return;
    const c = s.clocks;
    for (const id of ['player-top', 'player-bottom']) {
      const box = $(id);
      const color = box.dataset.color;
      const clock = box.querySelector('.clock');
      if (!c) { clock.textContent = ''; clock.hidden = true; continue; }
      clock.hidden = false;
      let ms = c[color + '_ms'];
      const running = c.running === color && !s.result;
      if (running) ms -= performance.now() - rz.clockAt;
      clock.textContent = formatClock(Math.max(ms, 0));
      clock.classList.toggle('running', running);
      clock.classList.toggle('low', ms < 10000);
    }
  }

  function sideName(color) { return color === 'white' ? 'White' : 'Black'; }

  function drawStatus(s) {
    const st = $('status');
    st.dataset.side = s.side || '';
    st.dataset.toMove = s.to_move || '';
    let text;
    if (s.result) text = s.result.score + ' · ' + s.result.reason;
    else if (s.paused) text = 'Paused · ' + sideName(s.side) + ' to move' + (rz.lastError ? ' · ' + rz.lastError : '') + ' (Resume continues)';
    else if (rz.viewPly !== null) text = 'Viewing the position after ' + rz.viewPly + ' of ' + s.moves.length + ' turns (→ or End to return)';
    else if (s.to_move === 'human') {
      const next = [...nextClicks()];
      const choosing = next.length > 0 && next.every(c => c.startsWith('choice:'));
      const hint = !rz.clicks.length ? '' : choosing ? ' · choose how the turn ends (Esc to start over)'
        : ' · click the next highlighted square (Esc to start over)';
      text = sideName(s.side) + ' to move · your turn' + hint;
    } else if (s.to_move === 'engine') {
      const p = (s.players || {})[s.side] || {};
      text = sideName(s.side) + ' to move · ' + (p.name || 'engine') + ' is thinking…';
    } else text = sideName(s.side) + ' to move';
    st.textContent = text;
  }

  function drawMoves(s) {
    const list = $('moves');
    list.textContent = '';
    const current = rz.viewPly === null ? s.moves.length : rz.viewPly;
    let row = null;
    for (const m of s.moves) {
      if (!row || m.color === 'white' || row.dataset.number !== String(m.number)) {
        row = el('li', 'move-row');
        row.dataset.number = String(m.number);
        row.appendChild(el('span', 'num', m.number + '.'));
        if (m.color === 'black') row.appendChild(el('span', 'move empty', '…'));
        list.appendChild(row);
      }
      const mv = el('span', 'move', m.text);
      mv.dataset.ply = String(m.ply);
      if (m.ply === current) mv.classList.add('current');
      row.appendChild(mv);
    }
    const cur = list.querySelector('.current');
    if (cur) {   // only the list scrolls, never the page
      const top = cur.offsetTop - list.offsetTop;
      if (top < list.scrollTop) list.scrollTop = top;
      else if (top + cur.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + cur.offsetHeight - list.clientHeight;
    } else list.scrollTop = list.scrollHeight;
    $('viewing').hidden = rz.viewPly === null;
  }

  function drawResult(s) {
    const box = $('result');
    box.hidden = !s.result;
    if (s.result) {
      box.textContent = '';
      box.appendChild(el('div', 'score', s.result.score));
      box.appendChild(el('div', 'reason', s.result.reason));
    }
  }

  function drawThinking(s) {
    const t = s.thinking;
    $('thinking').hidden = !t;
    if (!t) return;
    $('think-who').textContent = sideName(t.color) + ' thinks:';
    $('think-depth').textContent = 'depth ' + t.depth;
    $('think-score').textContent = t.score;
    $('think-nodes').textContent = Number(t.nodes).toLocaleString('en') + ' nodes';
    $('think-pv').textContent = t.pv || '';
  }

  function drawPanels(board) {
    const box = $('panels');
    box.textContent = '';
    for (const panel of board.panels || []) {
      const p = el('div', 'panel');
      p.dataset.panel = panel.title;
      p.appendChild(el('h3', null, panel.title));
      const table = el('table');
      for (const row of panel.rows || []) {
        const tr = el('tr');
        tr.appendChild(el('th', null, row.label));
        const td = el('td');
        (row.items || []).forEach((item, i) => {
          if (i) td.appendChild(document.createTextNode(' '));
          td.appendChild(el('span', 'item' + (item.current ? ' current' : ''), item.text));
        });
        tr.appendChild(td);
        table.appendChild(tr);
      }
      p.appendChild(table);
      box.appendChild(p);
    }
  }

  let fenEdited = false;   // a FEN being typed is not overwritten by the game's
  let rulesShownFor = null;
  function drawRules(s) {
    if (!rz.setup || rulesShownFor === s.variant) return;
    const v = (rz.setup.variants || []).find(x => x.id === s.variant);
    if (!v) return;
    rulesShownFor = s.variant;
    $('rules-title').textContent = v.title;
    $('rules-card').innerHTML = v.rules_card || '';   // the server's own short HTML
    const link = $('rules-link');
    link.hidden = true;
    link.href = '/rules/' + encodeURIComponent(v.rules_doc || '');
    if (v.rules_doc) {   // shown only when the server has the document: no dead link
      const variant = s.variant;
      fetch(link.href).then(r => { if (rulesShownFor === variant) link.hidden = !r.ok; }, () => {});
    }
  }

  function drawControls(s) {
    const p = s.players || {};
    const watching = !isHuman(p.white) && !isHuman(p.black);
    $('watch-controls').hidden = !(watching || s.paused) || !!s.result;
    $('btn-stop').disabled = !!s.paused;
    $('btn-resume').disabled = !s.paused;
    $('btn-undo').disabled = s.moves.length === 0;
  }

  // ---------------------------------------------------------------- board size
  function sizeBoards() {
    const box = $('boards');
    const areas = [...box.querySelectorAll('.area')];
    if (!areas.length) return;
    let cols = 0, rows = 0;
    for (const a of areas) {
      const g = a.querySelector('.grid');
      cols += g.style.gridTemplateColumns ? parseInt(/repeat\((\d+)/.exec(g.style.gridTemplateColumns)[1], 10) : 0;
      rows = Math.max(rows, parseInt(/repeat\((\d+)/.exec(g.style.gridTemplateRows)[1], 10));
    }
    const gap = 16 * (areas.length - 1);
    const width = $('board-wrap').clientWidth - gap;
    const used = $('top').offsetHeight + $('hand-top').offsetHeight + $('hand-bottom').offsetHeight + 90;
    const height = window.innerHeight - used;
    const sq = Math.max(24, Math.min(96, Math.floor(Math.min(width / cols, height / rows))));
    box.style.setProperty('--sq', sq + 'px');
  }

  // ---------------------------------------------------------------- history
  function viewAt(ply) {
    const s = rz.state;
    if (!s) return;
    if (ply >= s.moves.length) { goLive(); return; }
    ply = Math.max(0, ply);
    rz.viewPly = ply;
    rz.clicks = [];
    send({ type: 'view', ply });
    render();
  }

  function goLive() { rz.viewPly = null; rz.view = null; render(); }

  function step(delta) {
    const s = rz.state;
    if (!s) return;
    const cur = rz.viewPly === null ? s.moves.length : rz.viewPly;
    viewAt(cur + delta);
  }

  // ---------------------------------------------------------------- errors
  let errorTimer = null;
  function showError(message) {
    $('error-text').textContent = message;
    $('error').hidden = false;
    clearTimeout(errorTimer);
    errorTimer = setTimeout(() => { $('error').hidden = true; }, 8000);
  }

  // ---------------------------------------------------------------- new game
  function fillSelect(select, items, value) {
    select.textContent = '';
    for (const it of items) {
      const o = el('option', null, it.name || it.title || it.id);
      o.value = it.id;
      select.appendChild(o);
    }
    if (value !== undefined && items.some(i => i.id === value)) select.value = value;
  }

  function fillNewGameForm() {
    const setup = rz.setup;
    const s = rz.state;
    fillSelect($('ng-variant'), setup.variants || [], s ? s.variant : undefined);
    const players = setup.players || [];
    const engine = players.find(p => p.id !== 'human') || players[0];
    fillSelect($('ng-white'), players, s && s.players ? s.players.white.id : 'human');
    fillSelect($('ng-black'), players, s && s.players ? s.players.black.id : engine && engine.id);
    fillOptions();
    rulesShownFor = null;
    if (s) render();
  }

  function fillOptions() {
    const box = $('ng-options');
    box.textContent = '';
    const v = ((rz.setup && rz.setup.variants) || []).find(x => x.id === $('ng-variant').value);
    const options = (v && v.options) || [];
    $('ng-options-box').hidden = options.length === 0;
    for (const o of options) {
      const label = el('label', null, o.name + ' ');
      let input;
      if (o.choices && o.choices.length) {
        input = el('select');
        for (const c of o.choices) { const opt = el('option', null, c); opt.value = c; input.appendChild(opt); }
      } else if (o.type === 'check') {
        input = el('input'); input.type = 'checkbox';
      } else if (o.type === 'spin') {
        input = el('input'); input.type = 'number';
        if (o.min !== undefined) input.min = o.min;
        if (o.max !== undefined) input.max = o.max;
      } else {
        input = el('input'); input.type = 'text'; input.spellcheck = false; input.className = 'wide';
      }
      input.dataset.option = o.name;
      input.dataset.type = o.type || 'string';
      if (o.type === 'check') input.checked = o.default === true || o.default === 'true';
      else if (o.default !== null && o.default !== undefined) input.value = String(o.default);
      label.appendChild(input);
      box.appendChild(label);
    }
  }

  function showTcFields() {
    const kind = $('ng-tc-kind').value;
    for (const span of document.querySelectorAll('#newgame .tc')) span.hidden = !span.classList.contains('tc-' + kind);
  }

  function readTc() {
    const kind = $('ng-tc-kind').value;
    if (kind === 'movetime') return { kind, ms: Math.round(parseFloat($('ng-movetime').value) * 1000) };
    if (kind === 'depth') return { kind, depth: parseInt($('ng-depth').value, 10) };
    return { kind: 'clock', base_ms: Math.round(parseFloat($('ng-base').value) * 60000),
      inc_ms: Math.round(parseFloat($('ng-inc').value) * 1000) };
  }

  function readOptions() {
    const options = {};
    for (const input of document.querySelectorAll('#ng-options [data-option]')) {
      const t = input.dataset.type;
      options[input.dataset.option] = t === 'check' ? input.checked : t === 'spin' ? Number(input.value) : input.value;
    }
    return options;
  }

  function startNewGame() {
    const msg = {
      type: 'new_game', variant: $('ng-variant').value, white: $('ng-white').value, black: $('ng-black').value,
      tc: readTc(), options: readOptions(), fen: $('ng-fen').value.trim()
    };
    rz.flipChosen = false;
    rz.clicks = [];
    rz.viewPly = null; rz.view = null;
    send(msg);
  }

  // ---------------------------------------------------------------- events
  function clickTarget(event) {
    const t = event.target.closest('[data-click]');
    return t && document.getElementById('layout').contains(t) ? t : null;
  }

  function wire() {
    // Click-click and drag: a press picks up, a release on another square drops.
    let down = null;
    document.addEventListener('pointerdown', event => {
      if (event.button !== 0) return;
      const t = clickTarget(event);
      if (!t) {
        if (event.target.closest('#boards') && rz.clicks.length) { rz.clicks = []; render(); }
        return;
      }
      down = { click: t.dataset.click, x: event.clientX, y: event.clientY };
      press(down.click);
      if (t.closest('#boards')) event.preventDefault();
    });
    document.addEventListener('pointerup', event => {
      const from = down;
      down = null;
      if (!from || Math.hypot(event.clientX - from.x, event.clientY - from.y) < 8) return;   // a click, not a drag
      const under = document.elementFromPoint(event.clientX, event.clientY);
      const t = under && under.closest('[data-click]');
      if (t && t.dataset.click !== from.click && rz.clicks.length && nextClicks().has(t.dataset.click)) press(t.dataset.click);
    });
    // Hovering one end of a link lights up both ends.
    $('boards').addEventListener('pointerover', event => {
      for (const c of document.querySelectorAll('#boards .link-peer')) c.classList.remove('link-peer');
      const cell = event.target.closest('[data-square]');
      if (!cell) return;
      for (const mark of cell.querySelectorAll('[data-link]')) {
        for (const end of document.querySelectorAll('#boards [data-link="' + mark.dataset.link + '"]')) end.closest('.cell').classList.add('link-peer');
      }
    });
    document.addEventListener('keydown', event => {
      const typing = /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName);
      if (typing || $('newgame').open) return;
      if (event.key === 'ArrowLeft') { step(-1); event.preventDefault(); }
      else if (event.key === 'ArrowRight') { step(1); event.preventDefault(); }
      else if (event.key === 'Home') { viewAt(0); event.preventDefault(); }
      else if (event.key === 'End') { goLive(); event.preventDefault(); }
      else if (event.key === 'Escape') { rz.clicks = []; render(); }
      else if (event.key === 'f') flip();
    });
    $('moves').addEventListener('click', event => {
      const m = event.target.closest('[data-ply]');
      if (m) viewAt(parseInt(m.dataset.ply, 10));
    });
    $('btn-first').onclick = () => viewAt(0);
    $('btn-prev').onclick = () => step(-1);
    $('btn-next').onclick = () => step(1);
    $('btn-last').onclick = goLive;
    $('btn-live').onclick = goLive;
    $('btn-flip').onclick = flip;
    $('btn-undo').onclick = () => { goLive(); send({ type: 'undo' }); };
    $('btn-stop').onclick = () => send({ type: 'stop' });
    $('btn-resume').onclick = () => send({ type: 'resume' });
    $('btn-copy-fen').onclick = copyFen;
    $('fen-text').addEventListener('input', () => { fenEdited = true; });
    $('btn-load-fen').onclick = () => {
      const fen = $('fen-text').value.trim();
      fenEdited = false;
      if (fen) { goLive(); send({ type: 'load_fen', fen }); }
    };
    $('error-close').onclick = () => { $('error').hidden = true; };
    $('btn-new').onclick = () => { if (rz.setup) { fillNewGameForm(); showTcFields(); $('newgame').showModal(); } };
    $('ng-variant').onchange = fillOptions;
    $('ng-tc-kind').onchange = showTcFields;
    $('ng-cancel').onclick = () => $('newgame').close();
    $('newgame-form').addEventListener('submit', () => startNewGame());
    window.addEventListener('resize', sizeBoards);
    setInterval(tickClocks, 100);
  }

  function flip() { rz.flipped = !rz.flipped; rz.flipChosen = true; render(); }

  function copyFen() {
    const fen = rz.view ? rz.view.fen : rz.state && rz.state.fen;
    if (!fen) return;
    const box = $('fen-text');
    fenEdited = false;
    box.value = fen;
    const done = () => { const b = $('btn-copy-fen'); b.textContent = 'Copied'; setTimeout(() => { b.textContent = 'Copy FEN'; }, 1200); };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(fen).then(done, () => { box.select(); });
    else { box.select(); try { document.execCommand('copy'); done(); } catch (e) { /* selected for the person */ } }
  }

  wire();
  connect();
})();
