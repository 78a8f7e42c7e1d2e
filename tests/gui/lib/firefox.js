// Debian's Firefox ESR, headless, driven by puppeteer-core over WebDriver
// BiDi (puppeteer-core downloads no browser). The page it gives has the few
// Playwright calls the scenario code uses (lib/play.js, lib/scenario.js,
// lib/insession.js, lib/drawn.js), with Playwright's argument order, so the
// same steps play in Chromium (Playwright) and in Firefox.
'use strict';
const fs = require('fs');
const { POLLING, ANSWER_WAIT } = require('./drawn');

const FIREFOX = process.env.FIREFOX || '/usr/bin/firefox-esr';

function available() {
  try { require.resolve('puppeteer-core'); } catch (e) { return 'puppeteer-core is not installed (run `npm ci` in tests/gui)'; }
  if (!fs.existsSync(FIREFOX)) return 'no Firefox at ' + FIREFOX;
  return null;
}

// Playwright's waitForFunction(fn, arg, {timeout, polling}) as Puppeteer's
// (polling: lib/drawn.js's POLLING unless the step asks for another).
function waitOptions(options = {}) {
  const o = { timeout: options.timeout === undefined ? ANSWER_WAIT : options.timeout };
  o.polling = options.polling === undefined ? POLLING : options.polling;
  return o;
}

// Playwright's visibility: in the document, a box that is not empty, not visibility: hidden.
const shown = selector => {
  const e = document.querySelector(selector);
  if (!e) return false;
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
};

// Playwright's waitForSelector states as Puppeteer's options (no state: attached).
function selectorOptions(options) {
  const o = { timeout: options.timeout || 30000 };
  if (options.state === 'hidden' || options.state === 'detached') o.hidden = true;
  else if (options.state === 'visible') o.visible = true;
  return o;   // else attached, as this wrapper has always waited
}

// Runs `act` again, up to 5 times, while it fails on an element the page replaced.
async function again(act) {
  for (let tries = 1; ; tries++) {
    try { return await act(); } catch (e) {
      if (tries >= 5 || !/detached|not clickable/i.test(e.message)) throw e;
    }
  }
}

function wrap(page) {
  const visible = selector => page.waitForSelector(selector, { visible: true, timeout: ANSWER_WAIT });
  return {
    raw: page,
    goto: url => page.goto(url),
    reload: () => page.reload(),
    bringToFront: () => page.bringToFront(),
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    waitForFunction: (fn, arg, options) => page.waitForFunction(fn, waitOptions(options), arg),
    waitForSelector: (selector, options = {}) => page.waitForSelector(selector, selectorOptions(options)),
    isVisible: selector => page.evaluate(shown, selector),
    isHidden: async selector => !(await page.evaluate(shown, selector)),
    inputValue: selector => page.$eval(selector, e => e.value),
    focus: selector => page.focus(selector),
    waitForTimeout: ms => new Promise(r => setTimeout(r, ms)),
    // Again, as Playwright's click and tap do, when the page drew the element
    // anew between finding and clicking (or tapping) it (a board redrawn by a report).
    click: async (selector, options = {}) => {
      await page.waitForSelector(selector, { visible: true, timeout: options.timeout || 30000 });
      await again(() => page.click(selector, options.button ? { button: options.button } : {}));
    },
    tap: async selector => { await visible(selector); await again(() => page.tap(selector)); },
    selectOption: async (selector, value) => { await page.waitForSelector(selector); await page.select(selector, value); },
    fill: async (selector, value) => {
      await page.waitForSelector(selector);
      await page.$eval(selector, (e, v) => {
        e.focus();
        e.value = v;
        e.dispatchEvent(new Event('input', { bubbles: true }));
        e.dispatchEvent(new Event('change', { bubbles: true }));
      }, value);
    },
    textContent: selector => page.$eval(selector, e => e.textContent),
    // Playwright's locator(selector).boundingBox(): the first match's box, null if none is laid out.
    locator: selector => ({ boundingBox: async () => { const h = await page.$(selector); return h ? h.boundingBox() : null; } }),
    $eval: (selector, fn, arg) => page.$eval(selector, fn, arg),
    $$eval: (selector, fn, arg) => page.$$eval(selector, fn, arg),
    screenshot: options => page.screenshot(options),
    // Playwright's key combinations ("Shift+Tab", "Control+A"): the modifiers
    // held down over the key, as a person presses them (WebDriver BiDi keeps a
    // key down between actions of the same input source).
    keyboard: {
      press: async key => {
        const parts = key.length > 1 ? key.split('+') : [key];
        const main = parts.pop();
        for (const m of parts) await page.keyboard.down(m);
        try { await page.keyboard.press(main); } finally { for (const m of parts.reverse()) await page.keyboard.up(m); }
      },
      type: text => page.keyboard.type(text)
    },
    // What a screen reader is given (lib/keyboard.js reads it through this in Firefox).
    ariaTree: () => require('./firefoxaria').firefoxTree(page),
    viewportSize: () => page.viewport(),
    setViewportSize: size => page.setViewport(Object.assign({}, page.viewport(), size))
  };
}

// A headless Firefox and one page of it, reporting script and console errors to `problems`.
async function launchFirefox(viewport = { width: 1360, height: 820 }) {
  const puppeteer = require('puppeteer-core');
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true,
    protocol: 'webDriverBiDi', defaultViewport: viewport, protocolTimeout: 300000 });
  return {
    browser,
    // context: a user context of this browser (createBrowserContext: storage of its own); default, the browser's.
    async openPage(url, problems, initScript, context = null) {
      const page = await (context || browser).newPage();
      page.setDefaultTimeout(ANSWER_WAIT);
      page.on('pageerror', e => problems.push('page error: ' + (e && e.message || e)));
      page.on('console', m => { if (m.type() === 'error') problems.push('console error: ' + m.text()); });
      if (initScript) await page.evaluateOnNewDocument(initScript);
      await page.goto(url);
      return wrap(page);
    },
    close: () => browser.close()
  };
}

module.exports = { launchFirefox, available, FIREFOX };
