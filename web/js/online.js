// online.js: the client of `halma serve`'s online API (docs/ONLINE-API.md):
// the requests, the seats kept on this device, the links sent to a friend
// and the live session of one game (its event stream, the pings that keep
// the seat online, the move waiting for the server's answer).
//
// Nothing here touches the page: the session reports to its handlers and
// online-play.js shows what it reports.

const API = '/api/v1/games';
const SEATS_KEY = 'halma.online.v1';
/** The name the person gave, sent with each game they create or join. */
const NAME_KEY = 'halma.name.v1';
/** Seats kept on this device at most (the oldest are forgotten first). */
const MAX_SEATS = 50;
/** The contract asks for a ping every 10 s while the page is open. */
const PING_MS = 10000;
/** A move that could not be sent is tried again after 1 s, 2 s, ... up to this. */
const MAX_RETRY_MS = 8000;
const ID = /^[A-Za-z0-9_-]{8,64}$/;

/** The network failed: nothing is known about what the server did. */
export class NetworkError extends Error {}

/** The server answered with an error: {status, code, message, body}. */
export class ApiError extends Error {
  constructor(status, code, message, body = {}, retryAfter = 0) {
    super(message || code);
    Object.assign(this, { status, code, body, retryAfter });
  }
}

async function call(method, path, { body, token } = {}) {
  const headers = { Accept: 'application/json' };
  if (method === 'POST') headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, cache: 'no-store', body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined });
  } catch (error) {
    throw new NetworkError(error.message);
  }
  if (response.status === 204) return null;
  // A static host answers with its own page (or nothing): not the API.
  const json = (response.headers.get('Content-Type') ?? '').startsWith('application/json');
  const data = json ? await response.json().catch(() => null) : null;
  if (!data) throw new ApiError(response.status, 'no_api', `HTTP ${response.status}`);
  if (!response.ok) throw new ApiError(response.status, data.error, data.message, data, Number(response.headers.get('Retry-After')) || 0);
  return data;
}

const gamePath = (id, what = '') => `${API}/${encodeURIComponent(id)}${what ? `/${what}` : ''}`;

export const api = {
  create: (settings) => call('POST', API, { body: settings }),
  /** body: {invite}, or {from: old id} with the old game's token (a rematch). */
  join: (id, body, token = null) => call('POST', gamePath(id, 'join'), { body, token }),
  game: (id) => call('GET', gamePath(id)),
  move: (id, token, ply, move) => call('POST', gamePath(id, 'moves'), { token, body: { ply, move } }),
  resign: (id, token) => call('POST', gamePath(id, 'resign'), { token }),
  draw: (id, token, action) => call('POST', gamePath(id, 'draw'), { token, body: { action } }),
  /** action: 'offer', or 'cancel' (the asker withdraws it). */
  rematch: (id, token, action = 'offer') => call('POST', gamePath(id, 'rematch'), { token, body: { action } }),
  /** Ends, with no winner, a game some seat has not made its first move in. */
  abort: (id, token) => call('POST', gamePath(id, 'abort'), { token }),
  ping: (id, token) => call('POST', gamePath(id, 'ping'), { token }),
  /** The open games waiting for players: {games: [...]}, newest first. */
  lobby: () => call('GET', '/api/v1/lobby'),
};

/** The lobby's live events (event: open, the game; event: closed, {id}). */
export const LOBBY_EVENTS = '/api/v1/lobby/events';

/** The page's server is not `halma serve` (a static host answered). */
export const noApi = (error) => error instanceof ApiError && error.code === 'no_api';

/** An error of the API as a text of the page's languages: [key, params]. */
export function errorText(error) {
  if (error instanceof NetworkError) return ['online.error.network'];
  if (!(error instanceof ApiError)) return ['error.unexpected'];
  if (noApi(error)) return ['online.needsServer'];
  if (error.status === 404) return ['online.error.notFound'];
  if (error.code === 'bad_name') return ['online.error.badName', { message: error.message }];
  if (error.code === 'too_late') return ['online.error.tooLate'];
  if (error.status === 429) return ['online.error.busy'];
  if (error.status === 503) return ['online.error.unavailable'];
  return ['online.error.other', { message: error.message }];
}

// ---- links ------------------------------------------------------------------
// The game and the invite travel in the fragment, which a browser never sends
// to a server (docs/DECISIONS.md, "The online page"): #game=ID&invite=INVITE
// seats a friend, #game=ID alone returns a player to their seat or watches.

export function gameLink(id, invite = null) {
  const fragment = new URLSearchParams({ game: id });
  if (invite) fragment.set('invite', invite);
  return `${location.origin}${location.pathname}#${fragment}`;
}

/** {id, invite} from a fragment, or null when it names no game. */
export function parseLink(hash) {
  const fields = new URLSearchParams(String(hash).replace(/^#/, ''));
  const id = fields.get('game');
  const invite = fields.get('invite');
  if (!id || !ID.test(id)) return null;
  return { id, invite: invite && ID.test(invite) ? invite : null };
}

// ---- the seats kept on this device --------------------------------------------
// {id: {seat, token, at}} in localStorage: the link alone brings a player
// back to their seat, and a token never goes into a URL.

function readSeats() {
  try {
    const seats = JSON.parse(localStorage.getItem(SEATS_KEY) ?? '{}');
    return seats && typeof seats === 'object' && !Array.isArray(seats) ? seats : {};
  } catch {
    return {};
  }
}

const SEAT_LETTERS = ['w', 'b', 'r', 'y'];

/** {seat, token, invite, invites} held on this device for a game, or null;
 * the invites only for its creator, so that a reload still shows the
 * links: invite the one of two players, invites {seat: invite} of three
 * or four. */
export function seatFor(id) {
  const entry = readSeats()[id];
  if (!entry || !SEAT_LETTERS.includes(entry.seat) || typeof entry.token !== 'string') return null;
  const invites = entry.invites && typeof entry.invites === 'object' ? Object.fromEntries(Object.entries(entry.invites).filter(([seat, invite]) => SEAT_LETTERS.includes(seat) && typeof invite === 'string')) : null;
  return { seat: entry.seat, token: entry.token, invite: typeof entry.invite === 'string' ? entry.invite : null, invites };
}

/** The games this device holds a seat in, newest first: [{id, seat, at}]. */
export function keptSeats() {
  return Object.entries(readSeats())
    .filter(([id, entry]) => ID.test(id) && seatFor(id))
    .map(([id, entry]) => ({ id, seat: entry.seat, at: Number(entry.at) || 0 }))
    .sort((a, b) => b.at - a.at);
}

/** Forgets a seat whose token the server does not know. */
export function forgetSeat(id) {
  const seats = readSeats();
  delete seats[id];
  write(seats);
}

/** invite: the friend's of two players; invites: {seat: invite} of three or four. */
export function keepSeat(id, seat, token, invite = null, invites = null) {
  const seats = { ...readSeats(), [id]: { seat, token, invite, ...(invites ? { invites } : {}), at: Date.now() } };
  const newest = Object.entries(seats).sort(([, a], [, b]) => (b.at ?? 0) - (a.at ?? 0)).slice(0, MAX_SEATS);
  write(Object.fromEntries(newest));
}

function write(seats) {
  try {
    localStorage.setItem(SEATS_KEY, JSON.stringify(seats));
  } catch {
    // storage full or off: the seat lasts as long as the tab
  }
}

// ---- the person's name -----------------------------------------------------

/** The name kept on this device ('' for none). */
export function keptName() {
  try {
    const name = localStorage.getItem(NAME_KEY);
    return typeof name === 'string' ? name.slice(0, 200) : '';
  } catch {
    return '';
  }
}

/** Keeps the name the server took (or forgets it: ''). */
export function keepName(name) {
  try {
    if (name) localStorage.setItem(NAME_KEY, name);
    else localStorage.removeItem(NAME_KEY);
  } catch {
    // storage off: asked again next time
  }
}

/** The name a seat of the server's game goes by, or null. */
export const seatName = (server, side) => server?.seats?.[side]?.name || null;

// ---- a live game --------------------------------------------------------------

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One game followed live.  handlers: game(game), move({ply, move, clock}),
 * seats(seats), end({result, clock}), drawOffer(side|null), rematch(id|null, by),
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
    on('draw_offer', ({ draw_offer: side }) => this.handlers.drawOffer(side));
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
