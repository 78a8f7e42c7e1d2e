// Medians and 90th percentiles of the times the page measured (milliseconds).
'use strict';

function quantile(sorted, q) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function describe(values) {
  const s = values.slice().sort((a, b) => a - b);
  const r = x => x === null ? null : Math.round(x * 10) / 10;
  return { count: s.length, median_ms: r(quantile(s, 0.5)), p90_ms: r(quantile(s, 0.9)), max_ms: r(s[s.length - 1] ?? null) };
}

function summary(perf) {
  const figures = { click_to_board: describe(perf.clickToBoard), server_move_to_board: describe(perf.messageToBoard) };
  const line = (name, f) => name + ': ' + f.count + ' samples, median ' + f.median_ms + ' ms, 90% ' + f.p90_ms + ' ms, max ' + f.max_ms + ' ms';
  return { figures, text: line('click to board', figures.click_to_board) + '\n' + line('server move to board', figures.server_move_to_board) };
}

module.exports = { summary };
