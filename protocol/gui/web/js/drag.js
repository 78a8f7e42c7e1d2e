// A dragged piece follows the pointer (mouse and touch): input.js still takes a
// press and a release on another square as two clicks; this module only draws
// the piece under the pointer while the button is held (after 8 pixels, as
// input.js counts a drag) and dims it on its square. #drag-ghost is the
// element that follows.
import { $ } from './dom.js';
import { rz, on } from './store.js';

let drag = null;   // { click, x, y, html, ghost, size }

function startPoint(event) {
  if (event.button !== 0) return;
  const t = event.target.closest('[data-click]');
  if (!t) return;
  const click = t.dataset.click;
  // input.js ran first: the press was taken when it is now the last click.
  // Its render drew the board anew, so the element pressed is found again.
  if (rz.clicks[rz.clicks.length - 1] !== click) return;
  const now = document.querySelector('#boards [data-click="' + CSS.escape(click) + '"], .hand-row [data-click="' + CSS.escape(click) + '"]');
  const piece = now && now.querySelector('.piece svg, :scope > svg');
  if (!piece) return;
  const size = now.getBoundingClientRect().width;
  drag = { click, x: event.clientX, y: event.clientY, html: piece.outerHTML, ghost: null, size };
}

function showGhost(event) {
  if (!drag) return;
  if (!drag.ghost) {
    if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 8) return;
    const g = document.createElement('div');
    g.id = 'drag-ghost';
    g.innerHTML = drag.html;
    g.style.width = g.style.height = drag.size + 'px';
    document.body.appendChild(g);
    drag.ghost = g;
    dimOrigin();
  }
  drag.ghost.style.transform = 'translate(' + (event.clientX - drag.size / 2) + 'px, ' + (event.clientY - drag.size / 2) + 'px)';
  if (event.cancelable && event.pointerType === 'touch') event.preventDefault();
}

function dimOrigin() {
  for (const c of document.querySelectorAll('.drag-origin')) c.classList.remove('drag-origin');
  if (!drag || !drag.ghost) return;
  const origin = document.querySelector('#boards [data-click="' + CSS.escape(drag.click) + '"], .hand-row [data-click="' + CSS.escape(drag.click) + '"]');
  if (origin) origin.classList.add('drag-origin');
}

function endDrag() {
  if (!drag) return;
  if (drag.ghost) drag.ghost.remove();
  drag = null;
  dimOrigin();
}

// Registers after input.js, whose pointerdown must run first.
export function initDrag() {
  document.addEventListener('pointerdown', startPoint);
  document.addEventListener('pointermove', showGhost, { passive: false });
  // After input.js's pointerup has dropped the piece (a listener added later runs later).
  document.addEventListener('pointerup', endDrag);
  document.addEventListener('pointercancel', endDrag);
  window.addEventListener('blur', endDrag);
  on('render', dimOrigin);
}
