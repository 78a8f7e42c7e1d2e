// A notice that stays until the person acts on it (the error banner goes by
// itself after a few seconds): a message and its buttons, over the top of
// the page. The browser build's faults and a stored game that could not be
// resumed use it.
import { $, el } from './dom.js';

// Shows `text` with buttons [{ id, label, primary, onclick }] and a close
// button; a new notice replaces the one shown. `kind` is kept in
// data-kind for the look and the tests.
export function showNotice(kind, text, buttons = []) {
  const box = $('notice');
  box.dataset.kind = kind;
  $('notice-text').textContent = text;
  const row = $('notice-buttons');
  row.textContent = '';
  for (const b of buttons) {
    const button = el('button', b.primary ? 'primary' : null, b.label);
    button.type = 'button';
    if (b.id) button.id = b.id;
    button.onclick = () => { hideNotice(); b.onclick(); };
    row.appendChild(button);
  }
  box.hidden = false;
}

export function hideNotice() { $('notice').hidden = true; }

export function initNotice() {
  const box = el('div');
  box.id = 'notice';
  box.setAttribute('role', 'alertdialog');
  box.setAttribute('aria-labelledby', 'notice-text');
  box.hidden = true;
  box.innerHTML = '<p id="notice-text"></p><div class="controls" id="notice-buttons"></div>' +
    '<button type="button" id="notice-close" aria-label="Close">×</button>';
  $('error').after(box);
  $('notice-close').onclick = hideNotice;
}
