// board-view.js: the 16x16 board as SVG.  It draws what it is told (pieces,
// camps, the last move, a hint, the squares a picked-up piece can reach) and
// reports what the player does with pointer or keyboard as events; it knows
// nothing of the rules.
//
// Events (CustomEvent detail): 'tap' {square, keyboard}, 'dragstart' {square},
// 'drop' {from, to}, 'cancel' {}, 'cursor' {square}, 'hover' {square} (a mouse
// over a new square, or null when it leaves the board).
//
// Test hooks: each square is <rect data-square="e5">, with data-piece="w" or
// "b" while a piece stands on it.

const SVG = 'http://www.w3.org/2000/svg';
const FILES = 'abcdefghijklmnop';
const CELL = 10;
const DRAG_THRESHOLD_PX = 6;
/** Animation speeds the person can choose: how long a move takes against
 * the normal speed (none: the piece is simply there). */
export const ANIMATION_SPEEDS = Object.freeze({ slow: 1.6, normal: 1, fast: 0.5, none: 0 });

/** (4, 4) -> "e5": file and rank counted from 0. */
export const squareAt = (file, rank) => FILES[file] + (rank + 1);
export const fileOf = (square) => FILES.indexOf(square[0]);
export const rankOf = (square) => Number(square.slice(1)) - 1;

function element(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

/** The squares of a camp (RULES.md): 'w' bottom-right, 'b' top-left. */
export function campSquares(side, variant) {
  const size = variant === 13 ? 4 : 5;
  const squares = new Set();
  for (let dy = 0; dy <= size; dy++) {
    for (let dx = 0; dx + dy <= size; dx++) {
      if ((dx === size && dy === 0) || (dx === 0 && dy === size)) continue;
      squares.add(side === 'w' ? squareAt(15 - dx, dy) : squareAt(dx, 15 - dy));
    }
  }
  return squares;
}

const easeInOut = (t) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

export class BoardView extends EventTarget {
  constructor(container) {
    super();
    this.container = container;
    this.flipped = false;
    this.variant = 19;
    this.cursor = 'h8';
    this.cursorVisible = false;
    this.animation = null;
    this.pointer = null;
    this.draggable = () => false;
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

  /** The square under a point of the page, or null. */
  squareAtPoint(clientX, clientY) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return null;
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    let file = Math.floor(point.x / CELL);
    let row = Math.floor(point.y / CELL);
    if (file < 0 || file > 15 || row < 0 || row > 15) return null;
    if (this.flipped) file = 15 - file;
    const rank = this.flipped ? row : 15 - row;
    return squareAt(file, rank);
  }

  // ---- building ----------------------------------------------------------

  build() {
    const svg = element('svg', { viewBox: '-7 -3 170 170', class: 'board-svg', 'aria-hidden': 'true' });
    this.svg = svg;
    const defs = element('defs', {}, svg);
    this.gradient(defs, 'piece-w');
    this.gradient(defs, 'piece-b');
    this.squaresLayer = element('g', { class: 'squares' }, svg);
    this.squares = new Map();
    for (let rank = 0; rank < 16; rank++) {
      for (let file = 0; file < 16; file++) {
        const name = squareAt(file, rank);
        const rect = element('rect', {
          'data-square': name,
          width: CELL,
          height: CELL,
          class: `sq ${(file + rank) % 2 ? 'light' : 'dark'}`,
        }, this.squaresLayer);
        this.squares.set(name, rect);
      }
    }
    this.campLayer = element('g', { class: 'camps' }, svg);
    this.coordsLayer = element('g', { class: 'coords' }, svg);
    element('rect', { class: 'frame', x: 0, y: 0, width: 160, height: 160 }, svg);
    this.lastLayer = element('g', { class: 'last-move' }, svg);
    this.hintLayer = element('g', { class: 'hint' }, svg);
    this.previewLayer = element('g', { class: 'preview' }, svg);
    this.chainLayer = element('g', { class: 'chain' }, svg);
    this.markerLayer = element('g', { class: 'markers' }, svg);
    this.pieceLayer = element('g', { class: 'pieces' }, svg);
    this.overlay = element('g', { class: 'overlay' }, svg);
    this.cursorRect = element('rect', { class: 'cursor', width: CELL - 1, height: CELL - 1, rx: 1.2 }, svg);
    this.container.replaceChildren(svg);
    this.listen();
  }

  /** A piece's body; its colours are the theme's (app.css, .stop-n). */
  gradient(defs, id) {
    const g = element('radialGradient', { id, cx: '38%', cy: '32%', r: '70%' }, defs);
    element('stop', { offset: '0%', class: 'stop-1' }, g);
    element('stop', { offset: '45%', class: 'stop-2' }, g);
    element('stop', { offset: '100%', class: 'stop-3' }, g);
  }

  /** Sets the variant (which camps are marked) and the orientation. */
  setup({ variant, flipped }) {
    this.variant = variant;
    this.flipped = flipped;
    this.camps = { w: campSquares('w', variant), b: campSquares('b', variant) };
    for (const [name, rect] of this.squares) {
      rect.setAttribute('x', this.x(name));
      rect.setAttribute('y', this.y(name));
      rect.classList.toggle('camp-w', this.camps.w.has(name));
      rect.classList.toggle('camp-b', this.camps.b.has(name));
    }
    this.drawCampOutlines();
    this.drawCoordinates();
    this.moveCursor(this.cursor, false);
  }

  drawCampOutlines() {
    this.campLayer.replaceChildren();
    for (const side of ['w', 'b']) {
      const camp = this.camps[side];
      let d = '';
      for (const square of camp) {
        const file = fileOf(square);
        const rank = rankOf(square);
        const x = this.x(square);
        const y = this.y(square);
        // The outline runs between a camp square and a neighbour outside it.
        const up = this.flipped ? -1 : 1;
        const right = this.flipped ? -1 : 1;
        const inside = (f, r) => f < 0 || f > 15 || r < 0 || r > 15 || camp.has(squareAt(f, r));
        if (!inside(file, rank + up)) d += `M${x} ${y}h${CELL}`;
        if (!inside(file, rank - up)) d += `M${x} ${y + CELL}h${CELL}`;
        if (!inside(file - right, rank)) d += `M${x} ${y}v${CELL}`;
        if (!inside(file + right, rank)) d += `M${x + CELL} ${y}v${CELL}`;
      }
      element('path', { d, class: `camp-outline camp-outline-${side}` }, this.campLayer);
    }
  }

  drawCoordinates() {
    this.coordsLayer.replaceChildren();
    for (let i = 0; i < 16; i++) {
      const file = element('text', { x: this.x(squareAt(i, 0)) + CELL / 2, y: 164.5 }, this.coordsLayer);
      file.textContent = FILES[i];
      const rank = element('text', { x: -3.6, y: this.y(squareAt(0, i)) + CELL / 2 + 1.3 }, this.coordsLayer);
      rank.textContent = String(i + 1);
    }
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
    for (const [name, rect] of this.squares) {
      const piece = pieces.get(name);
      if (piece) rect.setAttribute('data-piece', piece);
      else rect.removeAttribute('data-piece');
      rect.classList.toggle('last-from', !!lastMove && lastMove[0] === name);
      rect.classList.toggle('last-to', !!lastMove && lastMove[lastMove.length - 1] === name);
    }
    this.drawPieces(pieces, selection);
    this.drawPath(this.lastLayer, lastMove, 'last');
    this.drawHint(hint);
    this.drawMarkers(selection, flags);
    this.showPreview(null);
  }

  drawPieces(pieces, selection) {
    this.pieceLayer.replaceChildren();
    const origin = selection?.chain[0];
    for (const [square, side] of pieces) {
      const [cx, cy] = this.center(square);
      const classes = ['piece', `piece-${side}`];
      if (square === origin) classes.push('selected');
      if (this.hidden === square) classes.push('lifted');
      element('circle', { cx, cy, r: 3.9, class: classes.join(' '), 'data-on': square }, this.pieceLayer);
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
    const [cx, cy] = this.center(path[path.length - 1]);
    element('circle', { cx, cy, r: kind === 'hint' ? 4.4 : 1.4, class: `path-end path-${kind}-end` }, layer);
  }

  /** A hint is seen at a glance, even a one-square step: both its squares
   * are filled in the hint colour, with its path drawn over them. */
  drawHint(path) {
    this.drawPath(this.hintLayer, path, 'hint');
    if (!path || path.length < 2) return;
    // Under the path and the pieces: the two squares filled.
    const squares = [path[0], path[path.length - 1]].map((square, i) =>
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
    this.markerLayer.replaceChildren();
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
        element('circle', { cx, cy, r: 4.7, class: `marker stop${repeats}` }, this.markerLayer);
        continue;
      }
      if (bits & flags.HOP) element('circle', { cx, cy, r: 3.6, class: `marker hop${repeats}` }, this.markerLayer);
      if (bits & flags.END) {
        const kind = bits & flags.STEP ? 'step' : 'jump';
        element('circle', { cx, cy, r: bits & flags.HOP ? 1.5 : 2.1, class: `marker target ${kind}${repeats}` }, this.markerLayer);
      }
      if (repeats) {
        const mark = element('text', { x: cx, y: cy - 2.4, class: 'repeat-mark' }, this.markerLayer);
        mark.textContent = '!';
      }
    }
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
    const piece = this.pieceLayer.querySelector(`[data-on="${path[0]}"]`);
    if (piece) piece.classList.add('lifted');
    const floating = element('circle', { cx: 0, cy: 0, r: 3.9, class: `piece piece-${side} moving` }, this.overlay);
    const segments = [];
    for (let i = 1; i < path.length; i++) {
      const step = Math.max(Math.abs(fileOf(path[i]) - fileOf(path[i - 1])), Math.abs(rankOf(path[i]) - rankOf(path[i - 1]))) === 1;
      segments.push({ from: this.center(path[i - 1]), to: this.center(path[i]), step, ms: reduced ? 40 : (step ? 170 : 230) * speed });
    }
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

  /** Ends a running animation at once. */
  finishAnimation() {
    if (!this.animation) return;
    cancelAnimationFrame(this.animation.raf);
    this.animation.done();
  }

  // ---- input -------------------------------------------------------------

  emit(type, detail = {}) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  listen() {
    const svg = this.svg;
    svg.addEventListener('pointerdown', (event) => this.onPointerDown(event));
    svg.addEventListener('pointermove', (event) => this.onPointerMove(event));
    svg.addEventListener('pointerup', (event) => this.onPointerUp(event));
    svg.addEventListener('pointercancel', () => this.endDrag());
    svg.addEventListener('pointerleave', () => {
      this.hovered = null;
      this.emit('hover', { square: null });
    });
    svg.addEventListener('contextmenu', (event) => event.preventDefault());
    this.container.addEventListener('keydown', (event) => this.onKey(event));
    this.container.addEventListener('focus', () => {
      this.showCursor(this.cursorVisible);
      this.emit('cursor', { square: this.cursor }); // says where the cursor is
    });
    this.container.addEventListener('blur', () => this.cursorRect.classList.remove('visible'));
  }

  onPointerDown(event) {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    const square = this.squareAtPoint(event.clientX, event.clientY);
    if (!square) return;
    this.cursorVisible = false;
    this.cursorRect.classList.remove('visible');
    this.pointer = { id: event.pointerId, square, x: event.clientX, y: event.clientY, dragging: false };
    if (this.draggable(square)) capturePointer(this.svg, event.pointerId);
  }

  onPointerMove(event) {
    const p = this.pointer;
    if (event.pointerType === 'mouse' && !p) {
      const square = this.squareAtPoint(event.clientX, event.clientY);
      if (square !== this.hovered) {
        this.hovered = square;
        this.emit('hover', { square });
      }
    }
    if (!p || p.id !== event.pointerId) return;
    if (!p.dragging) {
      if (Math.hypot(event.clientX - p.x, event.clientY - p.y) < DRAG_THRESHOLD_PX) return;
      if (!this.draggable(p.square)) return;
      p.dragging = true;
      this.finishAnimation();
      this.emit('dragstart', { square: p.square });
      const piece = this.pieceLayer.querySelector(`[data-on="${p.square}"]`);
      if (piece) piece.classList.add('lifted');
      this.hidden = p.square;
      p.floating = element('circle', { cx: 0, cy: 0, r: 4.4, class: `piece piece-${this.pieces.get(p.square)} dragged` }, this.overlay);
    }
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    p.floating.setAttribute('transform', `translate(${point.x} ${point.y})`);
  }

  onPointerUp(event) {
    const p = this.pointer;
    if (!p || p.id !== event.pointerId) return;
    this.pointer = null;
    if (p.dragging) {
      const to = this.squareAtPoint(event.clientX, event.clientY);
      this.endDrag(p);
      this.emit('drop', { from: p.square, to });
    } else {
      this.emit('tap', { square: p.square, keyboard: false });
    }
  }

  endDrag(p = this.pointer) {
    if (p?.floating) p.floating.remove();
    this.hidden = null;
    this.pieceLayer.querySelector('.lifted')?.classList.remove('lifted');
    if (p === this.pointer) this.pointer = null;
  }

  onKey(event) {
    const moves = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (moves[event.key]) {
      event.preventDefault();
      let [df, dr] = moves[event.key];
      if (this.flipped) [df, dr] = [-df, -dr];
      const file = Math.min(15, Math.max(0, fileOf(this.cursor) + df));
      const rank = Math.min(15, Math.max(0, rankOf(this.cursor) + dr));
      this.moveCursor(squareAt(file, rank), true);
      this.emit('cursor', { square: this.cursor });
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      this.showCursor(true);
      this.emit('tap', { square: this.cursor, keyboard: true });
    } else if (event.key === 'Escape') {
      this.emit('cancel');
    }
  }

  moveCursor(square, show) {
    this.cursor = square;
    this.cursorRect.setAttribute('x', this.x(square) + 0.5);
    this.cursorRect.setAttribute('y', this.y(square) + 0.5);
    if (show) this.showCursor(true);
  }

  showCursor(visible) {
    this.cursorVisible = visible;
    this.cursorRect.classList.toggle('visible', visible && document.activeElement === this.container);
  }
}

function capturePointer(svg, pointerId) {
  try {
    svg.setPointerCapture(pointerId);
  } catch {
    // The pointer may already be gone (a very short tap): nothing to capture.
  }
}
