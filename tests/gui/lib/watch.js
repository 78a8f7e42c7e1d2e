// Watching an engine-against-engine game to its result: Rule Zero at depth 1
// against the greedy built-in player (or the two players given).
'use strict';
const { untilDrawn } = require('./drawn');
const { newGame, checkBoard } = require('./play');
const { serverState } = require('./server');

async function watchGame(page, server, variant, [white, black] = ['engine:0', 'builtin:greedy']) {
  await newGame(page, { variant, white, black, tc: { kind: 'depth', depth: 1 } });
  try {
    await untilDrawn(page, () => window.rulezero.state.result !== null || window.rulezero.state.paused, null,
      { timeout: +(process.env.GUI_WATCH_TIMEOUT_MS || 60000), polling: 200 });
  } catch (e) {
    const s = await serverState(server);
    throw new Error('no result: ' + s.moves.length + ' turns, to move ' + s.to_move + ', paused ' + s.paused +
      ', last turns ' + s.moves.slice(-12).map(m => m.text).join(' ') + ', fen ' + s.fen);
  }
  if (await page.evaluate(() => window.rulezero.state.paused)) {
    throw new Error('the game stopped: ' + await page.textContent('#error-text'));
  }
  const held = await serverState(server);
  if (!held.result) throw new Error('the page shows a result the server does not hold');
  await checkBoard(page, server, variant + ' final position');
  const shown = await page.evaluate(() => ({
    result: document.querySelector('#result .score').textContent,
    reason: document.querySelector('#result .reason').textContent,
    moves: document.querySelectorAll('#moves [data-ply]').length,
    hidden: document.getElementById('result').hidden
  }));
  if (shown.hidden || shown.result !== held.result.score || shown.reason !== held.result.reason) {
    throw new Error('result shown ' + JSON.stringify(shown) + ', held ' + JSON.stringify(held.result));
  }
  if (shown.moves !== held.moves.length) throw new Error('move list has ' + shown.moves + ' turns, the game ' + held.moves.length);
  console.log('     ' + variant + ': ' + held.result.score + ' (' + held.result.reason + ') after ' + held.moves.length + ' turns');
}

module.exports = { watchGame };
