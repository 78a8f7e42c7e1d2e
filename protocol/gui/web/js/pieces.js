// Piece images, drawn for Rule Zero (no art copied): one SVG per glyph in a
// 45x45 box; fairy pieces (glyph null) are a disc with the piece's letter.
const BASE = '<rect class="b" x="10.5" y="35" width="24" height="4.5" rx="1.6"/>';
const SHAPES = {
  pawn: BASE +
    '<path class="b" d="M15.5 35 C15.5 29 18.5 25 20 21.5 H25 C26.5 25 29.5 29 29.5 35 Z"/>' +
    '<rect class="b" x="17" y="18.5" width="11" height="3.6" rx="1.8"/>' +
    '<circle class="b" cx="22.5" cy="13" r="5.6"/>',
  rook: BASE +
    '<rect class="b" x="12.5" y="31" width="20" height="4"/>' +
    '<path class="b" d="M15 31 L16.5 18 H28.5 L30 31 Z"/>' +
    '<path class="b" d="M12.5 18 V10 H16.5 V13.2 H20.5 V10 H24.5 V13.2 H28.5 V10 H32.5 V18 Z"/>' +
    '<path class="d" d="M16.6 21 H28.4 M15.4 28 H29.6"/>',
  bishop: BASE +
    '<rect class="b" x="14.5" y="31" width="16" height="4" rx="1.5"/>' +
    '<path class="b" d="M16 31 C13.5 25 16 18.5 22.5 12.2 C29 18.5 31.5 25 29 31 Z"/>' +
    '<circle class="b" cx="22.5" cy="9.6" r="2.6"/>' +
    '<path class="d" d="M20 24.5 L26 18.5 M18.5 28 H26.5"/>',
  knight: BASE +
    '<path class="b" d="M14.5 35 C14.5 30 17.5 27.5 20.5 24 C18 24.6 15.6 26 13.6 25.6 C11 25 10.6 22.3 12.6 20.3 ' +
    'C15 18 17.5 15.6 18.8 12.6 L18.2 7.2 L21.8 10.2 L23.6 7.6 L25 11 C30.5 12.6 33.5 18 33 25 C32.7 29.5 31 32 31 35 Z"/>' +
    '<circle class="e" cx="19.6" cy="15.6" r="1.2"/>' +
    '<path class="d" d="M26 13.5 C29.5 17 30.5 22 29.6 27.5"/>',
  queen: BASE +
    '<path class="b" d="M12.8 33 L9.5 15 L15 24.5 L16 11.5 L20 23.5 L22.5 10 L25 23.5 L29 11.5 L30 24.5 L35.5 15 L32.2 33 Z"/>' +
    '<rect class="b" x="12.8" y="30.5" width="19.4" height="4.5" rx="1.5"/>' +
    '<circle class="b" cx="9.5" cy="13.6" r="2.2"/><circle class="b" cx="16" cy="10.2" r="2.2"/>' +
    '<circle class="b" cx="22.5" cy="8.4" r="2.2"/><circle class="b" cx="29" cy="10.2" r="2.2"/>' +
    '<circle class="b" cx="35.5" cy="13.6" r="2.2"/>',
  king: BASE +
    '<path class="b" d="M13.2 32 C8.5 26 10 18.2 16 18.6 C19 18.8 21.5 21.5 22.5 25 C23.5 21.5 26 18.8 29 18.6 ' +
    'C35 18.2 36.5 26 31.8 32 Z"/>' +
    '<path class="b" d="M22.5 25.5 C19.8 21 20 17.5 22.5 14.8 C25 17.5 25.2 21 22.5 25.5 Z"/>' +
    '<rect class="b" x="13" y="30" width="19" height="5" rx="1.5"/>' +
    '<path class="x" d="M22.5 5.5 V14 M19 9 H26"/>'
};

function escapeText(text) {
  return String(text).replace(/[&<>"]/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
}

function disc(letter) {
  const size = letter.length > 1 ? 15 : 21;
  return '<circle class="b" cx="22.5" cy="22.5" r="16.5"/>' +
    '<circle class="d" cx="22.5" cy="22.5" r="13.8" fill="none"/>' +
    '<text x="22.5" y="23" text-anchor="middle" dominant-baseline="central" font-size="' + size + '">' +
    escapeText(letter) + '</text>';
}

// Piece sets (chosen in prefs.js): a set gives a piece's inner markup from
// its glyph and letter. 'drawn' is the set above, 'letters' every piece as
// its letter in a disc; registerPieceSet adds another.
const sets = {
  drawn: (glyph, letter) => glyph && SHAPES[glyph] ? SHAPES[glyph] : disc(String(letter || '?').toUpperCase()),
  letters: (glyph, letter) => disc(String(letter || '?').toUpperCase())
};
let current = 'drawn';
export function registerPieceSet(name, body) { sets[name] = body; }
export function usePieceSet(name) { current = sets[name] ? name : 'drawn'; }

// pieceSvg(color, glyph, letter): the SVG markup of one piece.
export function pieceSvg(color, glyph, letter) {
  const body = sets[current](glyph, letter);
  return '<svg class="pc pc-' + (color === 'black' ? 'black' : 'white') + '" viewBox="0 0 45 45" aria-hidden="true">' +
    body + '</svg>';
}

