// The analysis board through the page (js/analysis.js): opened by its button,
// Rule Zero's MultiPV lines (at least two) in the readable notation with the
// evaluation bar and the best turn's arrow, a line played onto the board by
// clicking one of its turns, a turn entered by clicks (walking the board's
// tree of legal turns), a take-back, closing; for one game, "Analyse this
// game" with its chart, a click on which moves the board; and the playing
// features on the analysis board (arrows of its own, the promotion picker, a
// dragged piece, its keys) without disturbing the game's.
'use strict';
const { ANSWER_WAIT } = require('./drawn');
const path = require('path');
const { newGame, playTurn, loadFen } = require('./play');
const { legalTurns } = require('./legaltree');
const { postToSession } = require('./insession');

function must(cond, what) { if (!cond) throw new Error(what); }

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
  const want = Math.min(2, legalTurns((await an(page)).msg.legal).length);
  await page.waitForFunction(want => {
    const rows = [...document.querySelectorAll('#an-lines [data-line]')];
    const firsts = new Set(rows.map(r => (r.querySelector('[data-pv-index="0"]') || {}).textContent));
    return rows.length >= want && firsts.size >= want && rows.every(r => /^[+-]?(\d+\.\d\d|M\d+)$/.test(r.querySelector('.an-score').textContent));
  }, want, { timeout: ANSWER_WAIT }).catch(async e => {
    const a = await an(page);
    throw new Error(variant + ': no two lines with scores: ' + JSON.stringify({ info: a.info, fen: a.msg && a.msg.fen,
      shown: await page.evaluate(() => document.querySelector('#an-lines').textContent) }) + '\n' + e.message);
  });
  // The bar and the best line read in one go, as one drawing shows them, and
  // waited for: the lines are drawn anew with every report, and a clean-clone
  // CI run once read the page between a drawing without the best line and the
  // next (polypiece: no [data-line="1"] after the lines had been seen).
  const seen = await page.waitForFunction(() => {
    const best = document.querySelector('#an-lines [data-line="1"] .an-score');
    const bar = document.querySelector('#an-evalbar');
    if (!best || !bar.dataset.score) return null;
    return { bar: { score: bar.dataset.score, fill: bar.querySelector('.eval-fill').style.height }, best: best.textContent,
      shown: [...document.querySelectorAll('#an-lines [data-line]')].map(r => r.dataset.line) };
  }, null, { timeout: ANSWER_WAIT }).then(h => h.jsonValue()).catch(async e => {
    const a = await an(page);
    throw new Error(variant + ': no best line with the bar: ' + JSON.stringify({ info: a.info,
      shown: await page.evaluate(() => [...document.querySelectorAll('#an-lines [data-line]')].map(r => r.dataset.line)) }) + '\n' + e.message);
  });
  const { bar, best } = seen;
  if (bar.score !== best || !/%$/.test(bar.fill)) throw new Error(variant + ': evaluation bar ' + JSON.stringify(seen) + ' for best line ' + best);
  // Read in one go in the page: the arrows are drawn anew with every report (a locator may see one replaced).
  await page.waitForFunction(() => document.querySelector('#an-arrows .an-arrow') !== null, null, { timeout: ANSWER_WAIT });
}

// Clicks the second turn of the best line (the first if it has one): the
// board becomes the line's position. New lines may come at any moment, so the
// line is read as the page had it when the click arrived.
async function playLine(page, variant, { tap = false } = {}) {
  const press = (selector, options) => (tap ? page.tap(selector, options) : page.click(selector, options));
  const before = await an(page);
  const piecesBefore = await shownPieces(page);
  const listen = () => page.evaluate(() => {
    window.__clicked = null;
    document.querySelector('#an-lines').addEventListener('click', event => {
      const move = event.target.closest('[data-pv-index]');
      const row = move && move.closest('[data-line]');
      const line = row && window.rulezero.analysis.info.lines.find(l => String(l.multipv) === row.dataset.line);
      const k = move && parseInt(move.dataset.pvIndex, 10) + 1;
      if (line) window.__clicked = { pv: line.pv.slice(0, k), coords: line.pv_coord.slice(0, k) };
    }, { capture: true, once: true });
  });
  // The best line's second turn, or its first where it has one turn only.
  const target = '#an-lines [data-line="1"] :is([data-pv-index="1"], [data-pv-index="0"]:last-child)';
  // The lines are drawn anew with every report of the engine: under load a
  // click may land while they are replaced, reaching no line (the board is
  // then unchanged); it is made again, at most three times, but only after a
  // press that ended: one that failed (a timeout) may still have been
  // played, and a click more would play the next position's line too.
  let clicked = null;
  for (let attempt = 0; attempt < 3 && !clicked; attempt++) {
    await listen();
    await press(target, { timeout: ANSWER_WAIT }).catch(e => {
      throw new Error(variant + ': the click on the best line did not end (it may still be played): ' + e.message);
    });
    clicked = await page.evaluate(() => window.__clicked);
  }
  if (!clicked) throw new Error(variant + ': the click reached no line');
  const line = clicked.pv;
  await page.waitForFunction(n => window.rulezero.analysis.msg && window.rulezero.analysis.msg.ply === n, before.msg.ply + line.length);
  const after = await an(page);
  const played = after.msg.moves.slice(before.msg.ply);
  if (JSON.stringify(played.map(m => m.text)) !== JSON.stringify(line) || JSON.stringify(played.map(m => m.coord)) !== JSON.stringify(clicked.coords)) {
    throw new Error(variant + ': played ' + JSON.stringify(played) + ', not the line ' + JSON.stringify(clicked));
  }
  // The board's list shows the turns as the lines do (readable), numbered as the game's.
  const shown = await page.evaluate(() => [...document.querySelectorAll('#an-moves .an-move-played')].map(m => m.textContent));
  if (JSON.stringify(shown) !== JSON.stringify(after.msg.moves.map(m => m.text))) throw new Error(variant + ': the board\'s list shows ' + shown);
  if (variant === 'normal' && line.some(t => /^[a-h][1-8][a-h][1-8]/.test(t))) throw new Error('normal: the line is not in SAN: ' + line);
  if (await shownPieces(page) === piecesBefore) throw new Error(variant + ': the board did not change after the line');
}

// One turn entered by clicks on the analysis board (either side may move).
async function clickTurn(page, variant) {
  const before = await an(page);
  const turns = legalTurns(before.msg.legal);
  const turn = turns[turns.length - 1];
  for (const c of turn.clicks) await page.click('#analysis [data-click="' + c + '"]');
  await page.waitForFunction(n => window.rulezero.analysis.msg.ply === n, before.msg.ply + 1);
  const after = await an(page);
  if (after.msg.moves[after.msg.moves.length - 1].coord !== turn.text) throw new Error(variant + ': clicked ' + turn.text + ', got ' + after.msg.moves.map(m => m.coord));
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

// MultiPV: one line, then three (as many as there are legal turns, if fewer),
// then the board's own number again: the line played next is played as the
// steps before this check played it (a gui_browser run under load once saw
// polypiece's line click at MultiPV 3 not reach the line's position: the
// step's own second click, fixed in playLine, see docs/reliability.md).
async function multiPv(page, variant) {
  const turns = legalTurns((await an(page)).msg.legal).length;
  const own = parseInt(await page.inputValue('#an-multipv'), 10);
  for (const n of [1, 3, own]) {
    await page.selectOption('#an-multipv', String(n));
    const want = Math.min(n, turns);
    await page.waitForFunction(({ n, want }) => {
      const a = window.rulezero.analysis;
      return a.msg.multipv === n && a.info && a.info.lines && a.info.lines.length === want &&
        document.querySelectorAll('#an-lines [data-line]').length === want;
    }, { n, want }, { timeout: ANSWER_WAIT }).catch(async e => {
      throw new Error(variant + ': MultiPV ' + n + ' does not show ' + want + ' lines: ' +
        await page.evaluate(() => document.querySelector('#an-lines').textContent) + '\n' + e.message);
    });
  }
}

async function analysisBoard(page, variant) {
  await closeIfOpen(page);
  await newGame(page, { variant });
  await openBoard(page);
  await multiPv(page, variant);
  await waitForLines(page, variant);
  await playLine(page, variant);
  await waitForLines(page, variant);
  await clickTurn(page, variant);
  await closeBoard(page);
}

// A page too busy to answer a click at once (a loaded machine: the lines are
// drawn anew with every report): the line's click is held up past the
// 2-s timeout the step's first press had. That click was still played, and
// the step, taking the timeout for a click that never came, clicked the first
// turn of the next position's line too: the board went one turn past the
// line, and the step waited for the line's position for good (web_play,
// interdependent; gui_browser, polypiece: docs/reliability.md).
async function slowLine(page, variant) {
  await closeIfOpen(page);
  await newGame(page, { variant });
  await openBoard(page);
  await waitForLines(page, variant);
  await page.evaluate(() => {
    document.querySelector('#an-lines').addEventListener('mousedown', () => {
      const until = Date.now() + 3000;
      while (Date.now() < until) { /* the page busy for 3 s */ }
    }, { capture: true, once: true });
  });
  await playLine(page, variant);
  await closeBoard(page);
}

// An engine Worker that never runs (the browser build's session Worker told
// to leave the next one unbooted, {stall_engines: 1}): after a change of
// MultiPV the board's lines still come, from the Worker started in its place
// (protocol/web/analysis_web.c; Firefox at times started a Worker that never
// ran, and the board said "Thinking…" for good: docs/reliability.md).
async function silentWorker(page, variant) {
  await closeIfOpen(page);
  await newGame(page, { variant });
  await openBoard(page);
  await waitForLines(page, variant);
  const refused = await postToSession(page, { stall_engines: 1 }, 1000);   // an error: a session without the hook
  must(!refused, 'the session Worker refused {stall_engines}: ' + refused);
  const n = (await an(page)).msg.multipv === 1 ? 2 : 1;
  await page.selectOption('#an-multipv', String(n));
  await page.waitForFunction(n => {
    const a = window.rulezero.analysis;
    return a.msg.multipv === n && a.info && a.info.lines && a.info.lines.length === n;
  }, n, { timeout: ANSWER_WAIT }).catch(async e => {
    throw new Error(variant + ': no lines after a Worker that never ran: ' +
      await page.evaluate(() => document.querySelector('#an-lines').textContent) + '\n' + e.message);
  });
  await closeBoard(page);
}

// A short game, scored ply by ply: the chart has a dot per position; a click moves the board.
async function analyseGame(page, shotDir) {
  await closeIfOpen(page);
  await newGame(page, { variant: 'normal' });
  for (const t of ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6']) await playTurn(page, t);
  await page.click('#btn-analyse-game');
  await page.waitForSelector('#analysis:not([hidden]) #an-chart');
  await page.waitForFunction(() => document.querySelectorAll('#an-chart .chart-dot').length === 7, null, { timeout: ANSWER_WAIT });
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

async function centreOf(page, box, sq) {
  const b = await page.locator('#' + box + ' [data-square="' + sq + '"]').boundingBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

async function rightDrag(page, from, to) {
  const a = await centreOf(page, 'an-boards', from), b = await centreOf(page, 'an-boards', to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up({ button: 'right' });
}

const shapesIn = (page, box) => page.evaluate(box => [...document.querySelectorAll('#' + box + ' svg.shapes [data-shape]')]
  .map(s => s.dataset.shape).sort(), box);

// The playing features on the analysis board, and the game's left alone: the
// person's arrows in a layer of the analysis board's own (the engine's arrow
// beside them), the promotion picked on the board and written in SAN, a piece
// dragged under the pointer, the keys taking back on the analysis board and
// not stepping through the game's history.
async function analysisFeatures(page) {
  await closeIfOpen(page);
  // On a phone the header keeps one line with the analysis button (an icon there).
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const header = await page.evaluate(() => ({ top: document.getElementById('top').offsetHeight,
    button: document.getElementById('btn-analysis').getBoundingClientRect().width,
    right: Math.max(...[...document.querySelectorAll('#top > *')].map(e => e.getBoundingClientRect().right)) }));
  await page.setViewportSize(size);
  // One row of 44-pixel touch targets (issue 43), a label on two lines at most: under 70 px.
  must(header.top < 70 && header.button > 0 && header.right <= 390, 'the phone\'s header with the analysis button: ' + JSON.stringify(header));
  await newGame(page, { variant: 'normal' });
  await loadFen(page, '7k/P7/8/8/8/8/8/K7 w - - 0 1');
  await page.evaluate(() => { window.rulezero.shapes = [{ from: 'a1', to: 'a1', colour: 'green' }]; });
  await openBoard(page);
  await rightDrag(page, 'a1', 'b2');
  await rightDrag(page, 'h8', 'h8');
  must(JSON.stringify(await shapesIn(page, 'an-boards')) === '["a1-b2","h8"]', 'the analysis board\'s shapes: ' + JSON.stringify(await shapesIn(page, 'an-boards')));
  must(await page.evaluate(() => window.rulezero.shapes.length === 1 && window.rulezero.analysis.shapes.length === 2), 'the shapes went to the game\'s list');
  await page.waitForSelector('#an-arrows .an-arrow', { state: 'attached', timeout: ANSWER_WAIT });
  must(await page.evaluate(() => document.querySelector('#an-boards svg.shapes marker[id^="an-boards-"]') !== null), 'the analysis layer\'s markers are not its own');
  // The promotion: the picker over a8, the Knight picked, the move list in SAN.
  await page.click('#an-boards [data-click="a7"]');
  await page.click('#an-boards [data-click="a8"]');
  await page.waitForSelector('#an-picker .pick');
  must(await page.evaluate(() => document.getElementById('an-choices').hidden), 'the choice buttons are shown beside the picker');
  must(await page.evaluate(() => !document.querySelector('#boards .picker')), 'a picker was drawn on the game\'s board');
  must((await shapesIn(page, 'an-boards')).length === 0, 'a left click did not clear the analysis board\'s shapes');
  await page.click('#an-picker [data-click="choice:n"]');
  await page.waitForFunction(() => window.rulezero.analysis.msg.ply === 1);
  const moved = (await an(page)).msg.moves[0];
  must(moved.text === 'a8=N' && moved.coord === 'a7a8n', 'the promotion reads ' + JSON.stringify(moved));
  // Keys: Left takes back on the analysis board; the game's history is not browsed.
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => window.rulezero.analysis.msg.ply === 0);
  must(await page.evaluate(() => window.rulezero.viewPly === null), 'a key browsed the game\'s history');
  // A dragged piece follows the pointer on the analysis board and is played where it is dropped.
  const a = await centreOf(page, 'an-boards', 'a1'), b = await centreOf(page, 'an-boards', 'b1');
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2 + 5, (a.y + b.y) / 2, { steps: 5 });
  must(await page.locator('#drag-ghost').boundingBox(), 'no piece follows the pointer on the analysis board');
  must(await page.evaluate(() => document.querySelector('#an-boards [data-square="a1"]').classList.contains('drag-origin')), 'the origin square is not dimmed');
  await page.mouse.move(b.x, b.y, { steps: 3 });
  await page.mouse.up();
  await page.waitForFunction(() => window.rulezero.analysis.msg.ply === 1);
  must((await an(page)).msg.moves[0].coord === 'a1b1', 'the drag played ' + JSON.stringify((await an(page)).msg.moves));
  must(await page.evaluate(() => !document.getElementById('drag-ghost')), 'the dragged piece stayed after the drop');
  must(await page.evaluate(() => window.rulezero.state.moves.length === 0), 'the game changed under the analysis board');
  await closeBoard(page);
  must(JSON.stringify(await shapesIn(page, 'boards')) === '["a1"]', 'the game\'s shapes after the analysis board: ' + JSON.stringify(await shapesIn(page, 'boards')));
}

module.exports = { analysisBoard, slowLine, silentWorker, analyseGame, analysisFeatures, waitForLines, playLine, closeBoard };
