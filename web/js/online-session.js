// online-session.js: the live session of one online game: its event
// stream (resumed from the last event seen), the pings that keep the seat
// online, the move waiting for the server's answer and sent again until
// it is answered.  Nothing here touches the page: the session reports to
// its handlers and online-play.js shows what it reports.

import { ApiError, NetworkError, api, gamePath } from './online.js';

/** The contract asks for a ping every 10 s while the page is open. */
const PING_MS = 10000;
/** A move that could not be sent is tried again after 1 s, 2 s, ... up to this. */
const MAX_RETRY_MS = 8000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One game followed live.  handlers: game(game), move({ply, move, clock}),
 * seats(seats), end({result, clock}), drawOffer(side|null, declined by|null), rematch(id|null, by),
 * watchers(count), connection('connecting'|'connected'|'offline'), refused(error, move),
 * error(error), seatLost() (the server does not take the seat's token).
 * seat: {seat, token}, or null to watch.  Nothing is sent while the browser
 * is offline: a move waits for the network to come back.
 */
export class OnlineSession {
  constructor(id, seat, handlers) {
    Object.assign(this, { id, handlers, seat: seat?.seat ?? null, token: seat?.token ?? null });
    this.pending = null; // {ply, move} sent and not yet answered
    this.closed = false;
    this.onVisibility = () => this.visibilityChanged();
    this.onOnline = () => this.reconnect();
    this.onOffline = () => this.disconnect();
  }

  /** pinged: the seat was pinged a moment ago (the first ping waits). */
  start({ pinged = false } = {}) {
    this.openStream();
    document.addEventListener('visibilitychange', this.onVisibility);
    addEventListener('online', this.onOnline);
    addEventListener('offline', this.onOffline);
    this.visibilityChanged(!pinged);
  }

  stop() {
    this.closed = true;
    this.stream?.close();
    clearInterval(this.pinger);
    document.removeEventListener('visibilitychange', this.onVisibility);
    removeEventListener('online', this.onOnline);
    removeEventListener('offline', this.onOffline);
  }

  /** The event stream.  The browser reconnects by itself, sending
   * Last-Event-ID, so nothing is missed; a stream the browser gave up on
   * (an HTTP error) is opened afresh and starts with the whole game. */
  openStream() {
    this.stream?.close();
    const stream = new EventSource(gamePath(this.id, 'events'));
    this.stream = stream;
    this.handlers.connection('connecting');
    stream.onopen = () => this.handlers.connection(navigator.onLine === false ? 'offline' : 'connected');
    stream.onerror = () => {
      this.handlers.connection('offline');
      if (stream.readyState === EventSource.CLOSED && !this.closed) this.retryStream();
    };
    const on = (type, handle) => stream.addEventListener(type, (event) => this.closed || handle(JSON.parse(event.data)));
    on('game', (game) => this.handlers.game(game));
    on('move', (move) => this.handlers.move(move));
    on('seats', (seats) => this.handlers.seats(seats));
    on('end', (end) => this.handlers.end(end));
    on('draw_offer', ({ draw_offer: side, declined_by: declinedBy }) => this.handlers.drawOffer(side, declinedBy ?? null));
    on('rematch', ({ rematch, by }) => this.handlers.rematch(rematch, by));
    on('watchers', ({ watchers }) => this.handlers.watchers(watchers));
  }

  async retryStream() {
    await sleep(3000);
    if (!this.closed && this.stream.readyState === EventSource.CLOSED) this.openStream();
  }

  /** The browser went offline: the stream is closed rather than left to
   * retry into a dead network (coming back online opens a fresh one). */
  disconnect() {
    this.stream?.close();
    this.handlers.connection('offline');
  }

  /** Back online: a fresh stream (its first event the whole game) rather
   * than one that may have died unnoticed, and a waiting move is sent. */
  reconnect() {
    if (this.closed) return;
    this.openStream();
    this.wakeRetry?.();
    this.visibilityChanged();
  }

  // ---- presence: a ping every 10 s while the page is visible ----------------

  visibilityChanged(now = true) {
    clearInterval(this.pinger);
    if (!this.token || document.visibilityState !== 'visible' || this.closed) return;
    if (now) this.ping();
    this.pinger = setInterval(() => this.ping(), PING_MS);
  }

  ping() {
    if (navigator.onLine === false) return; // the next ping, back online
    api.ping(this.id, this.token).catch((error) => {
      // Presence is best effort (the next ping tries again), but a token
      // the server refuses is no seat.
      if (error instanceof ApiError && [401, 403].includes(error.status)) this.seatLost();
    });
  }

  seatLost() {
    if (this.closed) return;
    this.token = null;
    clearInterval(this.pinger);
    this.handlers.seatLost();
  }

  // ---- moves ----------------------------------------------------------------

  /**
   * Sends the move as move number ply + 1 until the server answers it: the
   * same ply and move resent after a lost answer plays nothing twice.
   * Resolves with the game as the server has it after the move; a refusal
   * (stale, illegal, the game over) goes to handlers.refused.
   */
  async sendMove(ply, move) {
    const sent = { ply, move };
    this.pending = sent;
    for (let wait = 1000; !this.closed && this.pending === sent; wait = Math.min(2 * wait, MAX_RETRY_MS)) {
      if (navigator.onLine === false) {
        await this.retryPause(MAX_RETRY_MS); // coming back online cuts it short
        continue;
      }
      try {
        const game = await api.move(this.id, this.token, ply, move);
        if (this.pending === sent) this.pending = null;
        return game;
      } catch (error) {
        if (!retriable(error)) {
          if (this.pending !== sent) return null; // settled meanwhile by the stream
          this.pending = null;
          if (error instanceof ApiError && [401, 403].includes(error.status)) this.seatLost();
          else this.handlers.refused(error, move);
          return null;
        }
        await this.retryPause(error.retryAfter ? error.retryAfter * 1000 : wait);
      }
    }
    return null;
  }

  /** The stream says move number `ply` was played: a move sent for it (or
   * before it) needs no more resending. */
  settled(ply) {
    if (this.pending && this.pending.ply < ply) {
      this.pending = null;
      this.wakeRetry?.();
    }
  }

  /** Waits before a resend; coming back online cuts the wait short. */
  retryPause(ms) {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wakeRetry = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** The seat's other requests: resign, abort, draw (offer, accept,
   * decline), rematch (offer, cancel).  An error goes to handlers.error. */
  async act(what, ...args) {
    try {
      return await api[what](this.id, this.token, ...args);
    } catch (error) {
      if (error instanceof ApiError && [401, 403].includes(error.status)) this.seatLost();
      else this.handlers.error(error);
      return null;
    }
  }
}

/** Worth sending again: the network, a full server (503) or too many requests (429). */
const retriable = (error) => error instanceof NetworkError || (error instanceof ApiError && (error.status === 503 || error.status === 429));
