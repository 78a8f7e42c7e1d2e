// The analysis board through the page (js/analysis.js): opened by its button,
// Rule Zero's MultiPV lines (at least two) with the evaluation bar and the
// best turn's arrow, a line played onto the board by clicking one of its
// turns, a turn entered by clicks, a take-back, closing; and, for one game,
// "Analyse this game" with its chart, a click on which moves the board.
'use strict';
const path = require('path');
const { newGame, playTurn } = require('./play');

const an = page => page.evaluate(() => JSON.parse(JSON.stringify(window.rulezero.analysis)));

// The pieces the analysis board shows, as "square:color:letter" strings.
const shownPieces = page => page.evaluate(() => [...document.querySelectorAll('#an-boards [data-piece]')]
  .map(p => p.closest('[data-square]').dataset.square + ':' + p.dataset.piece).sort().join(' '));

async function openBoard(page) {
  await page.click('#btn-analysis');
  await page.waitForSelector('#analysis:not([hidden]) #an-boards [data-square]');
  if (!(await page.isHidden('#layout'))) throw new Error('the game stays in view under the analysis board');
}

// At least two lines with distinct first turns (one where only one turn is
// legal), shown with scores, the bar and an arrow.
async function waitForLines(page, variant) {
  await page.waitForFunction(() => {
    const want = Math.min(2, window.rulezero.analysis.msg.legal.length);
    const rows = [...document.querySelectorAll('#an-lines [data-line]')];
    const firsts = new Set(rows.map(r => (r.querySelector('[data-pv-index="0"]') || {}).textContent));
    return rows.length >= want && firsts.size >= want && rows.every(r => /^[+-]?(\d+\.\d\d|M\d+)$/.test(r.querySelector('.an-score').textContent));
  }, null, { timeout: 15000 }).catch(async e => {
    const a = await an(page);
    throw new Error(variant + ': no two lines with scores: ' + JSON.stringify({ info: a.info, fen: a.msg && a.msg.fen,
      shown: await page.evaluate(() => document.querySelector('#an-lines').textContent) }) + '\n' + e.message);
  });
  const bar = await page.evaluate(() => ({ score: document.querySelector('#an-evalbar').dataset.score,
    fill: document.querySelector('#an-evalbar .eval-fill').style.height }));
  const best = await page.evaluate(() => document.querySelector('#an-lines [data-line="1"] .an-score').textContent);
  if (!bar.score || bar.score !== best || !/%$/.test(bar.fill)) throw new Error(variant + ': evaluation bar ' + JSON.stringify(bar) + ' for best line ' + best);
  await page.waitForSelector('#an-arrows .an-arrow', { state: 'attached', timeout: 5000 });
}

// Clicks the second turn of the best line (the first if it has one): the
// board becomes the line's position. New lines may come at any moment, so the
// line is read as the page had it when the click arrived.
async function playLine(page, variant) {
  const before = await an(page);
  const piecesBefore = await shownPieces(page);
  await page.evaluate(() => {
    window.__clicked = null;
    document.querySelector('#an-lines').addEventListener('click', event => {
      const move = event.target.closest('[data-pv-index]');
      const row = move && move.closest('[data-line]');
      const line = row && window.rulezero.analysis.info.lines.find(l => String(l.multipv) === row.dataset.line);
      if (line) window.__clicked = line.pv.slice(0, parseInt(move.dataset.pvIndex, 10) + 1);
    }, { capture: true, once: true });
  });
  const second = '#an-lines [data-line="1"] [data-pv-index="1"]';
  await page.click(second, { timeout: 2000 }).catch(() => page.click('#an-lines [data-line="1"] [data-pv-index="0"]'));
  const line = await page.evaluate(() => window.__clicked);
  if (!line) throw new Error(variant + ': the click reached no line');
  await page.waitForFunction(n => window.rulezero.analysis.msg && window.rulezero.analysis.msg.ply === n, before.msg.ply + line.length);
  const after = await an(page);
  const played = after.msg.moves.slice(before.msg.ply).map(m => m.text);
  if (JSON.stringify(played) !== JSON.stringify(line)) throw new Error(variant + ': played ' + played + ', not the line ' + line);
  if (await shownPieces(page) === piecesBefore) throw new Error(variant + ': the board did not change after the line');
}

// One turn entered by clicks on the analysis board (either side may move).
async function clickTurn(page, variant) {
  const before = await an(page);
  const turn = before.msg.legal[before.msg.legal.length - 1];
  for (const c of turn.clicks) await page.click('#analysis [data-click="' + c + '"]');
  await page.waitForFunction(n => window.rulezero.analysis.msg.ply === n, before.msg.ply + 1);
  const after = await an(page);
  if (after.msg.moves[after.msg.moves.length - 1].text !== turn.text) throw new Error(variant + ': clicked ' + turn.text + ', got ' + after.msg.moves.map(m => m.text));
  await page.click('#an-back');
  await page.waitForFunction(n => window.rulezero.analysis.msg.ply === n, before.msg.ply);
}

async function closeBoard(page) {
  await page.click('#an-close');
  await page.waitForSelector('#analysis', { state: 'hidden' });
  await page.waitForSelector('#layout:not([hidden]) #boards [data-square]');
}

// A board left open by a step that failed is closed first.
async function closeIfOpen(page) {
  if (await page.isVisible('#analysis')) await closeBoard(page);
}

async function analysisBoard(page, variant) {
  await closeIfOpen(page);
  await newGame(page, { variant });
  await openBoard(page);
  await waitForLines(page, variant);
  await playLine(page, variant);
  await waitForLines(page, variant);
  await clickTurn(page, variant);
  await closeBoard(page);
}

// A short game, scored ply by ply: the chart has a dot per position; a click moves the board.
async function analyseGame(page, shotDir) {
  await closeIfOpen(page);
  await newGame(page, { variant: 'normal' });
  for (const t of ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6']) await playTurn(page, t);
  await page.click('#btn-analyse-game');
  await page.waitForSelector('#analysis:not([hidden]) #an-chart');
  await page.waitForFunction(() => document.querySelectorAll('#an-chart .chart-dot').length === 7, null, { timeout: 30000 });
  await waitForLines(page, 'normal');
  const box = await page.locator('#an-chart').boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);   // the middle: ply 3 of 6
  await page.waitForFunction(() => window.rulezero.analysis.msg.ply === 3);
  await page.waitForSelector('#an-chart .chart-now', { state: 'attached' });
  await waitForLines(page, 'normal');
  if (shotDir) {   // docs/screenshots/analysis.png and analysis-phone.png come from these
    const size = page.viewportSize();
    for (const [name, view] of [['analysis', { width: 1280, height: 800 }], ['analysis-phone', { width: 390, height: 844 }]]) {
      await page.setViewportSize(view);
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(shotDir, name + '.png'), fullPage: name === 'analysis-phone' });
    }
    await page.setViewportSize(size);
  }
  await closeBoard(page);
}

module.exports = { analysisBoard, analyseGame };
