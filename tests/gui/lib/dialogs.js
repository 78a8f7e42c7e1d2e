// The new-game dialog and the FEN box when something is wrong (issue 28,
// defect 3): a FEN typed for one game is not sent for another; a refused
// Start keeps the dialog open with what was typed and says why inside it; a
// clock the server refuses is not offered; a refused FEN in the FEN box stays
// to be corrected.
'use strict';
const { untilDrawn, ANSWER_WAIT } = require('./drawn');
const { newGame, playTurn, checkBoard } = require('./play');

function must(cond, what) { if (!cond) throw new Error(what); }

const DIALECTIC_FEN = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 T12A21';

async function openDialog(page, variant) {
  await page.click('#btn-new');
  await page.waitForSelector('#newgame[open]');
  await page.selectOption('#ng-variant', variant);
  await page.selectOption('#ng-white', 'human');
  await page.selectOption('#ng-black', 'human');
  await page.selectOption('#ng-tc-kind', 'depth');
  await page.fill('#ng-depth', '1');
}

const gameNumber = page => page.evaluate(() => window.rulezero.state.game_number);

// Start pressed; the dialog must stay open and show an error matching `pattern`.
async function startRefused(page, pattern, what) {
  const before = await page.evaluate(() => JSON.stringify([window.rulezero.state.variant, window.rulezero.state.fen, window.rulezero.state.game_number]));
  await page.click('#ng-start');
  const shown = await page.waitForFunction(() => !document.getElementById('ng-error').hidden, null, { timeout: ANSWER_WAIT })
    .then(() => true, () => false);
  must(shown, what + ': no error is shown in the dialog');
  must(await page.isVisible('#newgame[open]'), what + ': the dialog closed');
  const text = await page.textContent('#ng-error');
  must(pattern.test(text), what + ': the dialog says "' + text + '"');
  must(await page.evaluate(() => document.getElementById('error').hidden), what + ': the error went to the banner behind the dialog');
  const after = await page.evaluate(() => JSON.stringify([window.rulezero.state.variant, window.rulezero.state.fen, window.rulezero.state.game_number]));
  must(before === after, what + ': the game changed');
}

async function startAccepted(page, variant, what) {
  const n = await gameNumber(page);
  await page.click('#ng-start');
  const ok = await untilDrawn(page, n => window.rulezero.state.game_number !== n, n, { timeout: ANSWER_WAIT }).then(() => true, () => false);
  const err = await page.evaluate(() => (document.getElementById('ng-error') || {}).textContent);
  must(ok, what + ': no new game started' + (err ? ' (the dialog says "' + err + '")' : ''));
  await page.waitForFunction(() => !document.getElementById('newgame').open);
  must(await page.evaluate(v => window.rulezero.state.variant === v, variant), what + ': the new game is not ' + variant);
}

// A Dialectic FEN, then Interweave: the FEN field is not carried over.
async function fenPerVariant(page) {
  await openDialog(page, 'dialectic');
  await page.fill('#ng-fen', DIALECTIC_FEN);
  await startAccepted(page, 'dialectic', 'a Dialectic game from a FEN');
  must(await page.evaluate(f => window.rulezero.state.fen === f, DIALECTIC_FEN), 'the Dialectic game did not start from the FEN');
  await openDialog(page, 'interweave');
  const kept = await page.inputValue('#ng-fen');
  must(kept === '', 'the FEN field still holds "' + kept + '" for Interweave');
  await startAccepted(page, 'interweave', 'Interweave after a Dialectic FEN');
  await openDialog(page, 'dialectic');
  must(await page.inputValue('#ng-fen') === DIALECTIC_FEN, 'the Dialectic FEN is not offered again for Dialectic');
  await page.click('#ng-cancel');
}

// Bad Powers, then a bad FEN: the dialog stays open with what was typed; fixed, it starts.
async function refusedStart(page) {
  await openDialog(page, 'polypiece');
  const powers = '#ng-options [data-option="Powers"]';
  const good = await page.inputValue(powers);
  await page.fill(powers, 'K:K Q:Q,WAND R:R,NN B:B,R4 X:WD');
  await startRefused(page, /bad setting/, 'bad Powers');
  must(await page.inputValue(powers) === 'K:K Q:Q,WAND R:R,NN B:B,R4 X:WD', 'the Powers typed were lost');
  must(await page.inputValue('#ng-variant') === 'polypiece', 'the game chosen was lost');
  await page.fill(powers, good);
  await page.fill('#ng-fen', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1 00000');
  await startRefused(page, /bad FEN/, 'a bad FEN');
  must(/RNBQKBNX/.test(await page.inputValue('#ng-fen')), 'the FEN typed was lost');
  await page.fill('#ng-fen', '');
  await startAccepted(page, 'polypiece', 'Polypiece once corrected');
  must(await page.evaluate(() => document.getElementById('ng-error').hidden), 'the dialog error stays after a good start');
}

// 0+0 is not a clock the server takes: the form does not offer it and says why.
async function noZeroClock(page) {
  await openDialog(page, 'normal');
  await page.selectOption('#ng-tc-kind', 'clock');
  const min = await page.getAttribute('#ng-base', 'min');
  must(min !== null && Math.round(parseFloat(min) * 60000) >= 1000,
    'the Minutes field allows ' + min + ' (the server needs a base of at least 1000 ms)');
  await page.fill('#ng-base', '0');
  await page.fill('#ng-inc', '0');
  await startRefused(page, /at least 1 second/, 'a 0+0 clock');
  must(await page.getAttribute('#ng-base', 'aria-invalid') === 'true', 'the Minutes field is not marked');
  await page.fill('#ng-base', '1');
  await startAccepted(page, 'normal', 'a 1+0 clock');
  must(await page.evaluate(() => window.rulezero.state.clocks && window.rulezero.state.clocks.white_ms === 60000), 'the clock is not 1+0');
}

// A refused FEN in the FEN box stays (marked) through the next states, to be fixed.
async function fenBoxTypo(page, server) {
  await newGame(page, { variant: 'normal' });
  const typo = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNX b KQkq - 0 1';
  await page.fill('#fen-text', typo);
  await page.click('#btn-load-fen');
  await page.waitForSelector('#error:not([hidden])');
  must(/bad FEN/.test(await page.textContent('#error-text')), 'the banner does not say the FEN is bad');
  await page.click('#error-close');
  await playTurn(page, 'e2e4');   // a new state arrives
  await playTurn(page, 'e7e5');
  must(await page.inputValue('#fen-text') === typo, 'the FEN typed was replaced by the game\'s: ' + await page.inputValue('#fen-text'));
  must(await page.getAttribute('#fen-text', 'aria-invalid') === 'true', 'the refused FEN is not marked');
  const fixed = typo.replace('BNX', 'BNR');
  await page.fill('#fen-text', fixed);
  const n = await gameNumber(page);
  await page.click('#btn-load-fen');
  await untilDrawn(page, n => window.rulezero.state.game_number !== n, n);
  must(await page.evaluate(f => window.rulezero.state.fen === f, fixed), 'the corrected FEN did not load');
  await page.waitForFunction(f => document.getElementById('fen-text').value === f &&
    !document.getElementById('fen-text').hasAttribute('aria-invalid'), fixed);
  await checkBoard(page, server, 'after the corrected FEN');
}

// Issue 43: ... but not through later games: a new game from the dialog shows its own FEN, unmarked.
async function fenBoxNewGame(page) {
  await newGame(page, { variant: 'normal' });
  await page.fill('#fen-text', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1');
  await page.click('#btn-load-fen');
  await page.waitForSelector('#error:not([hidden])');
  await page.click('#error-close');
  await newGame(page, { variant: 'dialectic' });
  const fen = await page.evaluate(() => window.rulezero.state.fen);
  const shown = await page.inputValue('#fen-text');
  must(shown === fen, 'after a new game the FEN box still holds the refused FEN: ' + shown);
  must(await page.getAttribute('#fen-text', 'aria-invalid') === null, 'the new game\'s FEN is marked as refused');
}

// Issue 43: a FEN the dialog refused is not brought back after Cancel (Start would only be refused again).
async function refusedFenCancelled(page) {
  await openDialog(page, 'normal');
  await page.fill('#ng-fen', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1');
  await startRefused(page, /bad FEN/, 'a bad FEN, then Cancel');
  await page.click('#ng-cancel');
  await page.waitForFunction(() => !document.getElementById('newgame').open);
  await openDialog(page, 'normal');
  const kept = await page.inputValue('#ng-fen');
  must(kept === '', 'the dialog brings the refused FEN back after Cancel: ' + kept);
  must(await page.evaluate(() => document.getElementById('ng-error').hidden), 'the dialog opens with the old error');
  await page.click('#ng-cancel');
  await page.waitForFunction(() => !document.getElementById('newgame').open);
}

async function dialogChecks(page, server) {
  await fenPerVariant(page);
  await refusedStart(page);
  await noZeroClock(page);
  await fenBoxTypo(page, server);
  await refusedFenCancelled(page);
  await fenBoxNewGame(page);
}

module.exports = { dialogChecks };
