// Two people, two machines (issue 32): a server with seats (`--db FILE`).
// Three browser profiles (three cookie jars): the creator makes a game in the
// lobby and plays White through its link, a second profile opens the Black
// seat's invitation, a third watches. They play turns by clicking; after
// every turn the watcher's page and both players' show what the server
// holds, only the seat to move may click, the other seat grants a take-back,
// and the creator's delete tells every page.
'use strict';
const { untilDrawn } = require('./drawn');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { startServer, stopServer, getJson } = require('./server');
const { launch } = require('./browser');
const { playTurn, checkBoard } = require('./play');
const { readPage } = require('./compare');
const { legalTurns } = require('./legaltree');

async function openTracked(profile, url, problems, who) {
  const page = await profile.context.newPage();
  page.on('pageerror', e => problems.push(who + ': page error: ' + e.message));
  page.on('dialog', d => d.accept());
  await page.goto(url);
  return page;
}

async function seated(page) {
  await untilDrawn(page, () => window.rulezero && window.rulezero.seat && window.rulezero.state && window.rulezero.setup);
  await page.waitForSelector('#boards [data-square]');
}

// The three pages show the same position, the one the server holds.
async function samePages(pages, server, label) {
  for (const [who, page] of Object.entries(pages)) await checkBoard(page, server, label + ' (' + who + ')');
  const shown = await Promise.all(Object.values(pages).map(p => p.evaluate(readPage)));
  const first = JSON.stringify(shown[0]);
  if (shown.some(s => JSON.stringify(s) !== first)) throw new Error(label + ': the pages differ');
}

async function canClick(page) {
  return page.evaluate(() => { const l = window.rulezero.state.legal; return !!(l && l.nodes); });
}

async function oneGame(lobby, profiles, serverUrl, variant, turns, problems, screenshots) {
  await lobby.selectOption('#lb-variant', variant);
  await lobby.selectOption('#lb-side', 'white');
  await lobby.selectOption('#lb-opponent', 'human');
  await lobby.click('#lb-create');
  const input = '#created:not([hidden]) .seat-link[data-color="black"] input';
  await lobby.waitForFunction(sel => { const e = document.querySelector(sel); return e && e.value.includes('key='); }, input);
  const blackLink = await lobby.inputValue(input);
  const creatorLink = await lobby.getAttribute('#created-go', 'href');
  const game = /game=([0-9a-f]{32})/.exec(creatorLink)[1];
  const server = { url: serverUrl, state: () => getJson(serverUrl + 'api/state?game=' + game) };
  const pages = {
    white: await openTracked(profiles.white, serverUrl.replace(/\/$/, '') + creatorLink, problems, 'white'),
    black: await openTracked(profiles.black, blackLink, problems, 'black'),
    watcher: await openTracked(profiles.watcher, serverUrl + '?game=' + game, problems, 'watcher')
  };
  for (const p of Object.values(pages)) await seated(p);
  const roles = {};
  for (const [who, p] of Object.entries(pages)) roles[who] = await p.textContent('#seat-role');
  if (!/White/.test(roles.white) || !/Black/.test(roles.black) || !/watch/.test(roles.watcher)) {
    throw new Error('seats shown ' + JSON.stringify(roles));
  }
  if (!await pages.white.isVisible('#seat-links .seat-link[data-color="black"]')) throw new Error('the creator sees no invitation');
  if (await pages.black.isVisible('#btn-delete-game')) throw new Error('Black may delete the game');
  const flipped = await pages.black.evaluate(() => window.rulezero.flipped);
  if (!flipped) throw new Error('Black\'s board is not turned to Black');
  await samePages(pages, server, variant + ' start');
  let played = turns;
  for (let ply = 0; ply < turns; ply++) {
    const state = await server.state();
    if (state.result) { played = ply; break; }
    const mover = state.side === 'white' ? pages.white : pages.black;
    const waiting = state.side === 'white' ? pages.black : pages.white;
    if (await canClick(waiting) || await canClick(pages.watcher)) throw new Error('ply ' + ply + ': a page not to move may click');
    // A random legal turn (seeded by the ply), so that a long run reaches a result.
    await untilDrawn(mover, () => { const l = window.rulezero.state.legal; return l && l.nodes; });
    const texts = await mover.evaluate(() => JSON.stringify(window.rulezero.state.legal));
    const choices = legalTurns(JSON.parse(texts)).map(t => t.text);
    await playTurn(mover, choices[(ply * 7919 + 13) % choices.length]);
    for (const p of Object.values(pages)) await untilDrawn(p, n => window.rulezero.state.moves.length === n, ply + 1);
    await samePages(pages, server, variant + ' after ply ' + (ply + 1));
  }
  if (screenshots) {
    await pages.watcher.screenshot({ path: path.join(screenshots, 'seats-watcher-' + variant + '.png') });
    await pages.white.screenshot({ path: path.join(screenshots, 'seats-creator-' + variant + '.png') });
  }
  const result = (await server.state()).result;
  // A take-back: the side that just moved asks, the other grants it on its page (not after the end).
  const before = result ? 0 : (await server.state()).moves.length;
  if (before > 0) await takeBack(pages, server, variant, before);
  // The creator deletes the game: every page is told.
  await pages.white.click('#btn-delete-game');
  await pages.black.waitForSelector('#notice:not([hidden])[data-kind="deleted"]');
  await pages.watcher.waitForSelector('#notice:not([hidden])[data-kind="deleted"]');
  for (const p of Object.values(pages)) await p.close();
  console.log('     ' + variant + ': ' + played + ' turns on two seats and a watcher' +
    (result ? ', ' + result.score + ' (' + result.reason + ')' : ', a take-back') + ', deleted');
}

async function takeBack(pages, server, variant, before) {
  const asker = (await server.state()).side === 'white' ? pages.black : pages.white;
  const granter = asker === pages.white ? pages.black : pages.white;
  await asker.click('#btn-undo');
  await granter.waitForSelector('#takeback-prompt:not([hidden])');
  if (await pages.watcher.isVisible('#takeback-prompt')) throw new Error('the watcher is asked to grant a take-back');
  await granter.click('#btn-accept-takeback');
  for (const p of Object.values(pages)) await untilDrawn(p, n => window.rulezero.state.moves.length < n, before);
  await samePages(pages, server, variant + ' after the take-back');
}

// The lobby on a phone (390x844, touch): the form, the links it gives and the
// list of games fit the screen's width, with nothing to scroll sideways.
async function lobbyOnPhone(serverUrl, problems, screenshots) {
  const phone = await launch({ width: 390, height: 844 }, { isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    const page = await openTracked(phone, serverUrl, problems, 'phone lobby');
    await page.waitForSelector('#lb-variant option', { state: 'attached' });
    await page.selectOption('#lb-variant', 'nickdanger');
    await page.selectOption('#lb-opponent', 'human');
    await page.tap('#lb-create');
    await page.waitForSelector('#created:not([hidden])');
    await page.waitForSelector('#games tbody tr');
    await page.waitForFunction(() => document.querySelectorAll('#games tbody tr').length > 0);
    const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: 390 })); // not innerWidth: a phone widens its layout to what overflows
    if (width.page > width.screen) throw new Error('the lobby is ' + width.page + ' px wide on a ' + width.screen + ' px phone');
    if (screenshots) await page.screenshot({ path: path.join(screenshots, 'seats-lobby-phone.png'), fullPage: true });
  } finally {
    await phone.close();
  }
}

async function seatsGames(rulezero, variants, screenshots, turns = 8) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulezero-seats-'));
  const server = await startServer(rulezero, ['--db', path.join(dir, 'games.sqlite')]);
  const profiles = { white: await launch(), black: await launch(), watcher: await launch() };
  const problems = [];
  try {
    const lobby = await openTracked(profiles.white, server.url, problems, 'lobby');
    await lobby.waitForSelector('#lb-variant option', { state: 'attached' });
    for (const v of variants) await oneGame(lobby, profiles, server.url, v, turns, problems, screenshots);
    await lobbyOnPhone(server.url, problems, screenshots);
    if (problems.length) throw new Error(problems.join('\n'));
  } finally {
    for (const p of Object.values(profiles)) await p.close();
    await stopServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { seatsGames };
