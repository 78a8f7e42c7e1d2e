// "Move now" with the native server: the button is shown beside the thinking
// engine's clock only while an engine of the game thinks (not for a person,
// not for a built-in player), and a click or the key m makes the engine play
// at once, long before its 120 s for the turn are up. The native page keeps no
// game in the browser's storage (the server keeps it) and shows no notice.
'use strict';
const { untilDrawn, ANSWER_WAIT } = require('./drawn');

const ENGINE_TURN = 120000;   // ms: the engine's time a turn, which Move now cuts short
const MOVE_NOW_BOUND = ENGINE_TURN / 4;
const { playTurn, newGame } = require('./play');

function must(cond, what) { if (!cond) throw new Error(what); }

const buttonSeen = page => page.evaluate(() => {
  const b = document.getElementById('btn-move-now');
  const row = b && b.closest('.player');
  return { shown: !!b && !b.hidden && b.offsetParent !== null, row: row ? row.dataset.color : null, title: b ? b.title : '' };
});

// The engine (Black) thinks for 120 s a turn; one move-now by `how`, which must end its thinking
// within 30 s: a quarter of its turn, so a busy machine's slow page is no failure and an ignored
// Move now still is.
async function engineMovesNow(page, how) {
  const n = await page.evaluate(() => window.rulezero.state.moves.length);
  await untilDrawn(page, () => {
    const b = document.getElementById('btn-move-now');
    return b && !b.hidden && window.rulezero.state.to_move === 'engine';
  }, null, { timeout: ANSWER_WAIT });
  const seen = await buttonSeen(page);
  must(seen.shown && seen.row === 'black', 'Move now is not beside the thinking engine: ' + JSON.stringify(seen));
  must(/now/.test(seen.title) && !/time check/.test(seen.title), 'the native Move now title is "' + seen.title + '"');
  await page.waitForTimeout(600);   // the engine has started its search
  const t0 = Date.now();
  if (how === 'key') await page.keyboard.press('m');
  else await page.click('#btn-move-now');
  await untilDrawn(page, n => window.rulezero.state.moves.length > n, n, { timeout: MOVE_NOW_BOUND })
    .catch(() => { throw new Error('Move now (' + how + ') did not make the engine move within 30 s'); });
  must(Date.now() - t0 < MOVE_NOW_BOUND, 'the engine took ' + (Date.now() - t0) + ' ms after Move now');
  await page.waitForFunction(() => document.getElementById('btn-move-now').hidden);
  must(await page.isHidden('#error'), 'Move now brought an error: ' + await page.textContent('#error-text'));
}

// Move now, then the engine's turn on the board (turns before it: n). The
// session plays the turn as soon as the engine has a best turn of this
// search, also when the click comes while the engine is still starting or
// has reported nothing yet (docs/gui-protocol.md, `move_now`): one click.
async function moveNowPlayed(page, n, what) {
  await page.evaluate(() => { window.rulezero.lastError = null; });
  await page.click('#btn-move-now');
  await untilDrawn(page, n => window.rulezero.state.moves.length > n, n, { timeout: 60000 }).catch(async () => {
    const seen = await page.evaluate(() => {
      const s = window.rulezero.state;
      return { error: window.rulezero.lastError, to_move: s.to_move, paused: s.paused, thinking: s.thinking };
    });
    throw new Error(what + ': no turn within 60 s of Move now: ' + JSON.stringify(seen));
  });
}

async function moveNowNative(page) {
  await newGame(page, { variant: 'normal', white: 'human', black: 'engine:0', tc: { kind: 'movetime', ms: ENGINE_TURN } });
  must(!(await buttonSeen(page)).shown, 'Move now is shown while a person is to move');
  await playTurn(page, 'e2e4');
  await engineMovesNow(page, 'click');
  await playTurn(page, /^d2d4$|^g1f3$/);
  await engineMovesNow(page, 'key');
  // A built-in player is never "thinking": no button for it.
  // (It plays after its 6 s a turn, paced: time enough, under load too, to see its turn drawn with no button.)
  await newGame(page, { variant: 'normal', white: 'human', black: 'builtin:greedy', tc: { kind: 'movetime', ms: 6000 } });
  await playTurn(page, 'e2e4');
  must(await page.evaluate(() => window.rulezero.state.to_move === 'engine'), 'the built-in player moved at once');
  must(!(await buttonSeen(page)).shown, 'Move now is shown for a built-in player');
  await untilDrawn(page, () => window.rulezero.state.to_move === 'human', null, { timeout: ANSWER_WAIT });
  // The native page stores no game and shows no notice.
  const stored = await page.evaluate(() => ({ game: localStorage.getItem('rulezero.game'), notice: !document.getElementById('notice').hidden }));
  must(stored.game === null && !stored.notice, 'the native page stored the game or showed a notice: ' + JSON.stringify(stored));
  must(await page.getAttribute('#pgn-link', 'href') === 'game.pgn', 'the native PGN link is not game.pgn');
}

module.exports = { moveNowNative, moveNowPlayed };
