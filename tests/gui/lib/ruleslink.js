// "Full rules" opens the rules as an HTML page (rendered by the server from
// docs/rules/), not raw Markdown: every game's link, its boards drawn, no
// script, and nothing the page's Content-Security-Policy has to block.
'use strict';
const { ANSWER_WAIT } = require('./drawn');
const { newGame } = require('./play');

const GAMES = ['normal', 'polypiece', 'dialectic', 'interdependent', 'interweave', 'nickdanger'];

function must(ok, what) { if (!ok) throw new Error(what); }

async function rulesLink(page, screenshots) {
  for (const variant of GAMES) {
    await newGame(page, { variant });
    await page.waitForSelector('#rules-link:not([hidden])', { timeout: ANSWER_WAIT });
    const href = await page.getAttribute('#rules-link', 'href');
    must(/^rules\/[a-z-]+\.html$/.test(href), variant + ': the full rules link is ' + href + ', not relative to the page');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), page.click('#rules-link')]);
    const problems = [];
    tab.on('console', m => { if (m.type() === 'error' && !/favicon/.test(m.location().url || '')) problems.push(m.text()); });
    tab.on('pageerror', e => problems.push(e.message));
    await tab.waitForLoadState('load');
    const seen = await tab.evaluate(() => ({
      contentType: document.contentType,
      title: document.title,
      h1: (document.querySelector('main h1') || {}).textContent || '',
      boards: document.querySelectorAll('.diagram .board').length,
      squares: document.querySelectorAll('.diagram .sq').length,
      styled: getComputedStyle(document.querySelector('.diagram .sq.dark') || document.body).backgroundColor,
      fences: document.body.textContent.includes('```'),
      commands: document.body.textContent.includes('build/rulezero'),
      scripts: document.scripts.length
    }));
    must(seen.contentType === 'text/html', variant + ': the rules are ' + seen.contentType);
    must(seen.h1.length > 3 && /Rule Zero/.test(seen.title), variant + ': no title or heading');
    must(seen.boards >= 1 && seen.squares >= 9, variant + ': no board drawn in the rules');
    must(seen.styled === 'rgb(181, 136, 99)', variant + ': the squares are not styled (' + seen.styled + ')');
    must(!seen.fences && !seen.commands && seen.scripts === 0, variant + ': Markdown, commands or scripts in the page');
    await tab.waitForTimeout(100);
    must(!problems.length, variant + ': ' + problems.join('; '));
    if (screenshots && variant === 'interweave') await tab.screenshot({ path: screenshots + '/rules-interweave.png' });
    await tab.close();
  }
}

module.exports = { rulesLink };
