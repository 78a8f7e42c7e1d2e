// The engine's score is shown from White's side, as lichess shows it: a
// scripted engine (tests/fake_cecp.py --uci --think; the GUI finds it speaks
// UCI) that plays Black and says it is 0.59 better, or mates in 3, must read
// -0.59 and -M3 on the page. (CECP's forms: tests/test_gui_thinking.c.)
'use strict';
const { untilDrawn } = require('./drawn');
const path = require('path');
const { startServer, stopServer } = require('./server');
const { openPage } = require('./browser');
const { newGame, playTurn } = require('./play');

const FAKE = path.resolve(__dirname, '..', '..', 'fake_cecp.py');
const PYTHON = process.env.PYTHON || 'python3';

async function shownScore(page, black) {
  await newGame(page, { variant: 'normal', white: 'human', black, tc: { kind: 'depth', depth: 1 } });
  await playTurn(page, 'e2e4');
  await untilDrawn(page, () => {
    const t = window.rulezero.state.thinking;
    return t && t.color === 'black' && !document.getElementById('thinking').hidden &&
      document.getElementById('think-score').textContent !== '';
  }, null, { timeout: 60000 });   // a Python engine started under load: seconds before it speaks
  return page.evaluate(() => ({
    thinking: window.rulezero.state.thinking,
    text: document.getElementById('think-score').textContent,
    who: document.getElementById('thinking').textContent
  }));
}

function must(ok, what) { if (!ok) throw new Error(what); }

async function scoreFromWhite(browser, rulezero) {
  const fake = think => [PYTHON, FAKE, '--uci', '--rz', rulezero, '--think', String(think)].join(' ');
  const server = await startServer(rulezero, ['--engine', fake(59), '--engine', fake(100003)]);
  const problems = [];
  try {
    const page = await openPage(browser, server.url, problems);
    const cp = await shownScore(page, 'engine:1');
    must(cp.thinking.score_cp === -59 && cp.thinking.mate === null && cp.thinking.score === '-0.59',
      'Black thinking +0.59 for itself is not -0.59 for White: ' + JSON.stringify(cp.thinking));
    must(cp.text === '-0.59', 'the page shows ' + cp.text + ', not -0.59 (White\'s side)');
    must(/white/i.test(cp.who), 'the page does not say whose side the score is from: ' + cp.who);
    const mate = await shownScore(page, 'engine:2');
    must(mate.thinking.mate === -3 && mate.thinking.score_cp === null && mate.thinking.score === '-M3',
      'Black mating in 3 is not -M3: ' + JSON.stringify(mate.thinking));
    must(mate.text === '-M3', 'the page shows ' + mate.text + ' for Black mating in 3, not -M3');
    must(!problems.length, problems.join('\n'));
    await page.close();
  } finally {
    await stopServer(server);
  }
}

module.exports = { scoreFromWhite };
