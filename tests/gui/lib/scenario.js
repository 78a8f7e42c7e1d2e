// Plays one scenario of scenarios.js through the page, checking the board
// after every turn and the move list's last entry: the turn in the game's
// readable notation (docs/rules/README.md), as `rulezero moves --notation`
// names it from the same position, never the coordinates the clicks send.
'use strict';
const path = require('path');
const { execFileSync } = require('child_process');
const { playTurn, checkBoard, newGame, loadFen, clickOn } = require('./play');

// The readable text of the turn `coord` after `played` from `fen` (null: the start), by the command line.
function readableText(rulezero, variant, fen, played, coord) {
  const args = ['moves', '--variant', variant, '--notation'];
  if (fen) args.push('--fen', fen);
  if (played.length) args.push('--moves', played.join(' '));
  const line = execFileSync(rulezero, args, { encoding: 'utf8', maxBuffer: 256 << 20 }).split('\n').find(l => l.split(' ')[0] === coord);
  if (!line) throw new Error('rulezero moves does not list ' + coord + ' after ' + played.join(' '));
  return line.split(' ')[1];
}

const moveList = page => page.evaluate(() => [...document.querySelectorAll('#moves [data-ply]')].map(e => e.textContent));

async function checkMoveList(page, scenario, want, what) {
  const shown = await moveList(page);
  if (JSON.stringify(shown) !== JSON.stringify(want)) {
    throw new Error(scenario.variant + ' ' + what + ': the move list reads ' + JSON.stringify(shown) + ', not ' + JSON.stringify(want));
  }
}

async function playScenario(page, server, scenario, shotDir) {
  await newGame(page, { variant: scenario.variant });
  await checkBoard(page, server, scenario.variant + ' start');
  let fen = null;
  let played = [], readable = [];
  for (const step of scenario.steps) {
    if (step.fen) {
      await loadFen(page, step.fen);
      await checkBoard(page, server, scenario.variant + ' ' + step.fen);
      fen = step.fen; played = []; readable = [];
    } else if (step.play) {
      const turn = await playTurn(page, step.play);
      await checkBoard(page, server, scenario.variant + ' after ' + turn.text);
      readable.push(readableText(server.rulezero, scenario.variant, fen, played, turn.text));
      played.push(turn.text);
      await checkMoveList(page, scenario, readable, 'after ' + turn.text);
    } else if (step.moves) {
      await checkMoveList(page, scenario, step.moves, 'as a player reads it');
    } else if (step.shot) {
      for (const c of step.hold || []) await clickOn(page, c);
      if (shotDir) await page.screenshot({ path: path.join(shotDir, step.shot + '.png') });
      await page.keyboard.press('Escape');
    }
  }
}

module.exports = { playScenario };
