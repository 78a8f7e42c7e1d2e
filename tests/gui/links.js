#!/usr/bin/env node
// Games by link and PGN import (issue 46, tests/gui/lib/links.js) in
// Chromium: in the single file rulezero.html, a correspondence game of 6
// turns in Nick Danger and in Dialectic between two contexts; a reload
// during the link game; bad links refused; the Nick Danger game's PGN
// imported on a phone by taps (lib/phone.js); a PGN import per game, XBoard's
// PGN, a bad PGN, four-board Nick Danger's PGN (its game file opened: lib/nd4pgn.js); then a link opened on the static site and in `rulezero
// gui`, where a turn is offered back and a PGN imported; on the site, the
// 6-turn games of Nick Danger and Dialectic again between two phones
// (390x844, touch), every turn and button tapped. In Firefox the Nick
// Danger game is played by tests/gui/firefox.js (one Firefox for all its steps).
// Usage: node tests/gui/links.js --rulezero build/rulezero --html build-web/rulezero.html
//        [--site build-web/site] [--screenshots DIR]
// (--screenshots: four-board Nick Danger's PGN refused, 1280x800:
// nickdanger-4-pgn-desktop.png)
// Exit 77 (skipped) without Chromium or tests/gui/node_modules.
'use strict';
const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');
const { step } = require('./lib/step');

function parseArgs(argv) {
  const args = { rulezero: null, html: null, site: null, screenshots: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--rulezero') args.rulezero = argv[++i];
    else if (argv[i] === '--html') args.html = argv[++i];
    else if (argv[i] === '--site') args.site = argv[++i];
    else if (argv[i] === '--screenshots') args.screenshots = argv[++i];
    else { console.error('unknown argument ' + argv[i]); process.exit(2); }
  }
  if (!args.rulezero || !args.html) { console.error('usage: links.js --rulezero PATH --html FILE [--site DIR] [--screenshots DIR]'); process.exit(2); }
  return args;
}

const READY = () => window.rulezero && window.rulezero.setup && document.querySelector('#boards [data-square]');

// Chromium: each opener call is a new context of the one browser.
async function chromiumRun(args, file, failures) {
  const { sharedChromium, closeChromium, CHROMIUM } = require('./lib/browser');
  if (!fs.existsSync(CHROMIUM)) { console.log('skipped: no Chromium at ' + CHROMIUM); process.exit(77); }
  const links = require('./lib/links');
  const { untilDrawn } = require('./lib/drawn');
  const problems = [];
  const browser = await sharedChromium();
  // A page of a new context (a desktop window, or `options`: a phone's), loaded and drawn.
  const openerOf = (options, who) => async url => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    page.on('pageerror', e => problems.push(who + 'page error: ' + e.message));
    page.on('console', m => {
      const rulesProbe = /\/rules\//.test(m.location().url || '') && /Failed to load resource/.test(m.text());
      if (m.type() === 'error' && !rulesProbe) problems.push('console error: ' + m.text());
    });
    await page.goto(url);
    await untilDrawn(page, READY, null, { timeout: 120000 });
    return { page, close: () => context.close() };
  };
  const opener = openerOf({ viewport: { width: 1280, height: 800 } }, '');
  let server = null, site = null;
  try {
    let nd = null;
    await step('file: correspondence, Nick Danger, 6 turns', failures, async () => {
      nd = await links.correspondence(opener, file, 'nickdanger', 6);
    });
    await step('file: a reload during the link game offers its link again', failures, async () => {
      if (!nd) throw new Error('no link game to reload (the Nick Danger game failed)');
      await links.reloadOffers(nd.a.page, nd.link);
    });
    await step('file: correspondence, Dialectic, 6 turns', failures, async () => {
      const d = await links.correspondence(opener, file, 'dialectic', 6);
      await d.a.close();
    });
    await step('file: bad links refused, nothing lost', failures, async () => {
      if (!nd) throw new Error('no game to refuse links in (the Nick Danger game failed)');
      await links.badLinks(nd.a.page, nd.link);
    });
    if (nd) {
      await step('file, phone (390x844, touch): a PGN imported, a turn tapped', failures, async () => {
        const { openPhone, phonePgn } = require('./lib/phone');
        const turns = await nd.a.page.evaluate(() => window.rulezero.state.moves.map(m => m.coord));
        const phone = await openPhone(browser, file, problems);
        try { return await phonePgn(phone.page, await links.pgnOf(nd.a.page), 'nickdanger', turns); } finally { await phone.close(); }
      });
    }
    const page = nd ? nd.a.page : (await opener(file)).page;
    const variants = await page.evaluate(() => window.rulezero.setup.variants.map(v => v.id));
    for (const v of variants) await step('file: PGN import, ' + v, failures, () => links.pgnRoundTrip(page, v));
    await step("file: XBoard's PGN (Interdependent) opened as a file", failures, () =>
      links.xboardPgn(page, path.join(__dirname, '..', 'pgn', 'xboard-interdependent.pgn'), 51));
    await step('file: a PGN the rules refuse', failures, () =>
      links.badPgn(page, '[Variant "normal"]\n\n1. e4 e5 2. Ke3 *', /could not be imported: turn 3 'Ke3' is illegal/));
    await step('file: a PGN of an unknown game', failures, () =>
      links.badPgn(page, '[Variant "atomic"]\n\n1. e4 *', /could not be imported: the game "atomic" is not one this page lists: if a game file declares it, open that file/));
    await step('file: four-board Nick Danger (games/builtin.ini) by PGN', failures, () =>
      require('./lib/nd4pgn').nd4Pgn(page, () => opener(file),
        { shot: args.screenshots && path.join(args.screenshots, 'nickdanger-4-pgn-desktop.png') }));
    const link = nd ? nd.link : null;
    if (args.site) site = await require('./lib/static').serveStatic(args.site);
    if (site && link) {
      await step('site: the link opens, a turn offered back', failures, async () => { await otherHome(opener, site.url, link, links); });
    }
    if (site) {
      const { PHONE } = require('./lib/phone');
      const { controlsPlace, checkControls } = require('./lib/layout');
      for (const v of ['nickdanger', 'dialectic']) {
        await step('site, phones (390x844, touch): correspondence, ' + v + ', 6 turns tapped', failures, async () => {
          const g = await links.correspondence(openerOf(PHONE, 'phone: '), site.url, v, 6, { tap: true });
          try { checkControls(v, await g.a.page.evaluate(controlsPlace)); } finally { await g.a.close(); }
          return g.turns.join(' ');
        });
      }
    }
    if (link) {
      await step('rulezero gui: the link opens, a turn offered back, a PGN imported', failures, async () => {
        const { startServer } = require('./lib/server');
        server = await startServer(path.resolve(args.rulezero));
        const p = await otherHome(opener, server.url, link, links);
        await links.pgnRoundTrip(p, 'nickdanger');
      });
    }
    if (link) {
      await step('rulezero gui with seats: a link refused at its gate, twice, nothing lost', failures, async () => {
        const { startServer, stopServer } = require('./lib/server');
        const dir = fs.mkdtempSync(path.join(require('os').tmpdir(), 'rulezero-links-'));
        const seats = await startServer(path.resolve(args.rulezero), ['--db', path.join(dir, 'games.sqlite')]);
        try { await seatGate(browser, seats.url, link, links); } finally { await stopServer(seats); fs.rmSync(dir, { recursive: true, force: true }); }
      });
    }
    await step('no script errors', failures, async () => { if (problems.length) throw new Error(problems.join('\n')); });
  } finally {
    if (server) await require('./lib/server').stopServer(server);
    if (site) site.close();
    await closeChromium();
  }
}

// A link made in the single file, opened where the page has another home
// (the site, the native server): the same game; a turn there; its link offered.
async function otherHome(opener, url, link, links) {
  const p = links.payloadOf(link);
  const o = await opener(url.split('#')[0] + '#' + link.split('#')[1]);
  await links.holds(o.page, p.variant, p.turns, url);
  const { playTurn } = require('./lib/play');
  await playTurn(o.page, /./);
  const back = await links.offered(o.page, p.turns.length + 1);
  const q = links.payloadOf(back.link);
  if (q.id !== p.id || !back.link.startsWith(url.split('#')[0])) throw new Error('the link offered back: ' + back.link);
  return o.page;
}

// A game with seats is restored from its file only: a link opened in it is
// refused with the server's reason, and the next link is answered too.
async function seatGate(browser, url, link, links) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const lobby = await context.newPage();
    await lobby.goto(url);
    await lobby.waitForSelector('#lb-variant option', { state: 'attached' });
    await lobby.selectOption('#lb-variant', 'nickdanger');
    await lobby.selectOption('#lb-side', 'white');
    await lobby.selectOption('#lb-opponent', 'human');
    await lobby.click('#lb-create');
    await lobby.waitForSelector('#created:not([hidden])');
    const game = new URL(await lobby.getAttribute('#created-go', 'href'), url).href;
    const page = await context.newPage();
    await page.goto(game);
    const { untilDrawn } = require('./lib/drawn');
    await untilDrawn(page, () => window.rulezero && window.rulezero.seat && window.rulezero.setup && document.querySelector('#boards [data-square]'));
    for (let i = 0; i < 2; i++) {
      await links.refused(page, () => links.setFragment(page, link), /could not be opened: a game with seats is restored from its file only/,
        'a link in a game with seats (' + (i + 1) + ')');
    }
  } finally {
    await context.close();
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  try { require.resolve('playwright-core'); } catch (e) {
    console.log('skipped: the browser driver is not installed (run `npm ci` in tests/gui)');
    process.exit(77);
  }
  if (!fs.existsSync(args.html)) { console.error('FAIL: ' + args.html + ' is missing: run scripts/web.sh first'); process.exit(1); }
  const file = pathToFileURL(path.resolve(args.html)).href;
  if (args.screenshots) fs.mkdirSync(args.screenshots, { recursive: true });
  const t0 = Date.now();
  const failures = [];
  await chromiumRun(args, file, failures);
  console.log((failures.length ? failures.length + ' failed: ' + failures.join(', ') : 'all passed') +
    ' in ' + ((Date.now() - t0) / 1000).toFixed(1) + ' s');
  process.exit(failures.length ? 1 : 0);
}

main().catch(e => { console.error(e && e.stack || e); process.exit(1); });
