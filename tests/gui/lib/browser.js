// Debian's Chromium, headless, driven by playwright-core (which downloads no browser).
// $CHROMIUM names another: Debian's chromium-headless-shell (the same Blink, V8 and
// WebAssembly without the full browser's UI and services) starts for about half the
// CPU, but the browser build's analysis steps were slower and failed more often in
// it at a load of 30 to 40 (docs/performance.md, "Issue 43, eighth session"), so
// the full browser stays the default until that is understood.
'use strict';
const { untilDrawn, POLLING, ANSWER_WAIT } = require('./drawn');
const { chromium } = require('playwright-core');

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];

// Every page's waitForFunction polls as lib/drawn.js's POLLING says (every
// animation frame, Playwright's default, unless RULEZERO_TEST_POLLING) where
// the step asks for nothing else.
// The pages of every context of a browser given here share one prototype,
// patched when the first of them opens (playwright-core exports no Page class).
let polled = false;
function pollingPage(page) {
  if (polled) return page;
  const proto = Object.getPrototypeOf(page);
  const wait = proto.waitForFunction;
  proto.waitForFunction = function (fn, arg, options = {}) {
    return wait.call(this, fn, arg, options.polling === undefined ? { ...options, polling: POLLING } : options);
  };
  polled = true;
  return page;
}
function withPolling(browser) {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async options => {
    const context = await newContext(options);
    context.setDefaultTimeout(ANSWER_WAIT);   // every wait, click and selector of its pages: lib/drawn.js
    const newPage = context.newPage.bind(context);
    context.newPage = async () => pollingPage(await newPage());
    return context;
  };
  return browser;
}

// One Chromium per test process, started on first use: each launch() is a new
// context of it (its own storage and cookies, as a profile of its own would
// have), not another browser started for the same thing.
let shared = null;
function sharedChromium() {
  if (!shared) shared = chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS }).then(withPolling);
  return shared;
}
async function closeChromium() {
  if (!shared) return;
  const browser = await shared;
  shared = null;
  await browser.close();
}

// options: more of the context's options (isMobile, hasTouch, deviceScaleFactor...).
async function launch(viewport = { width: 1280, height: 800 }, options = {}) {
  const context = await (await sharedChromium()).newContext({ viewport, ...options });
  return { context, close: () => context.close() };
}

// A page that fails the test on any script error or console error it reports.
async function openPage(browser, url, problems) {
  const page = await browser.context.newPage();
  page.on('pageerror', e => problems.push('page error: ' + e.message));
  page.on('console', m => {
    // The page asks for the full rules to know whether to show their link; a 404 there is an answer.
    const rulesProbe = /\/rules\//.test(m.location().url || '') && /Failed to load resource/.test(m.text());
    if (m.type() === 'error' && !rulesProbe) problems.push('console error: ' + m.text() + ' ' + (m.location().url || ''));
  });
  await page.goto(url);
  await untilDrawn(page, () => window.rulezero && window.rulezero.state && window.rulezero.setup);
  await page.waitForSelector('#boards [data-square]');
  return page;
}

module.exports = { launch, sharedChromium, closeChromium, openPage, withPolling, CHROMIUM, ARGS };
