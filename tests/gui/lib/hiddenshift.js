// Partial-Information Single Shifted Square Chess (issue 45,
// docs/rules/partial-shifted-square.md) on two seats, in two contexts of the
// runner's browser (two cookie jars). A game of shifted-square is created
// with Shift=hidden on a server with --db and --hidden-seed. Each seat's page
// shows the board without a hole, with the x- and z-files whole. The seat to
// move clicks random tries from the turns its page offers. A refused try
// shows "no such turn" on that page alone, and the board stays. The seats
// play to the end of the game, and the board then shows the shift.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { startServer, stopServer } = require('./server');
const { launch } = require('./browser');
const { clickOn } = require('./play');
const { legalTurns } = require('./legaltree');
const { untilDrawn } = require('./drawn');

const MAX_PLIES = 600; // a random game ends long before (fifty-move rule, repetition, mate)

// A small seeded generator (mulberry32): the same tries on every run.
function rng(seed) {
  return () => {
    seed = (seed + 0x6D2B79F5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function createHidden(page, url) {
  return page.evaluate(url => new Promise(resolve => {
    const ws = new WebSocket(url.replace(/^http/, 'ws') + 'ws');
    ws.onopen = () => ws.send(JSON.stringify({ type: 'create_game', variant: 'shifted-square', side: 'white',
      options: { Shift: 'hidden' } }));
    ws.onmessage = e => {
      const m = JSON.parse(e.data);
      if (m.type === 'created' || m.type === 'error') { ws.close(); resolve(m); }
    };
  }), url);
}

async function seatPage(profile, url, problems, who) {
  const page = await profile.context.newPage();
  page.on('pageerror', e => problems.push(who + ': page error: ' + e.message));
  await page.goto(url);
  await untilDrawn(page, () => window.rulezero.seat && window.rulezero.setup);
  await page.waitForSelector('#boards [data-square]');
  return page;
}

// The cells x1..x8 and z1..z8 the page draws.
function edgeCells(page) {
  return page.evaluate(() => [...document.querySelectorAll('#layout [data-click]')]
    .map(e => e.getAttribute('data-click')).filter(c => /^[xz][1-8]$/.test(c)).length);
}

// Clicks tries until one is played: how many were refused.
async function playOneTurn(mover, other, random, ply) {
  await untilDrawn(mover, () => { const l = window.rulezero.state.legal; return l && l.nodes; });
  const state = await mover.evaluate(() => JSON.parse(JSON.stringify(window.rulezero.state)));
  const occupied = new Set(state.board.pieces.map(p => p.square));
  const tries = legalTurns(state.legal).map(t => ({ t, r: random() }))
    .sort((a, b) => (occupied.has(a.t.text.slice(2, 4)) ? 0 : 1) - (occupied.has(b.t.text.slice(2, 4)) ? 0 : 1) || a.r - b.r)
    .map(x => x.t);
  let refused = 0;
  for (const turn of tries) {
    await mover.evaluate(() => { window.rulezero.lastError = null; });
    for (const c of turn.clicks) await clickOn(mover, c);
    await untilDrawn(mover, n => window.rulezero.state.moves.length > n || window.rulezero.lastError, ply);
    const error = await mover.evaluate(() => window.rulezero.lastError);
    if (!error) return refused;
    if (!/^no such turn/.test(error)) throw new Error('ply ' + ply + ': ' + turn.text + ' refused with ' + error);
    if (await other.evaluate(() => window.rulezero.lastError)) throw new Error('the opponent heard of a refusal');
    refused++;
  }
  throw new Error('ply ' + ply + ': every try was refused');
}

async function hiddenShiftSeats(rulezero, screenshots) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulezero-hidden-'));
  const server = await startServer(rulezero, ['--db', path.join(dir, 'games.sqlite'), '--hidden-seed', '3']);
  const profiles = { white: await launch(), black: await launch() };
  const problems = [];
  try {
    const lobby = await profiles.white.context.newPage();
    await lobby.goto(server.url);
    const made = await createHidden(lobby, server.url);
    if (made.type !== 'created') throw new Error('the hidden game was not created: ' + JSON.stringify(made));
    await lobby.close();
    const base = server.url.replace(/\/$/, '');
    const white = await seatPage(profiles.white, base + made.creator_link, problems, 'white');
    const black = await seatPage(profiles.black, base + made.links.black, problems, 'black');
    for (const p of [white, black]) {
      if (await edgeCells(p) !== 16) throw new Error('a seat does not see the 16 places beside the board');
    }
    const random = rng(45);
    let ply = 0, refused = 0;
    for (; ply < MAX_PLIES; ply++) {
      const state = await white.evaluate(() => window.rulezero.state);
      if (state.result) break;
      const [mover, other] = state.side === 'white' ? [white, black] : [black, white];
      refused += await playOneTurn(mover, other, random, ply);
      for (const p of [white, black]) await untilDrawn(p, n => window.rulezero.state.moves.length > n, ply);
    }
    const end = await white.evaluate(() => window.rulezero.state);
    if (!end.result) throw new Error('no end after ' + MAX_PLIES + ' turns');
    await untilDrawn(black, () => !!window.rulezero.state.result);
    for (const p of [white, black]) {
      if (await edgeCells(p) !== 1) throw new Error('at the end a seat does not see the added square alone');
    }
    if (!refused) throw new Error('no try was refused');
    if (screenshots) await white.screenshot({ path: path.join(screenshots, 'hidden-shift-end.png') });
    if (problems.length) throw new Error(problems.join('\n'));
    console.log('     Shift=hidden: ' + ply + ' turns, ' + refused + ' tries refused, ' + end.result.score +
      ' (' + end.result.reason + ')');
  } finally {
    for (const p of Object.values(profiles)) await p.close();
    await stopServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { hiddenShiftSeats };
