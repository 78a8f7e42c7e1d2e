// Hegelian Dialectic's Dialectic setting in the page (issue 31): the new-game
// dialog offers it as a list (square, stair-step); a stair-step game draws its
// dialectic with six cells, the three north-west of the main diagonal (01, 02,
// 12) left empty in the grid, both tokens on 21; the Synthesis is entered by
// clicks; at 390x844 (touch) every cell is on screen. Screenshots when asked.
'use strict';
const { untilDrawn } = require('./drawn');
const path = require('path');
const { launch, openPage } = require('./browser');
const { playTurn, checkBoard, drawn } = require('./play');

function must(cond, what) { if (!cond) throw new Error(what); }

const FIELD = '#ng-options [data-option="Dialectic"]';

async function startStairStep(page) {
  await page.click('#btn-new');
  await page.waitForSelector('#newgame[open]');
  await page.selectOption('#ng-variant', 'hegelian');
  await page.selectOption('#ng-white', 'human');
  await page.selectOption('#ng-black', 'human');
  await page.waitForSelector(FIELD);
  const field = await page.$eval(FIELD, e => ({ tag: e.tagName, value: e.value, choices: [...e.options].map(o => o.value) }));
  must(field.tag === 'SELECT' && field.value === 'square' && field.choices.join(' ') === 'square stair-step',
    'the Dialectic field is not a list square / stair-step holding square: ' + JSON.stringify(field));
  const before = await page.evaluate(() => window.rulezero.state.game_number);
  await page.selectOption(FIELD, 'stair-step');
  await page.fill('#ng-fen', '');
  await page.click('#ng-start');
  await untilDrawn(page, n => window.rulezero.state.game_number !== n && !document.getElementById('newgame').open, before);
  await drawn(page);
}

// Runs in the page: the dialectic's grid as drawn (cell names, null for an empty place), and its tokens.
function drawnDialectic() {
  const area = document.querySelector('#boards [data-area="dialectic"]');
  if (!area) return null;
  const grid = area.querySelector('.grid');
  const cells = [...grid.children].map(c => c.classList.contains('void') ? null : c.dataset.square);
  const inside = r => r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
  const off = [...grid.querySelectorAll('[data-square]')].filter(c => !inside(c.getBoundingClientRect())).map(c => c.dataset.square);
  const tokens = [...grid.querySelectorAll('[data-token]')].map(t => t.dataset.token + ':' + t.closest('[data-square]').dataset.square).sort();
  return { cols: grid.dataset.cols, cells, tokens, off };
}

const STAIR = [null, null, 'd22', null, 'd11', 'd21', 'd00', 'd10', 'd20'];

function checkDrawn(d, tokens, where) {
  must(d, where + ': no dialectic drawn');
  must(d.cols === '3' && JSON.stringify(d.cells) === JSON.stringify(STAIR),
    where + ': the stair-step dialectic is drawn as ' + JSON.stringify(d.cells));
  must(JSON.stringify(d.tokens) === JSON.stringify(tokens), where + ': tokens ' + JSON.stringify(d.tokens));
}

async function hegelianStairStep(page, server, shotDir) {
  await startStairStep(page);
  checkDrawn(await page.evaluate(drawnDialectic), ['A:d21', 'T:d21'], 'desktop start');
  await playTurn(page, 'S@11');
  await playTurn(page, 'e7e5');
  await checkBoard(page, server, 'after S@11 e7e5');
  checkDrawn(await page.evaluate(drawnDialectic), ['A:d11', 'T:d11'], 'desktop after S@11');
  if (shotDir) await page.screenshot({ path: path.join(shotDir, 'hegelian-stair-step.png') });
  // On a phone: a new stair-step game from the same dialog, every cell on screen.
  const phone = await launch({ width: 390, height: 844 }, { isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    const problems = [];
    const p = await openPage(phone, server.url, problems);
    await startStairStep(p);
    const d = await p.evaluate(drawnDialectic);
    checkDrawn(d, ['A:d21', 'T:d21'], '390x844');
    must(!d.off.length, '390x844: dialectic cells off screen: ' + d.off.join(' '));
    await playTurn(p, 'S@22', { tap: true });
    checkDrawn(await p.evaluate(drawnDialectic), ['A:d22', 'T:d22'], '390x844 after S@22');
    if (shotDir) await p.screenshot({ path: path.join(shotDir, 'phone-hegelian-stair-step.png') });
    must(!problems.length, 'script errors on the phone: ' + problems.join('; '));
  } finally {
    await phone.close();
  }
}

module.exports = { hegelianStairStep };
