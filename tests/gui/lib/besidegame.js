// "Analyse this game" while the game goes on (issue 46): Rule Zero plays
// itself (a second a turn); after a few turns the game is analysed (a copy of
// it, as it stood: one chart dot per position); the game keeps going
// meanwhile, unpaused, and its turns are played past the analysed copy's;
// the board's lines come once the game's positions are scored.
'use strict';
const { untilDrawn } = require('./drawn');
const { newGame } = require('./play');
const { waitForLines, closeBoard } = require('./analysis');

function must(cond, what) { if (!cond) throw new Error(what); }

async function analysisBesideGame(page) {
  await newGame(page, { variant: 'normal', white: 'engine:0', black: 'engine:0', tc: { kind: 'movetime', ms: 1000 } });
  await untilDrawn(page, () => window.rulezero.state.moves.length >= 4, null, { timeout: 60000 });
  await page.click('#btn-analyse-game');
  await page.waitForSelector('#analysis:not([hidden]) #an-chart');
  await page.waitForFunction(() => { const g = window.rulezero.analysis.info && window.rulezero.analysis.info.game; return g && g.done; },
    null, { timeout: 120000 });
  const plies = await page.evaluate(() => window.rulezero.analysis.info.game.plies);
  must(plies >= 4, 'the analysed copy has ' + plies + ' turns');
  must(await page.evaluate(n => document.querySelectorAll('#an-chart .chart-dot').length === n + 1, plies),
    'the chart has no dot per position of the ' + plies + ' turns');
  await waitForLines(page, 'normal');
  await page.waitForFunction(n => window.rulezero.state.moves.length > n + 1 || window.rulezero.state.result, plies, { timeout: 60000 })
    .catch(() => { throw new Error('the game stopped while it was analysed'); });
  must(await page.evaluate(() => !window.rulezero.state.paused), 'the game was paused by the analysis');
  await closeBoard(page);
  await newGame(page, { variant: 'normal' });   // Rule Zero stops playing itself
  return plies + ' turns analysed while the game went on';
}

module.exports = { analysisBesideGame };
