// board-input.js: the person's hand on the board (board-view.js): pointer
// taps and drags, and the keyboard's cursor (arrow keys, Enter or Space,
// Escape), reported as events in squares.
//
// Events (CustomEvent detail): 'tap' {square, keyboard}, 'dragstart' {square},
// 'drop' {from, to}, 'cancel' {}, 'cursor' {square}, 'hover' {square} (a mouse
// over a new square, or null when it leaves the board).

import { fileOf, rankOf, squareAt } from './squares.js';

const DRAG_THRESHOLD_PX = 6;
const ARROWS = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

export class BoardInput extends EventTarget {
  /** view: the BoardView; draggable(square): may the piece there be dragged now? */
  constructor(view) {
    super();
    this.view = view;
    this.cursor = 'h8';
    this.cursorVisible = false;
    this.pointer = null;
    this.hovered = null;
    this.draggable = () => false;
    view.drawCursor(this.cursor, false);
    this.listen();
  }

  emit(type, detail = {}) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  listen() {
    const svg = this.view.svg;
    const container = this.view.container;
    svg.addEventListener('pointerdown', (event) => this.onPointerDown(event));
    svg.addEventListener('pointermove', (event) => this.onPointerMove(event));
    svg.addEventListener('pointerup', (event) => this.onPointerUp(event));
    svg.addEventListener('pointercancel', () => this.endDrag());
    svg.addEventListener('pointerleave', () => {
      this.hovered = null;
      this.emit('hover', { square: null });
    });
    svg.addEventListener('contextmenu', (event) => event.preventDefault());
    container.addEventListener('keydown', (event) => this.onKey(event));
    container.addEventListener('focus', () => {
      this.showCursor(this.cursorVisible);
      this.emit('cursor', { square: this.cursor }); // says where the cursor is
    });
    container.addEventListener('blur', () => this.view.drawCursor(this.cursor, false));
  }

  onPointerDown(event) {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    const square = this.view.squareAtPoint(event.clientX, event.clientY);
    if (!square) return;
    this.cursorVisible = false;
    this.view.drawCursor(this.cursor, false);
    this.pointer = { id: event.pointerId, square, x: event.clientX, y: event.clientY, dragging: false };
    if (this.draggable(square)) capturePointer(this.view.svg, event.pointerId);
  }

  onPointerMove(event) {
    const p = this.pointer;
    if (event.pointerType === 'mouse' && !p) {
      const square = this.view.squareAtPoint(event.clientX, event.clientY);
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
      this.view.finishAnimation();
      this.emit('dragstart', { square: p.square });
      this.view.lift(p.square);
    }
    this.view.dragTo(event.clientX, event.clientY);
  }

  onPointerUp(event) {
    const p = this.pointer;
    if (!p || p.id !== event.pointerId) return;
    this.pointer = null;
    if (p.dragging) {
      const to = this.view.squareAtPoint(event.clientX, event.clientY);
      this.view.drop(to !== p.square ? to : null);
      this.emit('drop', { from: p.square, to });
    } else {
      this.emit('tap', { square: p.square, keyboard: false });
    }
  }

  endDrag() {
    this.view.drop();
    this.pointer = null;
  }

  onKey(event) {
    if (ARROWS[event.key]) {
      event.preventDefault();
      let [df, dr] = ARROWS[event.key];
      if (this.view.flipped) [df, dr] = [-df, -dr];
      const file = Math.min(15, Math.max(0, fileOf(this.cursor) + df));
      const rank = Math.min(15, Math.max(0, rankOf(this.cursor) + dr));
      this.cursor = squareAt(file, rank);
      this.showCursor(true);
      this.emit('cursor', { square: this.cursor });
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      this.showCursor(true);
      this.emit('tap', { square: this.cursor, keyboard: true });
    } else if (event.key === 'Escape') {
      this.emit('cancel');
    }
  }

  showCursor(visible) {
    this.cursorVisible = visible;
    this.view.drawCursor(this.cursor, visible && document.activeElement === this.view.container);
  }
}

function capturePointer(svg, pointerId) {
  try {
    svg.setPointerCapture(pointerId);
  } catch {
    // The pointer may already be gone (a very short tap): nothing to capture.
  }
}
