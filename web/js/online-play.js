// online-play.js: online play on the page.  It opens games from links,
// creates them from the new-game dialog, follows the server's game through
// an OnlineSession (online-session.js), hands what the board needs to the
// OnlineGame (online-game.js), and keeps the online card and the clocks up
// to date; draw offers, resigning and rematches go from here to the server.

import { t } from './i18n.js';
import { seatingOf } from './seating.js';
import { ApiError, api, errorText, forgetSeat, gameLink, keepName, keepSeat, noApi, parseLink } from './online.js';
import { OnlineSession } from './online-session.js';
import { joinedGame, seatIn } from './online-seat.js';
import { askJoinName } from './online-join.js';
import { Rematch } from './online-rematch.js';
import { renderCard } from './online-card.js';
import { drawText, seatWho } from './online-draw.js';
import { Invites } from './online-invites.js';
import { drawOffer, humanSeat, manySeats, serverSides } from './server-game.js';
import { renderToast } from './online-toast.js';
import { OnlineClocks } from './online-clock.js';
import { OnlineGame } from './online-game.js';
import { Lobby } from './lobby.js';
import { YourGames } from './your-games.js';

const $ = (id) => document.getElementById(id);

/** Why a seat of three or four went to the computer (ONLINE.md). */
const LEFT = ['resign', 'time', 'abandoned'];

/** Of two, the other side wins; of three or four, partners lose together
 * and anyone else hands the seat to the computer (ONLINE.md). */
const resignQuestion = (server) => (!manySeats(server) ? 'confirm.resign' : server.partners ? 'confirm.resignPartners' : 'confirm.resignSeat');

export class OnlinePlay {
  /** core: the GameController; review: the Review; attention: the
   * Attention that calls the person back to a hidden page. */
  constructor(core, review, attention) {
    this.core = core;
    this.game = new OnlineGame(core, review, attention);
    this.clocks = new OnlineClocks(this.game, core.prefs.sound);
    this.connection = 'connecting';
    this.note = null; // a sentence about the game's state for the card, {key, text() (else the key's)}
    this.game.addEventListener('change', () => this.render());
    this.lobby = new Lobby((id) => this.show(id));
    this.yourGames = new YourGames();
    this.rematches = new Rematch(this);
    this.invites = new Invites((text, button) => core.ui.copy(text, button));
    this.wire();
    addEventListener('hashchange', () => this.openLink().then((error) => error && core.say(error, 'warn')));
  }

  wire() {
    const seatAct = (button, what, ...args) => $(button).addEventListener('click', () => this.act(what, ...args));
    seatAct('online-offer-draw', 'draw', 'offer');
    seatAct('online-accept-draw', 'draw', 'accept');
    seatAct('online-decline-draw', 'draw', 'decline');
    seatAct('toast-accept-draw', 'draw', 'accept');
    seatAct('toast-decline-draw', 'draw', 'decline');
    $('toast-rematch').addEventListener('click', () => this.rematches.ask());
    $('online-rematch').addEventListener('click', () => this.rematches.ask());
    $('online-withdraw-rematch').addEventListener('click', () => this.rematches.withdraw());
    $('end-rematch').addEventListener('click', () => {
      $('end-dialog').close();
      this.rematches.ask();
    });
    $('online-copy-watch').addEventListener('click', () => this.core.ui.copy(gameLink(this.server.id), $('online-copy-watch')));
    $('online-games').addEventListener('click', () => {
      $('online-games-dialog').showModal();
      this.yourGames.start();
      this.lobby.start();
    });
  }

  /** Opens a game from the lobby or the list of this device's games. */
  async show(id) {
    history.pushState(null, '', `#game=${id}`);
    const failure = await this.open(id);
    if (failure) this.core.say(failure, 'warn');
  }

  get server() {
    return this.game.server;
  }

  get seat() {
    return this.game.seat;
  }

  /** False once the page's server has shown it has no API (a static host):
   * learnt from the first answer, never by a request made to find out. */
  get available() {
    return !this.noApi;
  }

  errorText(error) {
    return t(...errorText(error));
  }

  // ---- opening a game -----------------------------------------------------

  /** Creates a game from the dialog's choices and opens it; returns null,
   * or why it could not be created: {text, name (the name was refused)}. */
  async create(settings) {
    let created;
    try {
      created = await api.create(settings);
    } catch (error) {
      this.noApi ||= noApi(error);
      return { text: this.errorText(error), name: error instanceof ApiError && error.code === 'bad_name' };
    }
    keepName(settings.name ?? '');
    keepSeat(created.id, created.seat, created.token, created.invite, seatingOf(settings).headToHead ? null : created.invites);
    history.pushState(null, '', `#game=${created.id}`);
    const failure = await this.open(created.id);
    return failure && { text: failure, name: false };
  }

  /** Opens the game the address names, if it names one: null, or why it
   * could not be opened. */
  openLink() {
    const link = parseLink(location.hash);
    return link ? this.open(link.id, link.invite) : Promise.resolve(null);
  }

  /**
   * Opens a game: with the seat this device holds, else the invite's
   * seat, else to watch.  Returns null, or why it could not be opened.
   * One at a time: a link opened twice at once (the start and a changed
   * address) must not spend its invite twice.
   */
  open(id, invite = null) {
    const run = (this.opening ?? Promise.resolve()).then(() => this.openNow(id, invite));
    this.opening = run.catch(() => {});
    return run;
  }

  async openNow(id, invite) {
    if (this.server?.id === id && (this.seat || !invite)) return null; // open already
    this.note = null;
    this.rematches.of = null;
    let game;
    try {
      game = await api.game(id);
    } catch (error) {
      this.noApi ||= noApi(error);
      if (!this.server) history.replaceState(null, '', location.pathname + location.search); // back to the local game
      return this.errorText(error);
    }
    const { seat, kept, note, error } = await seatIn(game, invite, askJoinName);
    this.note = note;
    if (error) this.core.say(() => this.errorText(error), 'warn');
    // The invite leaves the address bar (and the history): it is spent.
    history.replaceState(null, '', `#game=${id}`);
    if (seat && !kept) game = joinedGame(game, seat.seat);
    // A kept seat has just been pinged: the session's pings start later.
    await this.follow(game, seat, { pinged: kept });
    return null;
  }

  /** Follows the game live from now on, with the seat (or null to watch). */
  async follow(game, seat, { pinged = false } = {}) {
    this.game.session?.stop();
    const session = new OnlineSession(game.id, seat, this.handlers(game.id));
    await this.core.exclusive(() => this.game.load(game, session));
    session.start({ pinged });
    this.clocks.start();
    this.render();
  }

  /** Leaves online play (a new game here, an import). */
  leave() {
    if (!this.server) return;
    this.game.session?.stop();
    this.game.leave();
    this.clocks.stop();
    if (location.hash) history.replaceState(null, '', location.pathname + location.search);
    this.render();
  }

  // ---- what the server says -------------------------------------------------

  /** What the session of game `id` reports, each in the controller's
   * queue when it changes the board; dropped once another game is open (a
   * report queued before a rematch must not reach the new game). */
  handlers(id) {
    const game = this.game;
    // A rematch being withdrawn is left at once: its abort is no news.
    const current = (handle) => (...data) => this.server?.id === id && this.rematches.withdrawing !== id && handle(...data);
    const queued = (handle) => (data) => this.core.exclusive(() => current(handle)(data));
    return {
      game: queued((data) => game.onGame(data)),
      move: queued((data) => game.onMove(data)),
      seats: queued((data) => {
        this.tellLeft(data);
        return game.onSeats(data);
      }),
      end: queued((data) => game.onEnd(data)),
      drawOffer: current((side, declinedBy) => this.onDrawOffer(side, declinedBy)),
      rematch: current((rematchId, by) => this.rematches.onEvent(rematchId, by)),
      watchers: current((count) => {
        this.server.watchers = count;
        this.render();
      }),
      connection: current((state) => {
        this.connection = state;
        this.core.draw(); // the player bars: presence is not known while the connection is down
        this.render();
      }),
      refused: queued((error) => game.onRefused(error)),
      error: current((error) => this.onError(error)),
      seatLost: current(() => this.onSeatLost()),
    };
  }

  /** The server does not take this device's token for its seat (the
   * storage was tampered with, or the game was made again): it is
   * forgotten, and the page watches. */
  onSeatLost() {
    forgetSeat(this.server.id);
    this.note = { key: 'online.seatLost' };
    this.core.say(() => t('online.seatLost'), 'warn');
    return this.follow(this.server, null);
  }

  /** offer: the seat offering (two seats), {by, accepted} (three or four),
   * or null; declinedBy: the seat whose decline ended it (none: it lapsed). */
  onDrawOffer(offer, declinedBy = null) {
    const before = drawOffer(this.server)?.by;
    this.server.draw_offer = offer;
    // Told once, when the offer reaches the seat asked to answer it (not
    // again as others accept it).
    if (drawText(this.server, this.seat)?.answer && drawOffer(this.server).by !== before) {
      this.core.say(() => drawText(this.server, this.seat)?.text ?? '', 'info');
      this.offerSaid = this.core.said;
    } else if (!offer && this.offerSaid && this.core.said === this.offerSaid) {
      this.core.say(''); // the offer is over: so is the message about it
    }
    // The last offer's end is old news once another is made.
    if (offer && !before && this.note?.key.startsWith('online.draw')) this.note = null;
    if (!offer && before && declinedBy) this.tellDeclined(declinedBy);
    this.render();
  }

  /** Of three or four, a person who resigned (in `seats`, the server's
   * new word on them) is told to everyone else: a line on the card and
   * the screen readers' announcement; so is a person out of time or away
   * too long, whose seat the computer takes on as well.  Their own page
   * says it already (online.seatToComputer). */
  tellLeft(seats) {
    const before = { seats: this.server?.seats };
    const left = serverSides(this.server).filter((side) => side !== this.seat && before.seats?.[side] && humanSeat(before, side) && LEFT.includes(seats[side]?.left));
    for (const side of left) {
      const key = `online.seatLeft.${seats[side].left}`;
      const text = () => t(key, { who: seatWho(before, side) });
      this.note = { key, text };
      this.core.ui.announce(text());
    }
  }

  /** A declined offer, told on every card as the server names who
   * declined it: this page's own decline, of three or four who it was, of
   * two that it was declined.  An offer that lapsed (a move, the turn come
   * round) is not told. */
  tellDeclined(by) {
    if (by === this.seat) this.tell('online.drawYouDeclined');
    else if (manySeats(this.server)) this.tell('online.drawDeclinedBy', () => t('online.drawDeclinedBy', { who: seatWho(this.server, by) }));
    else this.tell('online.drawDeclined');
  }

  /** A sentence of the card's, said too. */
  tell(key, text = () => t(key)) {
    this.note = { key, text };
    this.core.say(text, 'info');
  }

  warn(error) {
    this.core.say(() => this.errorText(error), 'warn');
  }

  /** A refused request: a 409 (the game moved on meanwhile) reloads the
   * game first, so that the reload does not wipe the word of it. */
  onError(error) {
    const say = () => this.core.say(() => this.errorText(error), 'warn');
    if (error instanceof ApiError && error.status === 409) this.core.exclusive(() => this.game.resync()).then(say);
    else say();
  }

  // ---- what the person does -----------------------------------------------

  /** The person's move (move-entry.js hands it over). */
  async submit(move, options) {
    await this.game.submit(move, options);
    this.render();
  }

  /** Resigns, after the same question as offline, or aborts a game not
   * yet begun in its place; the server ends the game and says so. */
  resign() {
    const core = this.core;
    return core.exclusive(async () => {
      const { canResign, canAbort } = this.abilities();
      if (!canResign && !canAbort) return;
      const [question, yes, no] = canAbort ? ['confirm.abort', 'confirm.abortYes', 'confirm.abortNo'] : [resignQuestion(this.server), 'confirm.resignYes', 'action.cancel'];
      if (!(await core.ui.confirm(t(question), t(yes), t(no)))) return;
      if (!core.over) await this.act(canAbort ? 'abort' : 'resign');
    });
  }

  /** What the seat may do now, for the panel's buttons: an online game has
   * no undo, redo or hint, and a spectator (no seat) not even Resign. */
  abilities() {
    return { watching: !this.game.seat, canUndo: false, canRedo: false, canHint: false, canResign: !this.core.review && !this.core.over && this.game.canResign(), canAbort: !this.core.review && !this.core.over && this.game.canAbort(), localActions: false };
  }

  async act(what, ...args) {
    if (!this.game.session?.token) return;
    await this.game.session.act(what, ...args);
    this.render(); // what changed comes by the stream: the card says it
  }

  // ---- what the page shows ------------------------------------------------

  /** What the player bars show: presence and clocks (panel.js). */
  describe() {
    const server = this.server;
    return server ? { seat: this.seat, seats: server.seats, clock: this.clocks.times(), correspondence: !!server.clock?.days_per_move, connected: this.connection === 'connected' } : null;
  }

  render() {
    const { server, seat, connection, note } = this;
    const { asked: rematchAsked } = this.rematches;
    const rematchOf = this.rematches.waitingOf(server);
    renderCard({ server, seat, connection, note, rematchAsked, rematchOf });
    this.invites.render(server, seat);
    this.yourGames.note(server, seat);
    renderToast({ server, seat, connection, rematchAsked });
    this.clocks.show();
  }
}
