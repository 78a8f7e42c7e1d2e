// The playing features of the page (js/sound.js, arrows.js, material.js,
// drag.js, picker.js, prefs.js) on orthodox chess and Nick Danger: sounds
// recorded in window.rulezero.sounds, arrows and circles by right-drags,
// the material row after a capture, a dragged piece under the pointer, a
// promotion picked on the board, preferences kept over a reload.
'use strict';
const { untilDrawn, ANSWER_WAIT } = require('./drawn');
const path = require('path');
const { playTurn, newGame, loadFen, clickOn } = require('./play');

function must(cond, what) { if (!cond) throw new Error(what); }

// A turn chosen by its clicks, whatever notation its text is in.
const byClicks = (...clicks) => t => t.clicks.join(' ') === clicks.join(' ');

const lastSound = page => page.evaluate(() => { const s = window.rulezero.sounds; return s.length ? s[s.length - 1].name : null; });
const soundCount = page => page.evaluate(() => window.rulezero.sounds.length);

async function centreOf(page, sq) {
  const b = await page.locator('#boards [data-square="' + sq + '"]').boundingBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2, box: b };
}

async function rightDrag(page, from, to, modifiers = []) {
  const a = await centreOf(page, from), b = await centreOf(page, to);
  for (const m of modifiers) await page.keyboard.down(m);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up({ button: 'right' });
  for (const m of modifiers) await page.keyboard.up(m);
}

const shapes = page => page.evaluate(() => [...document.querySelectorAll('#boards svg.shapes [data-shape]')]
  .map(s => s.dataset.shape + ':' + s.tagName).sort());

// The material row, as ["P1", ""] (White's letters and counts, Black's).
const material = page => page.evaluate(() => ['white', 'black'].map(c =>
  [...document.querySelectorAll('.player .material[data-material="' + c + '"] .mat-group')].map(g => g.dataset.letter + g.dataset.count).join(',')));

// The state is drawn on the next frame: wait for the row, then say what it shows.
async function materialIs(page, want, what) {
  try {
    await page.waitForFunction(want => ['white', 'black'].map(c =>
      [...document.querySelectorAll('.player .material[data-material="' + c + '"] .mat-group')].map(g => g.dataset.letter + g.dataset.count).join(',')).join('|') === want.join('|'),
    want, { timeout: ANSWER_WAIT });
  } catch (e) {
    throw new Error(what + ': the material row shows ' + JSON.stringify(await material(page)) + ', not ' + JSON.stringify(want));
  }
}

async function soundsAndMaterial(page) {
  await playTurn(page, byClicks('e2', 'e4'));
  must(await lastSound(page) === 'move', 'no move sound after e2e4: ' + await lastSound(page));
  await playTurn(page, byClicks('d7', 'd5'));
  await materialIs(page, ['', ''], 'before any capture');
  await playTurn(page, byClicks('e4', 'd5'));
  must(await lastSound(page) === 'capture', 'no capture sound after e4xd5: ' + await lastSound(page));
  await materialIs(page, ['P1', ''], 'after e4xd5');
  // Muted: nothing more is asked for.
  await page.click('#btn-sound');
  const n = await soundCount(page);
  await playTurn(page, byClicks('d8', 'd5'));
  must(await soundCount(page) === n, 'a sound played while muted');
  await materialIs(page, ['', ''], 'after the recapture');
  await page.click('#btn-sound');
  must(await page.evaluate(() => window.rulezero.prefs.sound === true), 'the speaker button did not turn the sound back on');
}

async function arrowsAndCircles(page, shots) {
  await rightDrag(page, 'g1', 'f3');
  await rightDrag(page, 'e1', 'e1');
  await rightDrag(page, 'b8', 'c6', ['Shift']);
  must(JSON.stringify(await shapes(page)) === '["b8-c6:line","e1:circle","g1-f3:line"]', 'arrows and circle not drawn: ' + JSON.stringify(await shapes(page)));
  must(await page.evaluate(() => window.rulezero.shapes.find(s => s.from === 'b8').colour === 'red'), 'Shift did not give a red arrow');
  await page.click('#btn-flip');
  must((await shapes(page)).length === 3, 'flipping lost the shapes');
  await page.click('#btn-flip');
  if (shots) await page.screenshot({ path: path.join(shots, 'playfeel-arrows.png') });
  await rightDrag(page, 'g1', 'f3');
  must(JSON.stringify(await shapes(page)) === '["b8-c6:line","e1:circle"]', 'the same arrow again did not remove it');
  const empty = await centreOf(page, 'a4');
  await page.mouse.click(empty.x, empty.y);
  must((await shapes(page)).length === 0, 'a left click did not clear the shapes');
}

async function draggedPiece(page) {
  const a = await centreOf(page, 'g1'), b = await centreOf(page, 'f3');
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  const mid = { x: (a.x + b.x) / 2 + 7, y: (a.y + b.y) / 2 + 3 };
  await page.mouse.move(mid.x, mid.y, { steps: 5 });
  const ghost = await page.locator('#drag-ghost').boundingBox();
  must(ghost, 'no element follows the pointer while dragging');
  must(Math.abs(ghost.x + ghost.width / 2 - mid.x) < 2 && Math.abs(ghost.y + ghost.height / 2 - mid.y) < 2,
    'the dragged piece is not under the pointer: ' + JSON.stringify(ghost) + ' ' + JSON.stringify(mid));
  must(await page.evaluate(() => document.querySelector('#boards [data-square="g1"]').classList.contains('drag-origin')), 'the origin square is not dimmed');
  const n = await page.evaluate(() => window.rulezero.state.moves.length);
  await page.mouse.move(b.x, b.y, { steps: 3 });
  await page.mouse.up();
  await untilDrawn(page, n => window.rulezero.state.moves.length === n + 1, n);
  must(await page.evaluate(() => !document.getElementById('drag-ghost') && !document.querySelector('.drag-origin')), 'the dragged piece stayed after the drop');
  must(await page.evaluate(() => window.rulezero.state.board.pieces.some(p => p.square === 'f3' && p.letter === 'N')), 'the drag did not play g1-f3');
}

async function promotionPicker(page, shots) {
  await loadFen(page, '7k/P7/8/8/8/8/8/K7 w - - 0 1');
  await clickOn(page, 'a7');
  await clickOn(page, 'a8');
  await page.waitForSelector('#picker .pick');
  const picks = await page.evaluate(() => [...document.querySelectorAll('#picker .pick')].map(p => p.dataset.click));
  must(JSON.stringify(picks.slice().sort()) === '["choice:b","choice:n","choice:q","choice:r"]', 'the picker offers ' + JSON.stringify(picks));
  must(await page.evaluate(() => document.getElementById('choices').hidden), 'the choice buttons are shown beside the picker');
  const a8 = (await centreOf(page, 'a8')).box, pk = await page.locator('#picker').boundingBox();
  must(Math.abs(pk.x - a8.x) < 2 && Math.abs(pk.y - a8.y) < 2 && pk.height > 3 * a8.height, 'the picker is not a column from a8 down');
  must(await page.evaluate(() => document.querySelector('#picker [data-click="choice:q"] svg.pc-white') !== null), 'the choices are not drawn as White pieces');
  if (shots) await page.screenshot({ path: path.join(shots, 'playfeel-promotion.png') });
  await page.click('#picker [data-click="choice:n"]');
  await untilDrawn(page, () => window.rulezero.state.moves.length === 1);
  must(await page.evaluate(() => window.rulezero.state.board.pieces.some(p => p.square === 'a8' && p.color === 'white' && p.letter === 'N')),
    'picking the Knight did not promote to a Knight');
  must(await page.evaluate(() => !document.getElementById('picker')), 'the picker stayed after the choice');
}

async function preferencesKept(page, shots) {
  await page.click('#btn-prefs');
  await page.waitForSelector('#prefs[open]');
  await page.selectOption('#pref-theme', 'blue');
  await page.selectOption('#pref-pieces', 'flat');
  await page.uncheck('#pref-coords');
  await page.click('#pref-close');
  await page.reload();
  await untilDrawn(page, () => window.rulezero && window.rulezero.state && document.querySelector('#boards [data-square]'));
  const seen = await page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    light: getComputedStyle(document.querySelector('#boards .cell.light:not(.hl-last)')).backgroundColor,
    coords: [...document.querySelectorAll('#boards .coord')].filter(c => c.offsetParent !== null).length,
    flat: !!document.querySelector('#boards .piece svg'), prefs: window.rulezero.prefs
  }));
  must(seen.theme === 'blue' && seen.light === 'rgb(225, 231, 236)', 'the board colours were not kept: ' + JSON.stringify(seen));
  must(seen.coords === 0 && seen.prefs.coords === false, 'coordinates are shown after turning them off and reloading');
  must(seen.prefs.pieces === 'flat', 'the piece set was not kept');
  if (shots) await page.screenshot({ path: path.join(shots, 'playfeel-prefs.png') });
  await page.click('#btn-prefs');
  await page.selectOption('#pref-theme', 'brown');
  await page.selectOption('#pref-pieces', 'drawn');
  await page.check('#pref-coords');
  await page.click('#pref-close');
  must(await page.evaluate(() => JSON.parse(localStorage.getItem('rulezero.prefs')).theme === 'brown'), 'the preferences were not saved');
}

// A short clock: the low-time sound once the person's clock passes its threshold, then the end.
// Both first turns are untimed (docs/gui-protocol.md): White's clock runs from Black's first turn.
async function lowTimeAndEnd(page) {
  await newGame(page, { variant: 'normal', tc: { kind: 'clock', base_ms: 6000, inc_ms: 0 } });
  await playTurn(page, byClicks('e2', 'e4'));
  await playTurn(page, byClicks('e7', 'e5'));
  await page.waitForFunction(() => window.rulezero.sounds.some(s => s.name === 'lowtime'), null, { timeout: ANSWER_WAIT });
  await untilDrawn(page, () => window.rulezero.state.result, null, { timeout: ANSWER_WAIT });
  await page.waitForFunction(() => window.rulezero.sounds.slice(-1)[0].name === 'gameend', null, { timeout: ANSWER_WAIT });
  must(await page.evaluate(() => window.rulezero.sounds.filter(s => s.name === 'lowtime').length === 1), 'the low-time sound played more than once');
}

// Nick Danger: an arrow from one board to the other, a circle on the second.
async function twoBoards(page, shots) {
  await newGame(page, { variant: 'nickdanger' });
  await page.waitForFunction(() => document.querySelectorAll('#boards .area').length === 2);
  await rightDrag(page, 'b1', 'k3');
  await rightDrag(page, 'n6', 'n6', ['Alt']);
  must(JSON.stringify(await shapes(page)) === '["b1-k3:line","n6:circle"]', 'Nick Danger shapes: ' + JSON.stringify(await shapes(page)));
  if (shots) await page.screenshot({ path: path.join(shots, 'playfeel-nickdanger-arrow.png') });
  const empty = await centreOf(page, 'd4');
  await page.mouse.click(empty.x, empty.y);
  must((await shapes(page)).length === 0, 'a left click did not clear the Nick Danger shapes');
}

async function playingFeatures(page, server, shots) {
  await newGame(page, { variant: 'normal' });
  await loadFen(page, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  await soundsAndMaterial(page);
  await arrowsAndCircles(page, shots);
  await draggedPiece(page);
  await promotionPicker(page, shots);
  await preferencesKept(page, shots);
  await lowTimeAndEnd(page);
  await twoBoards(page, shots);
}

module.exports = { playingFeatures };
