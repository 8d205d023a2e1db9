// online-seat.js: which seat this device takes in a game it opens: the one
// it keeps (if the server still takes its token), else the one an invite
// opens (if the game still has it free), else none (the page watches).  It
// asks the server nothing that is bound to fail: a spent invite is seen in
// the game and not spent again.

import { ApiError, api, forgetSeat, keepName, keepSeat, keptName, seatFor } from './online.js';
import { manySeats } from './server-game.js';

/** Why the page watches a game whose invite found its seat taken. */
const takenNote = (game) => ({ key: manySeats(game) ? 'online.inviteUsed' : 'online.seatTaken' });

const refusedToken = (error) => error instanceof ApiError && [401, 403].includes(error.status);

/** Joins a game ({invite} or, for a rematch, {from} with the old token) and
 * keeps the seat on this device: {seat, token}. */
export async function joinGame(id, body, token = null) {
  const joined = await api.join(id, body, token);
  return kept(id, joined);
}

function kept(id, joined) {
  keepSeat(id, joined.seat, joined.token);
  return { seat: joined.seat, token: joined.token };
}

/**
 * The seat to open `game` with: {seat ({seat, token} or null), kept (it was
 * this device's and has just been pinged), note ({key} saying why the page
 * watches, or null), error (an ApiError that is no such reason, or null)}.
 * ask(game, refused, name): the name to join with, asked of the person
 * (online-join.js); without it the kept name is sent.
 */
export async function seatIn(game, invite, ask = null) {
  const kept = seatFor(game.id);
  if (kept) {
    try {
      await api.ping(game.id, kept.token);
      return { seat: kept, kept: true, note: null, error: null };
    } catch (error) {
      if (!refusedToken(error)) return { seat: kept, kept: true, note: null, error: null }; // not known to be wrong
      forgetSeat(game.id);
      if (!invite) return { seat: null, kept: false, note: { key: 'online.seatLost' }, error: null };
    }
  }
  if (!invite) return { seat: null, kept: false, note: null, error: null };
  if (game.status !== 'waiting') return { seat: null, kept: false, note: takenNote(game), error: null };
  try {
    const seat = ask ? await joinAsked(game, invite, ask) : await joinNamed(game.id, { invite });
    return { seat, kept: false, note: null, error: null };
  } catch (error) {
    // Someone else took the seat meanwhile (409), or the invite is not this game's (403).
    const taken = error instanceof ApiError && [403, 409].includes(error.status);
    return { seat: null, kept: false, note: taken ? takenNote(game) : null, error: taken ? null : error };
  }
}

/** Joins by an invite with the name the person gives when asked (the kept
 * one offered first), asked again with the server's reason while it refuses
 * the name; the name taken is kept for the next game. */
async function joinAsked(game, invite, ask) {
  let refused = null;
  let name = keptName();
  for (;;) {
    name = await ask(game, refused, name);
    try {
      const seat = await joinNamed(game.id, { invite }, { name, strict: true });
      keepName(name);
      return seat;
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'bad_name')) throw error;
      refused = error.message;
    }
  }
}

/** Joins with a name (by default the one kept on this device).  A kept
 * name the server refuses (kept by an older page, or edited) does not keep
 * the person out; strict: the person just typed it, and is told. */
export async function joinNamed(id, body, { name = keptName(), strict = false } = {}) {
  if (!name) return joinGame(id, body);
  try {
    return await joinGame(id, { ...body, name });
  } catch (error) {
    if (strict || !(error instanceof ApiError && error.code === 'bad_name')) throw error;
    return joinGame(id, body);
  }
}

/** The game as it is once `seat` has joined it (the stream's first event
 * brings the server's own word on it). */
export function joinedGame(game, seat) {
  const seats = { ...game.seats, [seat]: { ...game.seats?.[seat], joined: true, online: true } };
  const full = Object.values(seats).every((s) => s.joined);
  return { ...game, seats, status: game.status === 'waiting' && full ? 'ongoing' : game.status };
}
