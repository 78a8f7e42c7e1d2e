// A second piece set drawn for Rule Zero ("Flat", no art copied): bold
// silhouettes without a base, one per glyph in the same 45x45 box and with the
// same classes as pieces.js (b: body, d: detail line, e: eye, x: mark), so the
// colours of style.css apply. A piece without a glyph is a rounded square with
// its letter, so that it differs from the drawn set's disc.
const SHAPES = {
  pawn: '<circle class="b" cx="22.5" cy="14.5" r="6.2"/>' +
    '<path class="b" d="M13.5 37.5 L18 22 H27 L31.5 37.5 Z"/>',
  rook: '<path class="b" d="M12.5 37.5 V31.5 H16 V17.5 H12.5 V8.5 H17.5 V12 H20.5 V8.5 H24.5 V12 H27.5 V8.5 ' +
    'H32.5 V17.5 H29 V31.5 H32.5 V37.5 Z"/>' +
    '<path class="d" d="M16 17.5 H29 M16 31.5 H29"/>',
  bishop: '<circle class="b" cx="22.5" cy="7.5" r="2.6"/>' +
    '<path class="b" d="M13.5 37.5 H31.5 L27.5 31 C33 24 29.5 16 22.5 10.5 C15.5 16 12 24 17.5 31 Z"/>' +
    '<path class="d" d="M21 23 L26.5 17.5"/>',
  knight: '<path class="b" d="M13 37.5 H33 C33.5 28 32 18.5 26 12.5 L24.5 6.5 L20.5 10.5 L16.5 11.5 L10.5 21.5 ' +
    'L13 25.5 L19.5 22.5 L21.5 24.5 C16.5 28.5 13 31.5 13 37.5 Z"/>' +
    '<circle class="e" cx="18.8" cy="16" r="1.4"/>',
  queen: '<path class="b" d="M12 37.5 H33 L31 31 L36.5 12.5 L28.5 22.5 L22.5 8.5 L16.5 22.5 L8.5 12.5 L14 31 Z"/>' +
    '<path class="d" d="M14 31 H31"/>',
  king: '<path class="b" d="M12 37.5 H33 L30.5 22 C27 19.5 18 19.5 14.5 22 Z"/>' +
    '<path class="b" d="M20.5 5.5 H24.5 V9.5 H28.5 V13.5 H24.5 V20.5 H20.5 V13.5 H16.5 V9.5 H20.5 Z"/>' +
    '<path class="d" d="M14 31 H31"/>'
};

function escapeText(text) {
  return String(text).replace(/[&<>"]/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
}

function tile(letter) {
  const size = letter.length > 1 ? 15 : 22;
  return '<rect class="b" x="7" y="7" width="31" height="31" rx="7"/>' +
    '<text x="22.5" y="23" text-anchor="middle" dominant-baseline="central" font-size="' + size + '">' +
    escapeText(letter) + '</text>';
}

// The inner SVG markup of one piece of this set.
export function flatBody(glyph, letter) {
  return glyph && SHAPES[glyph] ? SHAPES[glyph] : tile(String(letter || '?').toUpperCase());
}
