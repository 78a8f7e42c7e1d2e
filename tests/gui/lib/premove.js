// Premoves (js/premove.js), the same in the native page and the browser
// build: while Rule Zero thinks (a minute a turn, so that nothing here races
// it), a piece and a square are clicked; the premove is kept and marked, and
// when the engine has moved (Move now, once it has reported a line) it is
// played at once if legal (Nf3 after 1.e4 and any reply), else dropped with a
// notice (a pawn from d2 to d5). A right click and a click elsewhere cancel
// one; a cancelled premove is never played.
'use strict';
const { untilDrawn } = require('./drawn');
const { playTurn, newGame } = require('./play');

function must(cond, what) { if (!cond) throw new Error(what); }

const premove = page => page.evaluate(() => JSON.parse(JSON.stringify(window.rulezero.premove)));
const square = c => '#boards [data-click="' + c + '"]';

// Rule Zero (Black) is to move; the two clicks are entered and kept.
async function enter(page, from, to) {
  await untilDrawn(page, () => window.rulezero.state.to_move === 'engine', null, { timeout: 5000 });
  await page.click(square(from));
  must((await premove(page)).from === from, 'a click on ' + from + ' during the engine\'s turn picked nothing');
  must(await page.evaluate(c => document.querySelector('#boards [data-click="' + c + '"]').classList.contains('premove-from'), from),
    from + ' is not marked as picked');
  await page.click(square(to));
  const kept = await premove(page);
  must(JSON.stringify(kept.clicks) === JSON.stringify([from, to]), 'the premove kept is ' + JSON.stringify(kept));
  const marked = await page.evaluate(() => [...document.querySelectorAll('#boards .premove')].map(c => c.dataset.click).sort());
  must(JSON.stringify(marked) === JSON.stringify([from, to].sort()), 'the premove\'s squares marked: ' + marked);
  must(/Premove/.test(await page.textContent('#premove-note')), 'the premove is not said under the status');
}

// Move now once the engine has a line; resolves when its turn is on the board.
// state.thinking keeps the engine's line of its last turn until its new search
// reports (docs/gui-protocol.md): an engine that cannot be interrupted (the
// browser build without shared memory) then has no best turn of this search
// yet, and Move now is refused. So a refusal waits for this search's line and
// asks again.
const NO_BEST_YET = 'the engine has no best turn yet';

async function engineMoves(page) {
  const n = await page.evaluate(() => window.rulezero.state.moves.length);
  for (let asked = 0; asked < 5; asked++) {
    await untilDrawn(page, () => { const t = window.rulezero.state.thinking; return t && t.color === 'black' && !!t.pv; }, null, { timeout: 30000 });
    const seen = await page.evaluate(() => { window.rulezero.lastError = null; return JSON.stringify(window.rulezero.state.thinking); });
    await page.click('#btn-move-now');
    await untilDrawn(page, ([n, no]) => window.rulezero.state.moves.length > n || String(window.rulezero.lastError || '').includes(no),
      [n, NO_BEST_YET], { timeout: 30000 });
    if (await page.evaluate(n => window.rulezero.state.moves.length > n, n)) return n;
    await untilDrawn(page, seen => JSON.stringify(window.rulezero.state.thinking) !== seen, seen, { timeout: 30000 });
  }
  throw new Error('Move now was refused five times: ' + await page.evaluate(() => window.rulezero.lastError));
}

async function premoves(page) {
  await newGame(page, { variant: 'normal', white: 'human', black: 'engine:0', tc: { kind: 'movetime', ms: 60000 } });
  await playTurn(page, 'e2e4');
  // Played: Nf3 is legal after any reply to 1.e4.
  await enter(page, 'g1', 'f3');
  const n = await engineMoves(page);
  await untilDrawn(page, n => window.rulezero.state.moves.length === n + 2, n, { timeout: 10000 })
    .catch(() => { throw new Error('the premove g1f3 was not played when the turn came'); });
  const played = await page.evaluate(() => window.rulezero.state.moves.map(m => m.coord));
  must(played[2] === 'g1f3', 'the premove played ' + played[2] + ', not g1f3');
  must((await premove(page)).clicks === null, 'the premove stays after it was played');
  // Dropped: no pawn goes from d2 to d5.
  await enter(page, 'd2', 'd5');
  await engineMoves(page);
  await untilDrawn(page, () => window.rulezero.state.to_move === 'human' && !document.getElementById('premove-note').hidden,
    null, { timeout: 10000 });
  must(/dropped/.test(await page.textContent('#premove-note')), 'no notice of the dropped premove: ' + await page.textContent('#premove-note'));
  must((await page.evaluate(() => window.rulezero.state.moves.length)) === 4, 'the dropped premove was played');
  must(await page.evaluate(() => !document.querySelector('#boards .premove')), 'the dropped premove stays marked');
  // Cancelled by a right click, then by a click elsewhere: the person plays their own turn afterwards.
  await playTurn(page, t => !t.text.startsWith('e1'));   // any turn that leaves the King where it is
  await enter(page, 'e1', 'e2');
  await page.click(square('h5'), { button: 'right' });
  must((await premove(page)).clicks === null, 'a right click did not cancel the premove');
  await enter(page, 'e1', 'e2');
  await page.click('#moves');
  must((await premove(page)).clicks === null, 'a click elsewhere did not cancel the premove');
  must(await page.evaluate(() => !document.querySelector('#boards .premove')), 'the cancelled premove stays marked');
  const m = await engineMoves(page);
  await untilDrawn(page, () => window.rulezero.state.to_move === 'human', null, { timeout: 10000 });
  must((await page.evaluate(() => window.rulezero.state.moves.length)) === m + 1, 'a cancelled premove was played');
}

module.exports = { premoves };
