// online-rematch.js: a rematch on the page: asked for (the asker takes the
// other colour at once), taken by the other player, or withdrawn by its
// asker before anyone takes it.  OnlinePlay owns the game it follows; this
// keeps what the page asked for and waits on.

import { ApiError, api, seatFor } from './online.js';
import { joinGame } from './online-seat.js';
import { rematchWithdrawnText } from './online-draw.js';

export class Rematch {
  /** play: the OnlinePlay (its server game and session, open, render, say). */
  constructor(play) {
    this.play = play;
    this.asked = null; // the id of the game whose rematch this page asked for
    this.of = null; // the game whose rematch this page waits in, if still waiting
    this.taking = null;
    this.withdrawing = null;
  }

  /** The server's rematch event on the game followed: id null, withdrawn. */
  onEvent(id, by) {
    const play = this.play;
    const server = play.server;
    const withdrawn = !id && server.rematch && server.rematch_by !== play.seat;
    const asker = server.rematch_by;
    Object.assign(server, { rematch: id, rematch_by: by ?? null });
    if (withdrawn && play.seat) play.tell('online.rematchWithdrawn', () => rematchWithdrawnText(server, asker));
    // The player who asked takes their seat at once; the other decides.
    if (id && this.asked === server.id) this.take(id);
    else play.render();
  }

  /** Asks for a rematch (or takes the seat of the one the friend asked for). */
  async ask() {
    const { server, game } = this.play;
    if (server.rematch) return this.take(server.rematch);
    if (!game.session?.token) return undefined;
    this.asked = server.id;
    const old = await game.session.act('rematch');
    if (old?.rematch) return this.take(old.rematch);
    return undefined;
  }

  /** Opens the rematch: a seated player takes the other colour with the old
   * game's token; anyone else watches it. */
  async take(id) {
    if (this.taking === id) return;
    this.taking = id;
    const play = this.play;
    const oldId = play.server.id;
    const token = play.game.session?.token;
    try {
      if (token && !seatFor(id)) await joinGame(id, { from: oldId }, token);
    } catch (error) {
      // 409: taken already (by this device in another tab): open it anyway
      if (!(error instanceof ApiError && error.status === 409)) {
        this.taking = null;
        return play.warn(error);
      }
    }
    history.pushState(null, '', `#game=${id}`);
    const failure = await play.open(id);
    if (failure) play.core.say(failure, 'warn');
    // The one who asked waits in the new game: the card says for what.
    if (!failure && this.asked === oldId) this.of = oldId;
    play.render();
  }

  /** The asker takes back the rematch nobody has taken yet: the server
   * aborts it, and the page goes back to the game it followed. */
  async withdraw() {
    const play = this.play;
    const oldId = this.of;
    const kept = oldId && seatFor(oldId);
    if (!kept || play.server?.status !== 'waiting') return;
    this.withdrawing = play.server.id;
    try {
      await api.rematch(oldId, kept.token, 'cancel');
    } catch (error) {
      this.withdrawing = null;
      play.warn(error);
      return;
    }
    history.pushState(null, '', `#game=${oldId}`);
    const failure = await play.open(oldId);
    this.withdrawing = null;
    if (failure) return play.core.say(failure, 'warn');
    play.note = { key: 'online.rematchYouWithdrew' };
    play.render();
  }

  /** The game whose rematch this page waits in, while it still waits. */
  waitingOf(server) {
    return this.of && server?.status === 'waiting' ? this.of : null;
  }
}
