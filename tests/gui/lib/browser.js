// Debian's Chromium, headless, driven by playwright-core (which downloads no browser).
'use strict';
const { untilDrawn } = require('./drawn');
const { chromium } = require('playwright-core');

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];

// One Chromium per test process, started on first use: each launch() is a new
// context of it (its own storage and cookies, as a profile of its own would
// have), not another browser started for the same thing.
let shared = null;
function sharedChromium() {
  if (!shared) shared = chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
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

module.exports = { launch, sharedChromium, closeChromium, openPage, CHROMIUM, ARGS };
