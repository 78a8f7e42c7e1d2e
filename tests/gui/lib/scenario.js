// Plays one scenario of scenarios.js through the page, checking the board after every turn.
'use strict';
const path = require('path');
const { playTurn, checkBoard, newGame, loadFen, clickOn } = require('./play');

async function playScenario(page, server, scenario, shotDir) {
  await newGame(page, { variant: scenario.variant });
  await checkBoard(page, server, scenario.variant + ' start');
  for (const step of scenario.steps) {
    if (step.fen) {
      await loadFen(page, step.fen);
      await checkBoard(page, server, scenario.variant + ' ' + step.fen);
    } else if (step.play) {
      const turn = await playTurn(page, step.play);
      await checkBoard(page, server, scenario.variant + ' after ' + turn.text);
    } else if (step.shot) {
      for (const c of step.hold || []) await clickOn(page, c);
      if (shotDir) await page.screenshot({ path: path.join(shotDir, step.shot + '.png') });
      await page.keyboard.press('Escape');
    }
  }
}

module.exports = { playScenario };
