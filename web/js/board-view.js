// board-view.js: the 16x16 board as SVG.  It draws what it is told (pieces,
// camps, the last move, a hint, the squares a picked-up piece can reach, a
// piece being dragged, the keyboard's cursor) and animates moves; it knows
// nothing of the rules, and the person's hand on it is board-input.js's.
//
// Test hooks: each square is <rect data-square="e5">, with data-piece="w" or
// "b" (three or four players: "r", "y" too) while a piece stands on it.

import { campSquares, fileOf, isStep, rankOf, squareAt } from './squares.js';

const SVG = 'http://www.w3.org/2000/svg';
const FILES = 'abcdefghijklmnop';
const CELL = 10;

function element(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

/** A piece's body; its colours are the theme's (app.css, .stop-n). */
function gradient(defs, id) {
  const g = element('radialGradient', { id, cx: '38%', cy: '32%', r: '70%' }, defs);
  element('stop', { offset: '0%', class: 'stop-1' }, g);
  element('stop', { offset: '45%', class: 'stop-2' }, g);
  element('stop', { offset: '100%', class: 'stop-3' }, g);
}

/** The camps' outlines: along every side of a camp square that faces a
 * square outside the camp. */
function drawCampOutlines(view) {
  view.campLayer.replaceChildren();
  const up = view.flipped ? -1 : 1;
  for (const [side, camp] of Object.entries(view.camps)) {
    const inside = (f, r) => f < 0 || f > 15 || r < 0 || r > 15 || camp.has(squareAt(f, r));
    let d = '';
    for (const square of camp) {
      const [file, rank, x, y] = [fileOf(square), rankOf(square), view.x(square), view.y(square)];
      if (!inside(file, rank + up)) d += `M${x} ${y}h${CELL}`;
      if (!inside(file, rank - up)) d += `M${x} ${y + CELL}h${CELL}`;
      if (!inside(file - up, rank)) d += `M${x} ${y}v${CELL}`;
      if (!inside(file + up, rank)) d += `M${x + CELL} ${y}v${CELL}`;
    }
    element('path', { d, class: `camp-outline camp-outline-${side}` }, view.campLayer);
  }
}

/** The files' letters under the board and the ranks' numbers beside it. */
function drawCoordinates(view) {
  view.coordsLayer.replaceChildren();
  for (let i = 0; i < 16; i++) {
    element('text', { x: view.x(squareAt(i, 0)) + CELL / 2, y: 164.5 }, view.coordsLayer).textContent = FILES[i];
    element('text', { x: -3.6, y: view.y(squareAt(0, i)) + CELL / 2 + 1.3 }, view.coordsLayer).textContent = String(i + 1);
  }
}

const easeInOut = (t) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

export class BoardView {
  constructor(container) {
    this.container = container;
    this.flipped = false;
    this.variant = 19;
    this.animation = null;
    this.pieces = new Map();
    this.build();
  }

  // ---- geometry ----------------------------------------------------------

  x(square) {
    const file = fileOf(square);
    return (this.flipped ? 15 - file : file) * CELL;
  }

  y(square) {
    const rank = rankOf(square);
    return (this.flipped ? rank : 15 - rank) * CELL;
  }

  center(square) {
    return [this.x(square) + CELL / 2, this.y(square) + CELL / 2];
  }

  /** A point of the page in the board's own units, or null. */
  boardPoint(clientX, clientY) {
    const matrix = this.svg.getScreenCTM();
    return matrix ? new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse()) : null;
  }

  /** The square under a point of the page, or null. */
  squareAtPoint(clientX, clientY) {
    const point = this.boardPoint(clientX, clientY);
    if (!point) return null;
    let file = Math.floor(point.x / CELL);
    const row = Math.floor(point.y / CELL);
    if (file < 0 || file > 15 || row < 0 || row > 15) return null;
    if (this.flipped) file = 15 - file;
    return squareAt(file, this.flipped ? row : 15 - row);
  }

  // ---- building ----------------------------------------------------------

  build() {
    const svg = element('svg', { viewBox: '-7 -3 170 170', class: 'board-svg', 'aria-hidden': 'true' });
    this.svg = svg;
    const defs = element('defs', {}, svg);
    for (const side of ['w', 'b', 'r', 'y']) gradient(defs, `piece-${side}`);
    const squaresLayer = element('g', { class: 'squares' }, svg);
    this.squares = new Map();
    for (let rank = 0; rank < 16; rank++) {
      for (let file = 0; file < 16; file++) {
        const name = squareAt(file, rank);
        const attributes = { 'data-square': name, width: CELL, height: CELL, class: `sq ${(file + rank) % 2 ? 'light' : 'dark'}` };
        this.squares.set(name, element('rect', attributes, squaresLayer));
      }
    }
    this.campLayer = element('g', { class: 'camps' }, svg);
    this.coordsLayer = element('g', { class: 'coords' }, svg);
    element('rect', { class: 'frame', x: 0, y: 0, width: 160, height: 160 }, svg);
    this.lastLayer = element('g', { class: 'last-move' }, svg);
    this.hintLayer = element('g', { class: 'hint' }, svg);
    this.previewLayer = element('g', { class: 'preview' }, svg);
    this.chainLayer = element('g', { class: 'chain' }, svg);
    this.markersLayer = element('g', { class: 'markers' }, svg);
    this.piecesLayer = element('g', { class: 'pieces' }, svg);
    this.overlayLayer = element('g', { class: 'overlay' }, svg);
    this.cursorRect = element('rect', { class: 'cursor', width: CELL - 1, height: CELL - 1, rx: 1.2 }, svg);
    this.container.replaceChildren(svg);
  }

  /** Sets the variant (which camps are marked), the orientation and the
   * seats whose camps are drawn: White's and Black's, or for three and four
   * players all four corners, each in its seat's colour. */
  setup({ variant, flipped, many = false }) {
    this.variant = variant;
    this.flipped = flipped;
    const sides = many ? ['w', 'r', 'b', 'y'] : ['w', 'b'];
    this.camps = Object.fromEntries(sides.map((side) => [side, campSquares(side, variant)]));
    this.container.classList.toggle('many', many);
    for (const [name, rect] of this.squares) {
      rect.setAttribute('x', this.x(name));
      rect.setAttribute('y', this.y(name));
      for (const side of ['w', 'r', 'b', 'y']) rect.classList.toggle(`camp-${side}`, !!this.camps[side]?.has(name));
    }
    drawCampOutlines(this);
    drawCoordinates(this);
    if (this.cursor) this.drawCursor(this.cursor, this.cursorRect.classList.contains('visible'));
  }

  // ---- drawing -----------------------------------------------------------

  /**
   * Draws a position and what goes with it:
   *   pieces: Map square -> 'w' | 'b'
   *   lastMove, hint: arrays of squares (a path) or null
   *   selection: {chain: [squares], targets: Map square -> flags} or null
   *   flags: {END, STEP, HOP, REPEATS, STOP} bit values
   */
  render({ pieces, lastMove = null, hint = null, selection = null, flags = {} }) {
    this.pieces = pieces;
    if (this.dragged?.placed) this.drop(); // put down: the position drawn now says where it went
    for (const [name, rect] of this.squares) {
      const piece = pieces.get(name);
      if (piece) rect.setAttribute('data-piece', piece);
      else rect.removeAttribute('data-piece');
      rect.classList.toggle('last-from', !!lastMove && lastMove[0] === name);
      rect.classList.toggle('last-to', !!lastMove && lastMove.at(-1) === name);
    }
    this.drawPieces(pieces, selection);
    this.drawPath(this.lastLayer, lastMove, 'last');
    this.drawHint(hint);
    this.drawMarkers(selection, flags);
    this.showPreview(null);
  }

  drawPieces(pieces, selection) {
    this.piecesLayer.replaceChildren();
    const origin = selection?.chain[0];
    for (const [square, side] of pieces) {
      const [cx, cy] = this.center(square);
      const classes = ['piece', `piece-${side}`];
      if (square === origin) classes.push('selected');
      if (this.dragged?.square === square) classes.push('lifted');
      element('circle', { cx, cy, r: 3.9, class: classes.join(' '), 'data-on': square }, this.piecesLayer);
    }
  }

  drawPath(layer, path, kind) {
    layer.replaceChildren();
    if (!path || path.length < 2) return;
    const points = path.map((s) => this.center(s).join(',')).join(' ');
    element('polyline', { points, class: `path path-${kind}` }, layer);
    for (const square of path.slice(1, -1)) {
      const [cx, cy] = this.center(square);
      element('circle', { cx, cy, r: 1.1, class: `path-dot path-${kind}-dot` }, layer);
    }
    const [cx, cy] = this.center(path.at(-1));
    element('circle', { cx, cy, r: kind === 'hint' ? 4.4 : 1.4, class: `path-end path-${kind}-end` }, layer);
  }

  /** A hint is seen at a glance, even a one-square step: both its squares
   * are filled in the hint colour, with its path drawn over them. */
  drawHint(path) {
    this.drawPath(this.hintLayer, path, 'hint');
    if (!path || path.length < 2) return;
    // Under the path and the pieces: the two squares filled.
    const squares = [path[0], path.at(-1)].map((square, i) =>
      element('rect', { x: this.x(square), y: this.y(square), width: CELL, height: CELL, 'data-on': square, class: `hint-square ${i ? 'hint-to' : 'hint-from'}` }),
    );
    this.hintLayer.prepend(...squares);
  }

  /** Shows the path a move would take (the square under the pointer or
   * the cursor), or nothing. */
  showPreview(path) {
    this.drawPath(this.previewLayer, path, 'preview');
  }

  drawMarkers(selection, flags) {
    this.markersLayer.replaceChildren();
    this.chainLayer.replaceChildren();
    if (!selection) return;
    const { chain, targets } = selection;
    if (chain.length > 1) {
      const points = chain.map((s) => this.center(s).join(',')).join(' ');
      element('polyline', { points, class: 'path path-chain' }, this.chainLayer);
      const [gx, gy] = this.center(chain[0]);
      element('circle', { cx: gx, cy: gy, r: 3.9, class: 'ghost' }, this.chainLayer);
    }
    for (const [square, bits] of targets) {
      const [cx, cy] = this.center(square);
      const repeats = bits & flags.REPEATS ? ' repeats' : '';
      if (bits & flags.STOP) {
        element('circle', { cx, cy, r: 4.7, class: `marker stop${repeats}` }, this.markersLayer);
        continue;
      }
      if (bits & flags.HOP) element('circle', { cx, cy, r: 3.6, class: `marker hop${repeats}` }, this.markersLayer);
      if (bits & flags.END) {
        const kind = bits & flags.STEP ? 'step' : 'jump';
        element('circle', { cx, cy, r: bits & flags.HOP ? 1.5 : 2.1, class: `marker target ${kind}${repeats}` }, this.markersLayer);
      }
      if (repeats) element('text', { x: cx, y: cy - 2.4, class: 'repeat-mark' }, this.markersLayer).textContent = '!';
    }
  }

  // ---- a piece in the hand, the cursor --------------------------------------

  /** Lifts the piece on `square` into the hand (a drag): it follows dragTo. */
  lift(square) {
    this.drop();
    this.piecesLayer.querySelector(`[data-on="${square}"]`)?.classList.add('lifted');
    const floating = element('circle', { cx: 0, cy: 0, r: 4.4, class: `piece piece-${this.pieces.get(square)} dragged` }, this.overlayLayer);
    this.dragged = { square, floating };
  }

  dragTo(clientX, clientY) {
    const point = this.boardPoint(clientX, clientY);
    if (this.dragged && point) this.dragged.floating.setAttribute('transform', `translate(${point.x} ${point.y})`);
  }

  /** Puts the piece in the hand down on `square` (a drop on the board):
   * it stays there until the next render says where it went; with no
   * square, back where it came from at once. */
  drop(square = null) {
    if (square && this.dragged) {
      const [x, y] = this.center(square);
      this.dragged.floating.setAttribute('transform', `translate(${x} ${y})`);
      this.dragged.placed = true;
      return;
    }
    this.dragged?.floating.remove();
    this.dragged = null;
    this.piecesLayer.querySelector('.lifted')?.classList.remove('lifted');
  }

  drawCursor(square, visible) {
    this.cursor = square;
    this.cursorRect.setAttribute('x', this.x(square) + 0.5);
    this.cursorRect.setAttribute('y', this.y(square) + 0.5);
    this.cursorRect.classList.toggle('visible', visible);
  }

  // ---- animation ---------------------------------------------------------

  get animating() {
    return this.animation !== null;
  }

  /**
   * Moves a piece of `side` along `path`, hop by hop, over the position
   * drawn now (the piece on path[0] is hidden meanwhile).  Resolves when done
   * or when finishAnimation() cuts it short.
   */
  animate(path, side, { reduced = false, speed = 1 } = {}) {
    this.finishAnimation();
    if (speed === 0) return Promise.resolve();
    this.piecesLayer.querySelector(`[data-on="${path[0]}"]`)?.classList.add('lifted');
    const floating = element('circle', { cx: 0, cy: 0, r: 3.9, class: `piece piece-${side} moving` }, this.overlayLayer);
    const segments = path.slice(1).map((to, i) => {
      const step = isStep(path[i], to);
      return { from: this.center(path[i]), to: this.center(to), step, ms: reduced ? 40 : (step ? 170 : 230) * speed };
    });
    const total = segments.reduce((sum, s) => sum + s.ms, 0);
    return new Promise((resolve) => {
      const started = performance.now();
      const done = () => {
        floating.remove();
        this.animation = null;
        this.container.classList.remove('animating');
        resolve();
      };
      const frame = (now) => {
        if (!this.animation) return;
        let elapsed = this.animation.finish ? total : now - started;
        if (elapsed >= total) return done();
        let index = 0;
        while (elapsed > segments[index].ms) elapsed -= segments[index++].ms;
        const { from, to, step, ms } = segments[index];
        const t = easeInOut(elapsed / ms);
        const lift = step ? 1 : 1 + 0.22 * Math.sin(Math.PI * t);
        const x = from[0] + (to[0] - from[0]) * t;
        const y = from[1] + (to[1] - from[1]) * t;
        floating.setAttribute('transform', `translate(${x} ${y}) scale(${lift})`);
        this.animation.raf = requestAnimationFrame(frame);
      };
      this.animation = { finish: false, done, raf: requestAnimationFrame(frame) };
      this.container.classList.add('animating');
      floating.setAttribute('transform', `translate(${segments[0].from[0]} ${segments[0].from[1]})`);
    });
  }

  /** A move's journey: its piece crosses `squares` (none or one: it stands
   * where it ends already) over the pieces drawn before it. */
  async travel({ before, squares }, side, motion) {
    if (squares.length < 2) return;
    this.render({ pieces: before, lastMove: null });
    await this.animate(squares, side, motion);
  }

  /** Ends a running animation at once. */
  finishAnimation() {
    if (!this.animation) return;
    cancelAnimationFrame(this.animation.raf);
    this.animation.done();
  }
}
