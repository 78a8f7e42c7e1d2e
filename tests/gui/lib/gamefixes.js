// Issue 28 through the page: engines offered only for the games they play
// (Stockfish not for Dialectic), Nick Danger's hint that a link action comes
// after the move and its links' own numbers, resigning against an engine
// (with a confirmation), and draw offers to an engine with its answer.
'use strict';
const { untilDrawn, ANSWER_WAIT } = require('./drawn');
const fs = require('fs');
const { startServer, stopServer } = require('./server');
const { openPage } = require('./browser');
const { newGame, playTurn, clickOn, checkBoard } = require('./play');

const STOCKFISH = '/usr/games/stockfish';

function must(ok, what) { if (!ok) throw new Error(what); }

const stateIs = (page, fn, arg, timeout = 15000) => untilDrawn(page, fn, arg, { timeout });

// The dialog offers Stockfish (UCI, orthodox chess only) for Normal chess and not for Dialectic.
async function engineChoices(browser, rulezero) {
  if (!fs.existsSync(STOCKFISH)) { console.log('     note: no ' + STOCKFISH + ', engine choices not checked'); return; }
  const server = await startServer(rulezero, ['--engine', STOCKFISH]);
  const problems = [];
  try {
    const page = await openPage(browser, server.url, problems);
    await stateIs(page, () => window.rulezero.setup.players.every(p => p.status !== 'starting'));
    await page.click('#btn-new');
    await page.waitForSelector('#newgame[open]');
    const offered = async variant => {
      await page.selectOption('#ng-variant', variant);
      return page.evaluate(() => {
        const o = document.querySelector('#ng-black option[value="engine:1"]');
        return { enabled: !o.disabled, text: o.textContent, black: document.getElementById('ng-black').value };
      });
    };
    await page.selectOption('#ng-black', 'engine:1');
    const dialectic = await offered('dialectic');
    must(!dialectic.enabled && /does not play/.test(dialectic.text), 'Stockfish is offered for Dialectic: ' + JSON.stringify(dialectic));
    must(dialectic.black !== 'engine:1', 'Stockfish stays chosen for Dialectic');
    const normal = await offered('normal');
    must(normal.enabled && /Stockfish/.test(normal.text), 'Stockfish is not offered for orthodox chess: ' + JSON.stringify(normal));
    const zero = await page.evaluate(() => !document.querySelector('#ng-black option[value="engine:0"]').disabled);
    must(zero, 'Rule Zero is not offered');
    await page.click('#ng-cancel');
    must(!problems.length, problems.join('\n'));
    await page.close();
  } finally {
    await stopServer(server);
  }
}

// After the move half of a Nick Danger turn the status says a link action comes;
// a link is drawn with the server's number for it.
async function nickDangerLinks(page, server) {
  await newGame(page, { variant: 'nickdanger', white: 'human', black: 'human' });
  await playTurn(page, 'e2e4');
  await clickOn(page, 'e7');
  await clickOn(page, 'e5');
  const status = await page.textContent('#status');
  must(/link action/.test(status), 'after the move the status does not say a link action comes: ' + status);
  await page.keyboard.press('Escape');
  await playTurn(page, 'e7e5,a3k3');
  const marks = await page.evaluate(() => [...document.querySelectorAll('#boards [data-link]')]
    .map(m => m.closest('[data-square]').dataset.square + ':' + m.dataset.link).sort());
  const numbers = await page.evaluate(() => window.rulezero.state.board.links.map(l => l.a + ':' + l.number + ' ' + l.b + ':' + l.number));
  must(JSON.stringify(marks) === JSON.stringify(numbers.join(' ').split(' ').sort()),
    'the link marks ' + JSON.stringify(marks) + ' are not the server\'s numbers ' + JSON.stringify(numbers));
  await checkBoard(page, server, 'Nick Danger links');
}

// Resign against Rule Zero: asked to confirm, then 0-1 White resigns.
async function resignAgainstEngine(page) {
  await newGame(page, { variant: 'normal', white: 'human', black: 'engine:0', tc: { kind: 'depth', depth: 1 } });
  await playTurn(page, 'e2e4');
  await stateIs(page, () => window.rulezero.state.to_move === 'human');
  await page.click('#btn-resign');
  await page.waitForSelector('#resign-confirm:not([hidden])');
  must(!(await page.evaluate(() => window.rulezero.state.result)), 'resigned before the confirmation');
  await page.click('#btn-resign-yes');
  await stateIs(page, () => window.rulezero.state.result);
  const result = await page.evaluate(() => window.rulezero.state.result);
  must(result.score === '0-1' && result.reason === 'White resigns', 'resigning gives ' + JSON.stringify(result));
  await stateIs(page, () => document.getElementById('result').textContent.includes('White resigns'));   // drawn on the next frame
  must(await page.isHidden('#offer-buttons'), 'resign and draw buttons stay after the game ended');
}

// A draw offered to Rule Zero: declined in an even game (its note shown), accepted with a lone King.
async function drawWithEngine(page) {
  await newGame(page, { variant: 'normal', white: 'human', black: 'engine:0', tc: { kind: 'depth', depth: 1 } });
  await playTurn(page, 'e2e4');
  await stateIs(page, () => window.rulezero.state.to_move === 'human');
  await page.click('#btn-offer-draw');
  await page.waitForSelector('#offer-note:not([hidden])');
  await stateIs(page, () => /declines the draw/.test(document.getElementById('offer-note').textContent));
  must(!(await page.evaluate(() => window.rulezero.state.result)), 'a declined draw ended the game');
  await newGame(page, { variant: 'normal', white: 'human', black: 'engine:0', tc: { kind: 'depth', depth: 1 },
    fen: '4k3/8/8/8/8/8/8/QQQ1K3 w - - 0 1' });
  await playTurn(page, 'e1d2');
  await stateIs(page, () => window.rulezero.state.to_move === 'human' || window.rulezero.state.result);
  await page.click('#btn-offer-draw');
  await stateIs(page, () => window.rulezero.state.result);
  const result = await page.evaluate(() => window.rulezero.state.result);
  must(result.score === '1/2-1/2' && result.reason === 'Draw by agreement', 'the accepted draw gives ' + JSON.stringify(result));
  await stateIs(page, () => document.getElementById('result').textContent.includes('Draw by agreement'));
}

// Two people: one offers, the other gets the prompt and declines it.
async function drawPrompt(page) {
  await newGame(page, { variant: 'normal', white: 'human', black: 'human' });
  await page.click('#btn-offer-draw');
  await stateIs(page, () => window.rulezero.state.draw_offer === 'white');
  await page.waitForSelector('#draw-prompt:not([hidden])', { timeout: ANSWER_WAIT }).catch(() => {});
  must(await page.isVisible('#draw-prompt'), 'no accept/decline prompt for an offer between two people');
  must((await page.textContent('#draw-prompt')).includes('White offers a draw'), 'the prompt does not say who offers');
  await page.click('#btn-decline-draw');
  await stateIs(page, () => window.rulezero.state.draw_offer === null && document.getElementById('draw-prompt').hidden);
}

async function gameFixes(page, server, browser, rulezero) {
  await nickDangerLinks(page, server);
  await resignAgainstEngine(page);
  await drawWithEngine(page);
  await drawPrompt(page);
  await engineChoices(browser, rulezero);
}

module.exports = { gameFixes };
