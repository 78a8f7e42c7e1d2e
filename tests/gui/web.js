#!/usr/bin/env node
// Browser tests of the in-browser build (ctest label "web"): Debian's Chromium
// plays every variant in the page whose game, referee and engine run in Web
// Workers (docs/web.md), against both forms of the build that scripts/web.sh
// makes:
//   site  build-web/site/ served over HTTP by a static server of our own (lib/static.js)
//   file  build-web/rulezero.html opened as a file:// URL
// On the site, for each variant: a game by clicking with the variant's special
// inputs, the page compared with the session Worker's own state after every
// turn (lib/insession.js records what the Worker sends); a reload at the end
// of it that resumes the game; an engine-against-engine game watched to its
// result; a clocked game reloaded (clocks kept) in normal and Nick Danger's
// (a turn of several parts). Then bad messages to the session Worker, an
// engine Worker killed mid-search, and the phone-size run (touch, 390x844)
// with a turn tapped in every variant (and four-board Nick Danger, its game
// file opened, four turns tapped, the analysis board, a link to a second
// phone that never opened the file and back: lib/nd4.js; its PGN imported,
// refused on that phone until it opens the file: lib/nd4pgn.js). The single file runs the same wasm
// and page code loaded otherwise (Workers and wasm inlined, storage of a
// file:// page): there, what its loading can change, in normal: a game
// played and reloaded, a clocked reload, a watched engine game, the engine
// Worker killed and started again, an analysis session (lib/analysis.js),
// premoves (lib/premove.js), a game by the keyboard alone (lib/keyboard.js),
// and no request but for itself (data:
// and blob: aside); web_firefox plays every variant's game in it, and
// web_page checks it on a phone. Measurements go
// to --perf: time to a playable board (site and file), click-to-board, the
// longest frame gap during a 10 s search, move_now's latency with and
// without the COOP/COEP headers (shared memory).
//
// Usage: node tests/gui/web.js --rulezero build/rulezero [--site build-web/site] [--html build-web/rulezero.html]
//        [--screenshots DIR] [--perf FILE] [--only VARIANT,...] [--targets site,file] [--skip-watch] [--skip-perf]
//        [--reload-when-stored] [--isolate]
// --isolate serves the site with the COOP/COEP headers (shared memory: a
// search is stopped by the shared counter), as the move_now measurement does.
// A reload comes right after the turn is drawn: the session sends the game's
// record with every change, so nothing may be lost; --reload-when-stored
// waits until the browser's storage holds the game first (at most 3 s).
// --rulezero is the native command line: it names each turn in the readable
// notation the move list must show (as in run.js).
'use strict';
try { require.resolve('playwright-core'); } catch (e) {
  console.log('skipped: playwright-core is not installed (run `npm ci` in tests/gui)');
  process.exit(77);
}
const fs = require('fs');
const os = require('os');
const path = require('path');
const { pathToFileURL } = require('url');
const { launch, closeChromium, openPage, CHROMIUM, sharedChromium } = require('./lib/browser');
const { serveStatic } = require('./lib/static');
const { recorder, workerSession } = require('./lib/insession');
const { playScenario } = require('./lib/scenario');
const { watchGame } = require('./lib/watch');
const { reloadResumes, clockedReload, busyPageReload, reloadWhileThinking, reloadKeepsEngineClock, badInput, engineKilled, openTime, frameGap, moveNowLatency,
  PHONE, PHONE_SIZE, phoneTurn } = require('./lib/webchecks');
const { summary } = require('./lib/perf');
const { fromGameFile } = require('./lib/nd4');
const scenarios = require('./scenarios');
const { step } = require('./lib/step');
const { analysisBoard } = require('./lib/analysis');

const VARIANTS = ['normal', 'polypiece', 'polypiece-phased', 'dialectic', 'hegelian', 'interdependent', 'interweave', 'nickdanger'];
const ROOT = path.resolve(__dirname, '..', '..');

function parseArgs(argv) {
  const args = {
    rulezero: null, site: path.join(ROOT, 'build-web', 'site'), html: path.join(ROOT, 'build-web', 'rulezero.html'),
    screenshots: null, perf: null, only: null, targets: ['site', 'file'], watch: true, measure: true, reloadAtOnce: true, isolate: false
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--rulezero') args.rulezero = argv[++i];
    else if (a === '--site') args.site = argv[++i];
    else if (a === '--html') args.html = argv[++i];
    else if (a === '--screenshots') args.screenshots = argv[++i];
    else if (a === '--perf') args.perf = argv[++i];
    else if (a === '--only') args.only = argv[++i].split(',');
    else if (a === '--targets') args.targets = argv[++i].split(',');
    else if (a === '--skip-watch') args.watch = false;
    else if (a === '--skip-perf') args.measure = false;
    else if (a === '--reload-when-stored') args.reloadAtOnce = false;
    else if (a === '--isolate') args.isolate = true;
    else { console.error('unknown argument ' + a); process.exit(2); }
  }
  if (!args.rulezero) {
    console.error('usage: web.js --rulezero PATH [--site DIR] [--html FILE] [--screenshots DIR] [--perf FILE] ' +
      '[--only V,...] [--targets site,file] [--skip-watch] [--skip-perf] [--reload-when-stored] [--isolate]');
    process.exit(2);
  }
  return args;
}


// The page's own click-to-board measurements so far (a reload starts them again).
async function harvest(page, perf) {
  const m = await page.evaluate(() => {
    const p = window.rulezero.perf;
    return { clickToBoard: p.clickToBoard.splice(0), messageToBoard: p.messageToBoard.splice(0) };
  });
  perf.clickToBoard.push(...m.clickToBoard);
  perf.messageToBoard.push(...m.messageToBoard);
}

// The single file may ask for itself, data: and blob: URLs, and nothing else.
function noRequest(requests, own) {
  const others = requests.filter(u => u !== own && !u.startsWith('data:') && !u.startsWith('blob:'));
  if (others.length) throw new Error('the single file asked for ' + [...new Set(others)].join(', '));
  return requests.length + ' requests, all to the file itself, data: or blob:';
}

const median = a => a.slice().sort((x, y) => x - y)[Math.floor(a.length / 2)];

// The variants whose checks run on a target: every variant on the site; on
// the single file, normal only (see the top of this file).
const onTarget = (target, v) => target.name === 'site' || v === 'normal';
// A clocked reload: the clock's part of the stored record is the same in every
// variant; Nick Danger's turns of several parts are the other case.
const CLOCKED = ['normal', 'nickdanger'];

// Every check of one target (site or file) in one browser of its own.
async function runTarget(target, args, failures, figures) {
  const wanted = v => (!args.only || args.only.includes(v)) && onTarget(target, v);
  const browser = await launch({ width: 1360, height: 820 });
  const requests = [];
  browser.context.on('request', r => requests.push(r.url()));
  await browser.context.addInitScript(recorder);
  const problems = [];
  const perf = { clickToBoard: [], messageToBoard: [] };
  const name = s => target.name + ': ' + s;
  const f = figures[target.name] = {};
  try {
    if (args.measure) {
      await step(name('open to a playable board'), failures, async () => {
        const times = [];
        for (let i = 0; i < 3; i++) times.push(await openTime(browser.context, target.url));
        f.open_to_playable_ms = { median: median(times), all: times };
        return times.join(', ') + ' ms';
      });
    }
    const page = await openPage(browser, target.url, problems);
    const session = workerSession(page, path.resolve(args.rulezero));
    const shots = target.name === 'site' ? args.screenshots : null;
    const reloads = { stored: [], drift: [] };
    const opts = { atOnce: args.reloadAtOnce };
    const noteReload = r => {
      if (r.storedMs !== null) reloads.stored.push(r.storedMs);
      if (r.drift !== null) reloads.drift.push(r.drift);
      return (r.storedMs !== null ? 'stored ' + r.storedMs + ' ms after the turn' : 'reloaded at once') +
        (r.drift !== null ? ', clocks within ' + r.drift + ' ms' : '');
    };
    for (const sc of scenarios.filter(s => wanted(s.variant))) {
      await step(name('play ' + sc.variant + ', then reload'), failures, async () => {
        await playScenario(page, session, sc, shots);
        await harvest(page, perf);
        return noteReload(await reloadResumes(page, session, sc.variant, opts));
      });
    }
    for (const v of CLOCKED.filter(wanted)) {
      await step(name('reload a clocked ' + v + ' game'), failures, async () => {
        await harvest(page, perf);
        return noteReload(await clockedReload(page, session, v, opts));
      });
    }
    const site = target.name === 'site';
    const busy = CLOCKED.filter(wanted)[0];   // one variant is enough: the page, not the rules, is tried
    if (site && busy) await step(name('reload a clocked ' + busy + ' game after the page was busy'), failures, () => busyPageReload(page, session, busy, opts));
    if (site && wanted('normal')) await step(name('reload while Rule Zero thinks'), failures, () => reloadWhileThinking(page, session));
    if (site && wanted('normal')) await step(name('reload while Rule Zero thinks on its clock'), failures, () => reloadKeepsEngineClock(page));
    const most = a => a.length ? Math.max(...a) : null;
    f.reload = { stored_after_turn_max_ms: most(reloads.stored), clock_drift_max_ms: most(reloads.drift) };
    await harvest(page, perf);
    if (args.watch) {
      for (const v of VARIANTS.filter(wanted)) {
        await step(name('watch ' + v), failures, () => watchGame(page, session, v, ['engine:0', 'engine:0']));
        await harvest(page, perf);
      }
    }
    if (wanted('normal')) {
      if (site) await step(name('bad messages to the session Worker'), failures, () => badInput(page, session));
      await step(name('engine Worker killed mid-search, then Resume'), failures, async () => 'the page said: ' + await engineKilled(page, session));
      // The analysis session of web_play (on the site) in the single file too: the same modules, bundled.
      if (!site) await step(name('analysis board, normal'), failures, () => analysisBoard(page, 'normal'));
      // And web_play's premoves (played, dropped, cancelled), the single file's bundle of the same modules.
      if (!site) await step(name('premoves'), failures, () => require('./lib/premove').premoves(page));
      // And web_play's game by the keyboard alone, its labels and announcements from Chromium's accessibility tree.
      if (!site) await step(name('a game by the keyboard alone, the accessibility tree read'), failures,
        () => require('./lib/keyboard').keyboardPlay(page));
      await harvest(page, perf);
      if (args.measure && target.name === 'site') {
        await step(name('frames during a 10 s search'), failures, async () => {
          f.search = await frameGap(page, 10000);
          const d = g => 'longest gap ' + g.longest_frame_gap_ms + ' ms, 99% ' + g.p99_gap_ms + ' ms, ' + g.gaps_over_50ms +
            ' over 50 ms in ' + g.frames + ' frames';
          return 'searching: ' + d(f.search.search) + '; idle: ' + d(f.search.idle);
        });
      }
    }
    await step(name('no script errors'), failures, async () => { if (problems.length) throw new Error(problems.join('\n')); });
    if (target.name === 'file') {
      await step(name('no network request'), failures, async () => noRequest(requests, target.url));
    }
  } finally {
    await browser.close();
  }
  const report = summary(perf);
  console.log(target.name + ': ' + report.text.replace(/\n/g, '\n' + target.name + ': '));
  f.click_to_board = report.figures.click_to_board;
  f.session_move_to_board = report.figures.server_move_to_board;
}

// A phone (touch, 390x844): a turn tapped in every variant; screenshots of the site's.
async function phoneRun(target, args, failures) {
  const wanted = v => !args.only || args.only.includes(v);
  const browser = await launch(PHONE_SIZE, PHONE);
  const requests = [];
  browser.context.on('request', r => requests.push(r.url()));
  await browser.context.addInitScript(recorder);
  const problems = [];
  try {
    const page = await openPage(browser, target.url, problems);
    const session = workerSession(page, path.resolve(args.rulezero));
    const shots = target.name === 'site' ? args.screenshots : null;
    for (const v of VARIANTS.filter(wanted)) {
      await step(target.name + ': phone, ' + v + ' by taps', failures, () => phoneTurn(page, session, v, shots));
    }
    if (wanted('nickdanger')) {
      const other = async () => require('./lib/phone').openPhone(await sharedChromium(), target.url, problems);
      await step(target.name + ': phone, four-board Nick Danger from games/builtin.ini by taps, analysed, by link', failures,
        () => fromGameFile(page, other));
      await step(target.name + ': phone, four-board Nick Danger by PGN, tapped', failures,
        () => require('./lib/nd4pgn').nd4Pgn(page, other, { tap: true, shot: shots && path.join(shots, 'nickdanger-4-pgn-phone.png') }));
    }
    await step(target.name + ': phone, no script errors', failures, async () => { if (problems.length) throw new Error(problems.join('\n')); });
    if (target.name === 'file') await step(target.name + ': phone, no network request', failures, async () => noRequest(requests, target.url));
  } finally {
    await browser.close();
  }
}

// move_now during a 30 s search, with and without the headers that give shared memory.
async function moveNow(siteDir, failures, figures) {
  for (const isolate of [false, true]) {
    const server = await serveStatic(siteDir, { isolate });
    const browser = await launch({ width: 1360, height: 820 });
    await browser.context.addInitScript(recorder);
    const key = isolate ? 'with_coop_coep' : 'without_coop_coep';
    try {
      await step('move_now latency ' + key.replace(/_/g, ' '), failures, async () => {
        const page = await openPage(browser, server.url, []);
        const r = await moveNowLatency(page, 30000);
        if (r.shared !== isolate) throw new Error('shared memory is ' + (r.shared ? 'on' : 'off') + ' ' + key.replace(/_/g, ' '));
        (figures.move_now_ms = figures.move_now_ms || {})[key] = r.ms;
        return r.ms + ' ms (shared memory ' + (r.shared ? 'on' : 'off') + ')';
      });
    } finally {
      await browser.close();
      await server.close();
    }
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(CHROMIUM)) { console.log('skipped: no Chromium at ' + CHROMIUM); process.exit(77); }
  const missing = [];
  if (args.targets.includes('site') && !fs.existsSync(path.join(args.site, 'index.html'))) missing.push(path.join(args.site, 'index.html'));
  if (args.targets.includes('file') && !fs.existsSync(args.html)) missing.push(args.html);
  if (missing.length) {
    console.error('FAIL: the in-browser build is missing (' + missing.join(', ') + '): run scripts/web.sh first');
    process.exit(1);
  }
  if (args.screenshots) fs.mkdirSync(args.screenshots, { recursive: true });
  const t0 = Date.now();
  const failures = [];
  const figures = {};
  const server = args.targets.includes('site') ? await serveStatic(args.site, { isolate: args.isolate }) : null;
  try {
    const targets = [];
    if (server) targets.push({ name: 'site', url: server.url });
    if (args.targets.includes('file')) targets.push({ name: 'file', url: pathToFileURL(path.resolve(args.html)).href });
    for (const t of targets) await runTarget(t, args, failures, figures);
    for (const t of targets.filter(t => t.name === 'site')) await phoneRun(t, args, failures);
    if (server && args.measure) await moveNow(args.site, failures, figures);
  } finally {
    await closeChromium();
    if (server) await server.close();
  }
  figures.machine = { cpus: os.cpus().length, load_average_at_end: os.loadavg().map(x => Math.round(x * 100) / 100),
    chromium: CHROMIUM, run_s: Math.round((Date.now() - t0) / 1000) };
  console.log(JSON.stringify(figures, null, 2));
  if (args.perf) fs.writeFileSync(args.perf, JSON.stringify(figures, null, 2) + '\n');
  console.log((failures.length ? failures.length + ' failed: ' + failures.join(', ') : 'all passed') +
    ' in ' + ((Date.now() - t0) / 1000).toFixed(1) + ' s');
  process.exit(failures.length ? 1 : 0);
}

main().catch(e => { console.error(e && e.stack || e); process.exit(1); });
