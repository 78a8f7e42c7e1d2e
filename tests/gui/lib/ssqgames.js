// The Single Square games in the browser (issue 31): the new-game dialog's
// Link field (text, holding e4=x5), a malformed value refused inside the
// dialog naming the setting, the board drawn with the added location beside
// it in the right shade, Pickle's link marked on both places, Shifted
// Square's removed square left out as a hole.
'use strict';
const { untilDrawn, ANSWER_WAIT } = require('./drawn');

const path = require('path');
const { newGame, playTurn } = require('./play');

function must(cond, what) { if (!cond) throw new Error(what); }

async function openDialog(page, variant, option) {
  await page.click('#btn-new');
  await page.waitForSelector('#newgame[open]');
  await page.selectOption('#ng-variant', variant);
  await page.selectOption('#ng-white', 'human');
  await page.selectOption('#ng-black', 'human');
  await page.waitForSelector('#ng-options [data-option="' + option + '"]');
}

async function start(page) {
  const before = await page.evaluate(() => window.rulezero.state.game_number);
  await page.click('#ng-start');
  await untilDrawn(page, n => window.rulezero.state.game_number !== n, before, { timeout: ANSWER_WAIT });
}

// The shade of each named cell and the link numbers drawn on it.
function cells(page, names) {
  return page.evaluate(names => names.map(n => {
    const c = document.querySelector('#boards [data-square="' + n + '"]');
    return c ? (c.classList.contains('dark') ? 'dark' : 'light') + (c.querySelector('.link') ? '+link' : '') : 'none';
  }), names);
}

async function ssqGames(page, shots) {
  const FIELD = '#ng-options [data-option="Link"]';
  await openDialog(page, 'pickle', 'Link');
  const field = await page.$eval(FIELD, e => ({ tag: e.tagName, value: e.value }));
  must(field.tag === 'INPUT' && field.value === 'e4=x5', 'the Link field: ' + JSON.stringify(field));
  await page.fill(FIELD, 'e4=e5');
  const before = await page.evaluate(() => window.rulezero.state.game_number);
  await page.click('#ng-start');
  await page.waitForFunction(() => !document.getElementById('ng-error').hidden, null, { timeout: ANSWER_WAIT });
  const said = await page.textContent('#ng-error');
  must(/Link/.test(said) && /x1 to x8/.test(said), 'Link=e4=e5: the dialog says "' + said + '"');
  must(await page.evaluate(n => window.rulezero.state.game_number === n, before), 'Link=e4=e5 started a game');
  await page.fill(FIELD, 'd4=z3');
  await start(page);
  const rows = await page.evaluate(() => JSON.stringify(window.rulezero.state.board.areas[0].rows[5]));
  must(rows.includes('"z3"'), 'Pickle d4=z3: the board\'s third rank is ' + rows);
  await page.waitForSelector('#boards [data-square="z3"]', { timeout: ANSWER_WAIT });
  // a1 dark, h1 light, so z3 (beside the light h3) dark; d4 and z3 carry the link.
  let seen = await cells(page, ['a1', 'h1', 'z3', 'd4', 'x5', 'z4']);
  must(seen.join(' ') === 'dark light dark+link dark+link none none', 'Pickle d4=z3 drawn as ' + seen.join(' '));
  if (shots) await page.screenshot({ path: path.join(shots, 'pickle-d4-z3.png') });

  await openDialog(page, 'shifted-square', 'Shift');
  await start(page);
  await page.waitForFunction(() => !document.querySelector('#boards [data-square="e4"]'), null, { timeout: ANSWER_WAIT });
  // e4 removed, x5 (beside the dark a5) light, a1 still dark with the column added on the left.
  seen = await cells(page, ['a1', 'a5', 'x5', 'e4', 'x4']);
  must(seen.join(' ') === 'dark dark light none none', 'Shifted e4=x5 drawn as ' + seen.join(' '));
  const voids = await page.evaluate(() => document.querySelectorAll('#boards .cell.void').length);
  must(voids === 8, 'Shifted e4=x5: ' + voids + ' void cells, expected 7 beside the board and the hole');
  if (shots) await page.screenshot({ path: path.join(shots, 'shifted-square-start.png') });
  await pickleAddedPlace(page);
}

// Issue 43: Pickle's added place is a click target as Shifted Square's is:
// after 1. e4 a6 2. Nf3, with a6 picked, x5 (the second place of e4) is
// highlighted, and a click on x5 plays a6xe4 through it.
async function pickleAddedPlace(page) {
  await newGame(page, { variant: 'pickle' });
  for (const t of ['e2e4', 'a7a6', 'g1f3']) await playTurn(page, t);
  await page.click('#boards [data-square="a6"]');
  await untilDrawn(page, () => window.rulezero.clicks.join() === 'a6' &&
    document.querySelector('#boards [data-square="a6"]').classList.contains('selected'));
  const x5 = await page.$eval('#boards [data-square="x5"]', e => e.className);
  must(/\btarget\b/.test(x5), 'Pickle: with a6 picked, x5 (e4\'s second place) is no click target: ' + x5);
  const n = await page.evaluate(() => window.rulezero.state.moves.length);
  await page.click('#boards [data-square="x5"]');
  await untilDrawn(page, n => window.rulezero.state.moves.length === n + 1, n, { timeout: ANSWER_WAIT })
    .catch(() => { throw new Error('Pickle: a click on x5 did not play a6xe4'); });
  const last = await page.evaluate(() => window.rulezero.state.moves.slice(-1)[0].coord);
  must(last === 'a6e4', 'Pickle: the click on x5 played ' + last);
}

module.exports = { ssqGames };
