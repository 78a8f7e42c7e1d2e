// Partial-Information Single Shifted Square Chess (issue 45,
// docs/rules/partial-shifted-square.md) on two seats, in two contexts of the
// runner's browser (two cookie jars). A game of shifted-square is created
// with Shift=hidden on a server with --db and --hidden-seed 5, whose first
// game draws the shift a3=x1 (removed a3, added x1; the test knows it, the
// pages do not). Each seat's page shows the board without a hole, with the x-
// and z-files whole. The seats play a short scripted game, the Fool's mate,
// which mates under that shift, and first click tries that the hidden board
// refuses (onto the removed square, over it, onto an x place that is not the
// added square). A refused try shows "no such turn" on that page alone, and
// the board stays. At the end both pages show the shift: the hole at a3 and
// the added square x1 alone of the 16 places.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { startServer, stopServer } = require('./server');
const { launch } = require('./browser');
const { clickOn } = require('./play');
const { legalTurns } = require('./legaltree');
const { untilDrawn } = require('./drawn');

const SEED = '5';
const SHIFT = { removed: 'a3', added: 'x1' }; // what --hidden-seed 5 draws for the server's first game
// Each turn: the tries the hidden board refuses under SHIFT, then the turn it plays.
const SCRIPT = [
  { refused: ['a2a3', 'b1x2'], played: 'f2f3' }, // onto the removed square; onto an x place not added
  { refused: ['b8x7'], played: 'e7e5' },
  { refused: ['a2a4'], played: 'g2g4' },          // over the removed square
  { refused: [], played: 'd8h4' },                // mate
];

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
    .map(e => e.getAttribute('data-click')).filter(c => /^[xz][1-8]$/.test(c)));
}

const boardOf = page => page.evaluate(() => JSON.stringify(window.rulezero.state.board));

// Clicks one try, as the page offers it; returns the mover's error or null once played.
async function clickTry(mover, text, ply) {
  await untilDrawn(mover, () => { const l = window.rulezero.state.legal; return l && l.nodes; });
  const state = await mover.evaluate(() => JSON.parse(JSON.stringify(window.rulezero.state)));
  const turn = legalTurns(state.legal).find(t => t.text === text);
  if (!turn) throw new Error('ply ' + ply + ': the page does not offer ' + text);
  await mover.evaluate(() => { window.rulezero.lastError = null; });
  for (const c of turn.clicks) await clickOn(mover, c);
  await untilDrawn(mover, n => window.rulezero.state.moves.length > n || window.rulezero.lastError, ply);
  return mover.evaluate(() => window.rulezero.lastError);
}

// A try the hidden board refuses: "no such turn" on the mover's page alone, the board unchanged.
async function refusedTry(mover, other, text, ply) {
  const before = await boardOf(mover);
  const error = await clickTry(mover, text, ply);
  if (!error || !/^no such turn/.test(error)) throw new Error('ply ' + ply + ': ' + text + ' was not refused: ' + error);
  if (await other.evaluate(() => window.rulezero.lastError)) throw new Error('the opponent heard of a refusal');
  const plies = await mover.evaluate(() => window.rulezero.state.moves.length);
  if (plies !== ply || await boardOf(mover) !== before) throw new Error('ply ' + ply + ': the board moved after ' + text + ' was refused');
}

async function hiddenShiftSeats(rulezero, screenshots) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulezero-hidden-'));
  const server = await startServer(rulezero, ['--db', path.join(dir, 'games.sqlite'), '--hidden-seed', SEED]);
  const profiles = { white: await launch(), black: await launch() };
  const problems = [];
  try {
    const lobby = await profiles.white.context.newPage();
    await lobby.goto(server.url + 'no-such-page'); // an origin for the WebSocket, without the page's load
    const made = await createHidden(lobby, server.url);
    if (made.type !== 'created') throw new Error('the hidden game was not created: ' + JSON.stringify(made));
    await lobby.close();
    const base = server.url.replace(/\/$/, '');
    const white = await seatPage(profiles.white, base + made.creator_link, problems, 'white');
    const black = await seatPage(profiles.black, base + made.links.black, problems, 'black');
    for (const p of [white, black]) {
      if ((await edgeCells(p)).length !== 16) throw new Error('a seat does not see the 16 places beside the board');
      if (!await p.$('#layout [data-click="' + SHIFT.removed + '"]')) throw new Error('a seat sees the hole before the end');
    }
    let refused = 0;
    for (const [ply, turn] of SCRIPT.entries()) {
      const [mover, other] = ply % 2 === 0 ? [white, black] : [black, white];
      for (const t of turn.refused) { await refusedTry(mover, other, t, ply); refused++; }
      const error = await clickTry(mover, turn.played, ply);
      if (error) throw new Error('ply ' + ply + ': ' + turn.played + ' refused with ' + error);
      for (const p of [white, black]) await untilDrawn(p, n => window.rulezero.state.moves.length > n, ply);
    }
    const end = await white.evaluate(() => window.rulezero.state);
    if (!end.result) throw new Error('no end after the mate');
    if (end.result.score !== '0-1' || !/mate/i.test(end.result.reason)) throw new Error('not mate: ' + JSON.stringify(end.result));
    await untilDrawn(black, () => !!window.rulezero.state.result);
    for (const p of [white, black]) {
      const edge = await edgeCells(p);
      if (edge.length !== 1 || edge[0] !== SHIFT.added) throw new Error('at the end a seat does not see the added square alone: ' + edge);
      if (await p.$('#layout [data-click="' + SHIFT.removed + '"]')) throw new Error('at the end a seat does not see the hole');
    }
    if (screenshots) await white.screenshot({ path: path.join(screenshots, 'hidden-shift-end.png') });
    if (problems.length) throw new Error(problems.join('\n'));
    console.log('     Shift=hidden: ' + SCRIPT.length + ' turns, ' + refused + ' tries refused, ' + end.result.score +
      ' (' + end.result.reason + ')');
  } finally {
    for (const p of Object.values(profiles)) await p.close();
    await stopServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { hiddenShiftSeats };
