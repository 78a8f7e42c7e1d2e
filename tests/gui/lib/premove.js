// Premoves (js/premove.js), the same in the native page and the browser
// build: while Rule Zero thinks (a minute a turn, so that nothing here races
// it), a piece and a square are clicked; the premove is kept and marked, and
// when the engine has moved (Move now) it is
// played at once if legal (Nf3 after 1.e4 and any reply), else dropped with a
// notice (a pawn from d2 to d5). A right click and a click elsewhere cancel
// one; a cancelled premove is never played.
'use strict';
const { untilDrawn, ANSWER_WAIT } = require('./drawn');
const { playTurn, newGame } = require('./play');
const { moveNowPlayed } = require('./movenow');

function must(cond, what) { if (!cond) throw new Error(what); }

const premove = page => page.evaluate(() => JSON.parse(JSON.stringify(window.rulezero.premove)));
const square = c => '#boards [data-click="' + c + '"]';

// Rule Zero (Black) is to move; the two clicks (or with `tap`, a phone's taps) are entered and kept.
async function enter(page, from, to, tap = false) {
  const press = s => (tap ? page.tap(s) : page.click(s));
  await untilDrawn(page, () => window.rulezero.state.to_move === 'engine', null, { timeout: ANSWER_WAIT });
  await press(square(from));
  must((await premove(page)).from === from, 'a click on ' + from + ' during the engine\'s turn picked nothing');
  must(await page.evaluate(c => document.querySelector('#boards [data-click="' + c + '"]').classList.contains('premove-from'), from),
    from + ' is not marked as picked');
  await press(square(to));
  const kept = await premove(page);
  must(JSON.stringify(kept.clicks) === JSON.stringify([from, to]), 'the premove kept is ' + JSON.stringify(kept));
  const marked = await page.evaluate(() => [...document.querySelectorAll('#boards .premove')].map(c => c.dataset.click).sort());
  must(JSON.stringify(marked) === JSON.stringify([from, to].sort()), 'the premove\'s squares marked: ' + marked);
  must(/Premove/.test(await page.textContent('#premove-note')), 'the premove is not said under the status');
}

// Move now; resolves with the number of turns before the engine's, once its turn is on the board.
async function engineMoves(page) {
  const n = await page.evaluate(() => window.rulezero.state.moves.length);
  await moveNowPlayed(page, n, 'Rule Zero\'s turn');
  return n;
}

async function premoves(page) {
  await newGame(page, { variant: 'normal', white: 'human', black: 'engine:0', tc: { kind: 'movetime', ms: 60000 } });
  await playTurn(page, 'e2e4');
  // Played: Nf3 is legal after any reply to 1.e4.
  await enter(page, 'g1', 'f3');
  const n = await engineMoves(page);
  await untilDrawn(page, n => window.rulezero.state.moves.length === n + 2, n, { timeout: ANSWER_WAIT })
    .catch(() => { throw new Error('the premove g1f3 was not played when the turn came'); });
  const played = await page.evaluate(() => window.rulezero.state.moves.map(m => m.coord));
  must(played[2] === 'g1f3', 'the premove played ' + played[2] + ', not g1f3');
  must((await premove(page)).clicks === null, 'the premove stays after it was played');
  // Dropped: no pawn goes from d2 to d5.
  await enter(page, 'd2', 'd5');
  await engineMoves(page);
  await untilDrawn(page, () => window.rulezero.state.to_move === 'human' && !document.getElementById('premove-note').hidden,
    null, { timeout: ANSWER_WAIT });
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
  await untilDrawn(page, () => window.rulezero.state.to_move === 'human', null, { timeout: ANSWER_WAIT });
  must((await page.evaluate(() => window.rulezero.state.moves.length)) === m + 1, 'a cancelled premove was played');
}

// On a phone (lib/phone.js), by taps: a premove entered during Rule Zero's
// turn and played when the turn comes, then one cancelled by a tap on the
// move list; Rule Zero's turn ended by Move now each time.
async function phonePremove(page) {
  await newGame(page, { variant: 'normal', white: 'human', black: 'engine:0', tc: { kind: 'movetime', ms: 60000 } });
  await playTurn(page, 'e2e4', { tap: true });
  await enter(page, 'g1', 'f3', true);
  const n = await engineMoves(page);
  await untilDrawn(page, n => window.rulezero.state.moves.length === n + 2, n, { timeout: ANSWER_WAIT })
    .catch(() => { throw new Error('the premove g1f3, tapped, was not played when the turn came'); });
  const played = await page.evaluate(() => window.rulezero.state.moves.map(m => m.coord));
  must(played[2] === 'g1f3', 'the tapped premove played ' + played[2] + ', not g1f3');
  await enter(page, 'b1', 'c3', true);
  await page.tap('#moves');
  must((await premove(page)).clicks === null, 'a tap on the move list did not cancel the premove');
  const m = await engineMoves(page);
  await untilDrawn(page, () => window.rulezero.state.to_move === 'human', null, { timeout: ANSWER_WAIT });
  must((await page.evaluate(() => window.rulezero.state.moves.length)) === m + 1, 'a cancelled premove was played');
  return 'g1f3 premoved by taps and played, b1c3 cancelled by a tap';
}

module.exports = { premoves, phonePremove };
