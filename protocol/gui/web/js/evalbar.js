// Scores from White's side as a person reads them (+0.35, +M3, -M2) and the
// evaluation bar: White's share of a vertical bar, from White's side.

// A score {score_cp, mate} (or an analysed ply with a `result`) as text.
export function scoreText(s) {
  if (!s) return '';
  if (s.result) return s.result;
  if (s.mate !== null && s.mate !== undefined) return s.mate > 0 ? '+M' + s.mate : s.mate < 0 ? '-M' + -s.mate : '#';
  if (s.score_cp === null || s.score_cp === undefined) return '';
  const pawns = s.score_cp / 100;
  return (pawns > 0 ? '+' : pawns < 0 ? '-' : '') + Math.abs(pawns).toFixed(2);
}

// White's share of the bar, 0 to 1: mates and wins at the ends, centipawns on
// a logistic curve (about 0.73 at +2.00, 0.95 at +6.00).
export function whiteShare(s) {
  if (!s) return 0.5;
  if (s.result) return s.result === '1-0' ? 1 : s.result === '0-1' ? 0 : 0.5;
  if (s.mate !== null && s.mate !== undefined) return s.mate > 0 ? 1 : s.mate < 0 ? 0 : 0.5;
  if (typeof s.score_cp !== 'number') return 0.5;
  return 1 / (1 + Math.exp(-0.005 * s.score_cp));
}

// Draws the bar into `bar` (an element with a .eval-fill child and a .eval-text
// child): White's part at the bottom unless the board is flipped.
export function drawEvalBar(bar, score, flipped) {
  const share = whiteShare(score);
  const fill = bar.querySelector('.eval-fill');
  fill.style.height = (share * 100).toFixed(1) + '%';
  bar.classList.toggle('flipped', !!flipped);
  const text = score ? scoreText(score) : '';
  const label = bar.querySelector('.eval-text');
  label.textContent = text.replace(/^\+/, '');
  label.classList.toggle('on-white', share >= 0.5);
  bar.dataset.score = text;
  bar.dataset.share = share.toFixed(3);
  bar.title = text ? 'Evaluation from White\'s side: ' + text : 'No evaluation yet';
}
