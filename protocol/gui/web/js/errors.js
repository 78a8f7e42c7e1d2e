// The error banner under the header, and the server's `error` messages.
import { $ } from './dom.js';
import { rz, render } from './store.js';

let errorTimer = null;
export function showError(message) {
  $('error-text').textContent = message;
  $('error').hidden = false;
  clearTimeout(errorTimer);
  errorTimer = setTimeout(() => { $('error').hidden = true; }, 8000);
}

// An `error` from the server: the turn sent (if any) was refused.
export function receiveError(msg) {
  rz.pendingTurnAt = null;
  rz.lastError = msg.message || 'error';
  showError(rz.lastError);
  render();
}

export function initErrors() {
  $('error-close').onclick = () => { $('error').hidden = true; };
}
