// online-play.js: an online game on the page.  It opens games from links,
// creates them from the new-game dialog, follows the server's game through
// an OnlineSession (online.js) and hands every move the server played to the
// controller (game.js, "online play"); it fills the online card (the link to
// send, the connection, draw offers, rematch) and keeps the clocks ticking.
//
// The server's game (this.server) is the truth: the card and the clocks show
// it, and a move enters the board's game only when the server has it.

import { ApiError, NetworkError, OnlineSession, api, apiAvailable, gameLink, keepSeat, parseLink, seatFor } from './online.js';
import { t } from './i18n.js';
import { clockText } from './ui.js';

const $ = (id) => document.getElementById(id);
const other = (side) => (side === 'w' ? 'b' : 'w');
const CLOCK_TICK_MS = 200;

/** The server's game as the controller loads it (game.js, load).  A game
 * from a start position (starts: the module's, by variant) has no FEN of its
 * own, so that its record has no FEN header. */
function gameSpec(game, starts) {
  const fen = game.start_fen === starts[game.variant] ? null : game.start_fen;
  const spec = { variant: game.variant, fen, turnLimit: game.turn_limit, moves: [...game.moves] };
  const result = game.result;
  if (result?.reason === 'resign') spec.resigned = other(result.winner);
  else if (result && ['time', 'agreement', 'abandoned'].includes(result.reason)) spec.outcome = result;
  return spec;
}

export class OnlinePlay {
  constructor(controller, ui) {
    Object.assign(this, { controller, ui });
    ui.online = this;
    this.server = null; // the game as the server last said it is
    this.session = null;
    this.connection = 'connecting';
    this.clockAt = 0; // when this.server.clock was read (performance.now())
    this.note = null; // a sentence about the game's state for the card, {key, params}
    this.wire();
    addEventListener('hashchange', () => this.openLink().then((error) => error && this.controller.say(error, 'warn')));
  }

  wire() {
    const seatAct = (button, what, ...args) => $(button).addEventListener('click', () => this.act(what, ...args));
    seatAct('online-offer-draw', 'draw', 'offer');
    seatAct('online-accept-draw', 'draw', 'accept');
    seatAct('online-decline-draw', 'draw', 'decline');
    $('online-rematch').addEventListener('click', () => this.rematch());
    $('end-rematch').addEventListener('click', () => {
      $('end-dialog').close();
      this.rematch();
    });
    $('online-copy').addEventListener('click', () => this.ui.copy($('online-link').value, $('online-copy')));
    $('online-share').addEventListener('click', () => this.share());
    $('online-copy-watch').addEventListener('click', () => this.ui.copy(gameLink(this.server.id), $('online-copy-watch')));
  }

  get seat() {
    return this.session?.seat ?? null;
  }

  /** Whether this page's server plays online (asked once). */
  available() {
    this.availability ??= apiAvailable();
    return this.availability;
  }

  // ---- opening a game -----------------------------------------------------

  /** Creates a game from the dialog's choices and opens it; returns null,
   * or the reason it could not be created. */
  async create(settings) {
    let created;
    try {
      created = await api.create(settings);
    } catch (error) {
      return this.errorText(error);
    }
    keepSeat(created.id, created.seat, created.token, created.invite);
    history.pushState(null, '', `#game=${created.id}`);
    return this.open(created.id);
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
    let seat = seatFor(id);
    this.note = null;
    if (!seat && invite) {
      try {
        seat = await this.join(id, { invite });
      } catch (error) {
        if (!(error instanceof ApiError) || ![403, 409].includes(error.status)) return this.errorText(error);
        this.note = { key: 'online.seatTaken' }; // someone else has the seat: watch
      }
    }
    // The invite leaves the address bar (and the history): it is spent.
    history.replaceState(null, '', `#game=${id}`);
    let game;
    try {
      game = await api.game(id);
    } catch (error) {
      if (!this.server) history.replaceState(null, '', location.pathname + location.search); // back to the local game
      return this.errorText(error);
    }
    await this.follow(game, seat);
    return null;
  }

  async join(id, body, token = null) {
    const joined = await api.join(id, body, token);
    keepSeat(id, joined.seat, joined.token);
    return { seat: joined.seat, token: joined.token };
  }

  /** Follows the game live from now on, with the seat (or null to watch). */
  async follow(game, seat) {
    this.session?.stop();
    this.server = game;
    this.clockAt = performance.now();
    this.session = new OnlineSession(game.id, seat, this.handlers(game.id));
    await this.controller.exclusive(() => this.controller.loadOnline(gameSpec(game, this.controller.setup.starts.positions), this.seat, this));
    this.session.start();
    this.startClocks();
    this.render();
  }

  /** The controller left online play (a new game here, an import). */
  leave() {
    this.session?.stop();
    this.session = null;
    this.server = null;
    clearInterval(this.ticker);
    if (location.hash) history.replaceState(null, '', location.pathname + location.search);
    this.render();
  }

  // ---- what the server says -------------------------------------------------

  /** What the session of game `id` reports, each in the controller's
   * queue when it changes the board; dropped once another game is open (a
   * report queued before a rematch must not reach the new game). */
  handlers(id) {
    const current = (handle) => (data) => this.server?.id === id && handle(data);
    const queued = (handle) => (data) => this.controller.exclusive(() => current(handle)(data));
    return {
      game: queued((game) => this.onGame(game)),
      move: queued((move) => this.onMove(move)),
      seats: queued((seats) => this.onSeats(seats)),
      end: queued((end) => this.onEnd(end)),
      drawOffer: current((side) => this.onDrawOffer(side)),
      rematch: current((rematchId) => this.onRematch(rematchId)),
      connection: current((state) => {
        this.connection = state;
        this.render();
      }),
      refused: queued((error) => this.onRefused(error)),
      error: current((error) => this.onError(error)),
    };
  }

  /** The whole game (a stream's first event): reloaded here if it differs. */
  async onGame(game) {
    this.server = game;
    this.clockAt = performance.now();
    const moves = this.controller.game.moves;
    const same = game.moves.length === moves.length && game.moves.every((m, i) => m === moves[i]);
    if (!same) await this.reload(game);
    else if (game.result) this.controller.endOnline(game.result);
    this.render();
  }

  /** Loads the server's game again, keeping a move still being sent. */
  async reload(game) {
    this.server = game;
    const sent = this.session?.pending;
    const keep = sent && sent.ply === game.ply ? sent.move : null;
    await this.controller.loadOnline(gameSpec(game, this.controller.setup.starts.positions), this.seat, this, keep);
  }

  /** Fetches the game and loads it (moves missing here, a refusal). */
  async resync() {
    try {
      await this.reload(await api.game(this.server.id));
    } catch (error) {
      this.controller.say(this.errorText(error), 'warn');
    }
    this.render();
  }

  async onMove({ ply, move, clock }) {
    const server = this.server;
    if (ply === server.moves.length + 1) {
      server.moves.push(move);
      server.ply = ply;
      server.to_move = server.to_move === 'w' ? 'b' : 'w';
      if (server.status === 'waiting') server.status = 'ongoing';
    }
    if (ply >= server.moves.length) {
      server.clock = clock;
      this.clockAt = performance.now();
    }
    this.session?.settled(ply);
    if (!(await this.controller.acceptServerMove(ply, move))) await this.resync();
    this.render();
  }

  /** The server's answer to the person's move: the move was played. */
  accepted(game, ply, move) {
    return this.controller.exclusive(async () => {
      if (game.ply > this.server.ply) {
        this.server = game;
        this.clockAt = performance.now();
      }
      if (!(await this.controller.acceptServerMove(ply + 1, move))) await this.resync();
      this.render();
    });
  }

  onSeats(seats) {
    this.server.seats = seats;
    if (this.server.status === 'waiting' && seats.w.joined && seats.b.joined) this.server.status = 'ongoing';
    this.controller.draw();
    this.render();
  }

  onEnd({ result, clock }) {
    Object.assign(this.server, { status: 'finished', result, clock: clock ?? this.server.clock, draw_offer: null });
    this.clockAt = performance.now();
    this.controller.endOnline(result);
    this.render();
  }

  onDrawOffer(side) {
    this.server.draw_offer = side;
    if (side && side !== this.seat && this.seat) this.controller.say(t('online.drawOffered'), 'info');
    this.render();
  }

  onRematch(id) {
    this.server.rematch = id;
    // The player who asked takes their seat at once; the other decides.
    if (this.rematchAsked === this.server.id) this.takeRematch(id);
    else this.render();
  }

  /** The server refused the person's move: it is taken back, and the game
   * reloaded as the server has it (a stale ply or the game over need no
   * word: the reload shows why). */
  async onRefused(error) {
    this.controller.dropSentMove();
    await this.resync();
    if (error instanceof ApiError && error.status === 422) this.controller.say(t('online.refused', { reason: error.message }), 'warn');
    else if (!(error instanceof ApiError && error.status === 409)) this.controller.say(this.errorText(error), 'warn');
  }

  onError(error) {
    this.controller.say(this.errorText(error), 'warn');
    if (error instanceof ApiError && error.status === 409) this.controller.exclusive(() => this.resync());
  }

  // ---- what the person does -----------------------------------------------

  /** The person's move, shown as sent by the controller: sent (and resent)
   * until the server answers.  Not awaited: the page stays usable. */
  submit(ply, move) {
    this.session.sendMove(ply, move).then((game) => game && game.id === this.server?.id && this.accepted(game, ply, move));
    this.render();
  }

  resign() {
    return this.act('resign');
  }

  async act(what, ...args) {
    if (!this.session?.token) return;
    await this.session.act(what, ...args);
    this.render(); // what changed comes by the stream: the card says it
  }

  /** Asks for a rematch (or takes the seat of the one the friend asked for). */
  async rematch() {
    const server = this.server;
    if (server.rematch) return this.takeRematch(server.rematch);
    if (!this.session?.token) return undefined;
    this.rematchAsked = server.id;
    const old = await this.session.act('rematch');
    if (old?.rematch) return this.takeRematch(old.rematch);
    return undefined;
  }

  /** Opens the rematch: a seated player takes the other colour with the old
   * game's token; anyone else watches it. */
  async takeRematch(id) {
    if (this.takingRematch === id) return;
    this.takingRematch = id;
    const oldId = this.server.id;
    const token = this.session?.token;
    try {
      if (token && !seatFor(id)) await this.join(id, { from: oldId }, token);
    } catch (error) {
      // 409: taken already (by this device in another tab): open it anyway
      if (!(error instanceof ApiError && error.status === 409)) {
        this.takingRematch = null;
        return this.controller.say(this.errorText(error), 'warn');
      }
    }
    history.pushState(null, '', `#game=${id}`);
    const failure = await this.open(id);
    if (failure) this.controller.say(failure, 'warn');
  }

  async share() {
    try {
      await navigator.share({ title: t('online.shareTitle'), text: t('online.shareText'), url: $('online-link').value });
    } catch {
      // closed without sharing: the link is still there to copy
    }
  }

  // ---- for the controller -------------------------------------------------

  /** Whether the person may move `side` now. */
  canMove(side) {
    return !!this.seat && side === this.seat && this.server?.status === 'ongoing' && !this.controller.sentMove;
  }

  canResign() {
    return !!this.seat && this.server?.status === 'ongoing';
  }

  playerName(side) {
    if (!this.seat) return t(side === 'w' ? 'player.white' : 'player.black');
    return t(side === this.seat ? 'player.you' : 'online.friend');
  }

  statusText(side, sent) {
    if (this.server?.status === 'waiting') return t('online.status.waiting');
    if (sent) return t('online.status.sending');
    if (!this.seat) return t(side === 'w' ? 'status.whiteToMove' : 'status.blackToMove');
    return t(side === this.seat ? 'status.yourTurnWhite' : 'online.status.friendsTurn');
  }

  /** Why a tap on the board does nothing now. */
  waitText(sent) {
    if (!this.seat) return t('online.watching');
    if (this.server?.status === 'waiting') return t('online.status.waiting');
    return t(sent ? 'online.sendingWait' : 'online.notYourTurn');
  }

  /** What the player bars show: presence and clocks (ui.js, onlineBadges). */
  describe() {
    const server = this.server;
    if (!server) return null;
    return { seat: this.seat, seats: server.seats, clock: server.clock ? { w: this.clockLeft('w'), b: this.clockLeft('b') } : null };
  }

  // ---- the clocks -----------------------------------------------------------
  // The server's clock fields count down here between its events; the
  // server alone decides when a flag falls (its `end` event).

  clockLeft(side) {
    const clock = this.server.clock;
    const running = clock.running === side && this.server.status === 'ongoing';
    return Math.max(0, clock[`${side}_ms`] - (running ? performance.now() - this.clockAt : 0));
  }

  startClocks() {
    clearInterval(this.ticker);
    if (this.server.clock) this.ticker = setInterval(() => this.showClocks(), CLOCK_TICK_MS);
    this.showClocks();
  }

  showClocks() {
    if (!this.server?.clock) return;
    for (const side of ['w', 'b']) {
      const shown = $(`clock-${side}`);
      if (!shown) continue;
      const left = this.clockLeft(side);
      shown.textContent = clockText(left);
      shown.classList.toggle('running', this.server.clock.running === side && this.server.status === 'ongoing');
      shown.classList.toggle('low', left < 10000);
    }
  }

  // ---- the card -----------------------------------------------------------

  render() {
    const server = this.server;
    $('online').hidden = !server;
    document.body.classList.toggle('online-game', !!server);
    $('end-rematch').hidden = !(server && this.seat && server.status === 'finished');
    if (!server) return;
    const connection = $('online-connection');
    connection.textContent = t(`online.connection.${this.connection}`);
    connection.dataset.state = this.connection;
    const invite = this.seat && server.status === 'waiting' ? seatFor(server.id)?.invite : null;
    $('online-invite').hidden = !invite;
    if (invite) $('online-link').value = gameLink(server.id, invite);
    $('online-share').hidden = typeof navigator.share !== 'function';
    const note = this.noteText();
    $('online-note').hidden = !note;
    $('online-note').textContent = note ?? '';
    this.renderButtons(server);
    this.showClocks();
  }

  renderButtons(server) {
    const seated = !!this.seat;
    const ongoing = server.status === 'ongoing';
    const offeredToMe = ongoing && seated && server.draw_offer === other(this.seat);
    $('online-offer-draw').hidden = !(ongoing && seated && !server.draw_offer);
    $('online-accept-draw').hidden = !offeredToMe;
    $('online-decline-draw').hidden = !offeredToMe;
    const rematch = $('online-rematch');
    rematch.hidden = server.status !== 'finished' || (!seated && !server.rematch);
    rematch.textContent = t(server.rematch ? (seated ? 'online.joinRematch' : 'online.watchRematch') : 'online.rematch');
    $('online-copy-watch').hidden = server.status === 'waiting';
  }

  /** The card's sentence: the draw offer, the rematch, watching. */
  noteText() {
    const server = this.server;
    const seat = this.seat;
    if (server.status === 'ongoing' && server.draw_offer) return t(server.draw_offer === seat ? 'online.drawSent' : 'online.drawOffered');
    if (server.rematch && seat && this.rematchAsked !== server.id) return t('online.rematchAsked');
    if (this.note) return t(this.note.key);
    if (!seat) return t('online.watching');
    return null;
  }

  /** An error of the API in the person's language. */
  errorText(error) {
    if (error instanceof NetworkError) return t('online.error.network');
    if (!(error instanceof ApiError)) return t('error.unexpected');
    if (error.code === 'no_api') return t('online.needsServer');
    if (error.status === 404) return t('online.error.notFound');
    if (error.status === 429) return t('online.error.busy');
    if (error.status === 503) return t('online.error.unavailable');
    return t('online.error.other', { message: error.message });
  }
}
