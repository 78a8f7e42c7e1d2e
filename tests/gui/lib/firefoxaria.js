// What a screen reader is given, in Firefox, where WebDriver BiDi has no
// accessibility tree to read whole (Chromium's is read over CDP in
// lib/keyboard.js). Each poll reads the DOM's ARIA: the buttons (`button`
// and `role="button"`, shown) by their `aria-label` (else their text), and
// the text of each shown live region by its role (`status`, `alert`). What
// the test then expects is looked up in Firefox's own accessibility engine
// (BiDi `browsingContext.locateNodes` with an accessibility locator,
// puppeteer-core's `::-p-aria(...)`): a button of that accessible name
// (`confirm`), a node of that role holding the announcement
// (`confirmLive`).
'use strict';

// Runs in the page: the buttons' names and the live regions' texts, as the DOM's ARIA gives them.
function domAria() {
  const shown = e => {
    for (let x = e; x; x = x.parentElement) {
      if (x.hidden || x.getAttribute('aria-hidden') === 'true' || getComputedStyle(x).display === 'none') return false;
    }
    return getComputedStyle(e).visibility !== 'hidden';
  };
  const name = e => e.getAttribute('aria-label') || e.textContent.trim();
  const texts = role => [...document.querySelectorAll('[role="' + role + '"]')].filter(shown).map(e => e.textContent);
  return {
    buttons: [...document.querySelectorAll('button, [role="button"]')].filter(shown).map(name),
    status: texts('status'),
    alert: texts('alert')
  };
}

// The nodes Firefox's accessibility engine finds for an ARIA query, and their texts.
async function located(raw, query) {
  const hs = await raw.$$('::-p-aria(' + query + ')');
  return hs.length ? raw.evaluate((...els) => els.map(e => e.textContent), ...hs) : [];
}

// The shape of lib/keyboard.js's tree: buttons' names, live(role) texts, and the two confirmations.
async function firefoxTree(raw) {
  const seen = await raw.evaluate(domAria);
  return {
    buttons: seen.buttons,
    live: r => seen[r] || [],
    confirm: async name => {
      if (!(await located(raw, '[name=' + JSON.stringify(name) + '][role="button"]')).length) {
        throw new Error('Firefox\'s accessibility engine has no button named "' + name + '"');
      }
    },
    confirmLive: async (role, re) => {
      const texts = await located(raw, '[role="' + role + '"]');
      if (!texts.some(t => re.test(t))) {
        throw new Error('Firefox\'s accessibility engine has no ' + role + ' saying ' + re + ': ' + JSON.stringify(texts));
      }
    }
  };
}

module.exports = { firefoxTree };
