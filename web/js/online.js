// online.js: the client of `halma serve`'s online API (docs/ONLINE-API.md):
// the requests, the seats kept on this device and the links sent to a
// friend; the live session of one game is online-session.js.
//
// Nothing here touches the page.

const API = '/api/v1/games';
const SEATS_KEY = 'halma.online.v1';
/** The name the person gave, sent with each game they create or join. */
const NAME_KEY = 'halma.name.v1';
/** Seats kept on this device at most (the oldest are forgotten first). */
const MAX_SEATS = 50;
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

export const gamePath = (id, what = '') => `${API}/${encodeURIComponent(id)}${what ? `/${what}` : ''}`;

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
  if (error.status === 503 && error.body?.reason === 'computer_busy') return ['online.error.computerBusy'];
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
