// Nick Danger's Links setting in the new-game dialog (issue 31): a number
// field bounded 1 to 32 with 8 in it; Links=1 starts a game whose panel counts
// "0 of 1"; 33 is refused inside the dialog, naming the setting, the game kept.
'use strict';
const { untilDrawn, ANSWER_WAIT } = require('./drawn');

function must(cond, what) { if (!cond) throw new Error(what); }

const FIELD = '#ng-options [data-option="Links"]';

async function openDialog(page) {
  await page.click('#btn-new');
  await page.waitForSelector('#newgame[open]');
  await page.selectOption('#ng-variant', 'nickdanger');
  await page.selectOption('#ng-white', 'human');
  await page.selectOption('#ng-black', 'human');
  await page.waitForSelector(FIELD);
}

function linksRow(page) {
  return page.evaluate(() => {
    for (const p of window.rulezero.state.board.panels || [])
      for (const r of p.rows) if (r.label === 'Links') return r.items.map(i => i.text).join(' ');
    return null;
  });
}

async function ndLinksDialog(page) {
  await openDialog(page);
  const field = await page.$eval(FIELD, e => ({ tag: e.tagName, type: e.type, min: e.min, max: e.max, value: e.value }));
  must(field.tag === 'INPUT' && field.type === 'number' && field.min === '1' && field.max === '32' && field.value === '8',
    'the Links field is not a number field 1..32 holding 8: ' + JSON.stringify(field));
  await page.fill(FIELD, '33');
  const before = await page.evaluate(() => window.rulezero.state.game_number);
  await page.click('#ng-start');
  await page.waitForFunction(() => !document.getElementById('ng-error').hidden, null, { timeout: ANSWER_WAIT });
  const said = await page.textContent('#ng-error');
  must(/Links/.test(said) && /1 to 32/.test(said), 'Links=33: the dialog says "' + said + '"');
  must(await page.evaluate(n => window.rulezero.state.game_number === n, before), 'Links=33 started a game');
  await page.fill(FIELD, '1');
  await page.click('#ng-start');
  await untilDrawn(page, n => window.rulezero.state.game_number !== n, before, { timeout: ANSWER_WAIT });
  must(await page.evaluate(() => window.rulezero.state.variant === 'nickdanger'), 'the new game is not Nick Danger');
  const row = await linksRow(page);
  must(row === '0 of 1', 'with Links=1 the panel says ' + row);
}

module.exports = { ndLinksDialog };
