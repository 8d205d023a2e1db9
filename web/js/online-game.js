// online-game.js: the server's game on the board.  The server referees
// (docs/ONLINE.md): a move made here is only proposed.  It is shown as sent
// (GameController.sentMove: drawn, not in the game) and enters the game only
// when the server says it was played, so nothing the server refused is ever
// shown as played.  The server's game (this.server) is the truth: every move,
// seat change and ending it reports is handed to the controller here.

import { refusalText, t } from './i18n.js';
import { ApiError, api, errorText } from './online.js';
import { SIDES } from './seats.js';
import { humanSeat, manySeats, nextServerSide, serverSides, someoneUnmoved } from './server-game.js';
import { piecesOf } from './squares.js';
import { endAnnouncement } from './texts.js';
import { seatWho } from './online-draw.js';
import { rulesPart } from './seating.js';

/** The server's game as the controller loads it (game.js, load).  A game
 * from a start position (start: the rules' own for its kind) has no FEN of
 * its own, so that its record has no FEN header. */
function gameSpec(game, start) {
  const fen = game.start_fen === start ? null : game.start_fen;
  const spec = { variant: game.variant, fen, turnLimit: game.turn_limit, moves: [...game.moves] };
  if (manySeats(game)) Object.assign(spec, { players: game.players, ...(game.partners ? { partners: true } : {}) });
  // The game's rules are the server's (ONLINE.md): the board's checks follow them.
  Object.assign(spec, rulesPart(game.rules));
  const result = game.result;
  if (result?.reason === 'aborted') spec.outcome = result;
  else if (result?.reason === 'resign' && !manySeats(game)) spec.resigned = SIDES.find((side) => side !== result.winner);
  else if (result && ['resign', 'time', 'agreement', 'abandoned'].includes(result.reason)) spec.outcome = result;
  return spec;
}

/** Who plays each seat of the server's game, seen from `seat` (null:
 * watching): the person here, someone elsewhere, or the server's computer
 * (a seat given up to it too: `left` says why). */
export function onlinePlayers(server, seat) {
  return serverSides(server).map((side) => {
    const { joined = true, online = false, name = null, level = null, left = null } = server.seats?.[side] ?? {};
    if (!humanSeat(server, side)) return { kind: 'computer', level, joined, ...(left ? { left } : {}) };
    return { kind: side === seat ? 'person' : 'remote', joined, online, ...(name ? { name } : {}) };
  });
}

export class OnlineGame extends EventTarget {
  /** core: the GameController; review: the Review (analysis once it ends);
   * attention: the Attention (the other side moved while the page was
   * hidden).  Says 'change' when what the online card shows may have changed. */
  constructor(core, review, attention) {
    super();
    Object.assign(this, { core, review, attention });
    this.server = null; // the game as the server last said it is
    this.session = null;
    this.clockAt = 0; // when this.server.clock was read (performance.now())
  }

  changed() {
    this.dispatchEvent(new Event('change'));
  }

  get seat() {
    return this.session?.seat ?? null;
  }

  /** The server's latest word on the game (clocks are read from now on). */
  heard(game) {
    this.server = game;
    this.clockAt = performance.now();
  }

  /** Loads the server's game with this session's seat (in the queue); a
   * move still waiting for the server's answer (`sent`) stays shown. */
  async load(game, session = this.session, sent = null) {
    this.session = session;
    this.heard(game);
    const core = this.core;
    const settings = { mode: 'online', human: this.seat ?? 'w', level: core.settings.level };
    const failure = await core.load(gameSpec(game, await this.startFen(game)), settings, [], onlinePlayers(game, this.seat));
    if (failure) return failure;
    const shown = sent && (await this.checked(sent));
    if (shown) core.setSentMove(shown);
    if (core.over) this.review.analyse();
    else if (core.state.mustPass && core.turnPlayer().kind === 'person') core.say(() => t('message.mustPass'), 'warn');
    else if (core.game.moves.length === 0 && this.canMove()) core.say(() => t('message.start'), 'info');
    return null;
  }

  /** The rules' start position of the server's game's kind (the module
   * gives those of two; three and four are asked of the rules once). */
  async startFen(game) {
    if (!manySeats(game)) return this.core.setup.starts.positions[game.variant];
    const key = `${game.players}${game.partners ? 'p' : ''}`;
    this.starts ??= {};
    if (!this.starts[key]) {
      const spec = { variant: game.variant, fen: null, turnLimit: game.turn_limit, moves: [], players: game.players, ...(game.partners ? { partners: true } : {}) };
      this.starts[key] = (await this.core.rules.request('load', { game: spec })).state?.fen ?? null;
    }
    return this.starts[key];
  }

  /** The controller left online play (a new game here, an import). */
  leave() {
    this.server = null;
    this.session = null;
  }

  /** Whether the person may move now. */
  canMove() {
    const core = this.core;
    return this.playing() && !core.over && core.state.side === this.seat && this.server?.status === 'ongoing' && !core.sentMove;
  }

  /** The person here holds a seat they still play (not one given up to the computer). */
  playing() {
    return !!this.seat && humanSeat(this.server, this.seat);
  }

  canResign() {
    return this.playing() && this.server?.status === 'ongoing' && !this.canAbort();
  }

  /** The server ends a game with no winner while some seat has not made
   * its first move (docs/ONLINE-API.md, abort): the seat may abort it. */
  canAbort() {
    const server = this.server;
    return !!server && this.playing() && server.status !== 'finished' && someoneUnmoved(server);
  }

  // ---- the person's move -------------------------------------------------

  /** The person's move: checked by the rules here and proposed to the
   * server at once as move number (moves played) + 1, sent (and resent)
   * until the server answers without blocking the page; meanwhile it
   * travels on the board and stays drawn as sent. */
  async submit(move, { animate = true } = {}) {
    const core = this.core;
    const side = core.state.side;
    const sent = await this.checked(move);
    if (!sent) return;
    const travel = core.travel(sent.path);
    core.setSentMove(sent);
    const ply = core.game.moves.length;
    this.session.sendMove(ply, sent.path).then((game) => game && game.id === this.server?.id && this.accepted(game, ply, sent.path));
    this.changed();
    if (animate) {
      await core.view.travel(travel, side, core.prefs.motion());
      core.draw();
    }
  }

  /** A move as the rules here play it, {path, pieces after}; null when they
   * refuse it (and say why). */
  async checked(move) {
    const core = this.core;
    const answer = await core.rules.request('play', { game: core.spec(), move });
    if (answer.refusal) {
      core.say(() => refusalText(answer.refusal), 'warn');
      return null;
    }
    return { path: answer.path, pieces: piecesOf(answer.state.fen) };
  }

  /** The server's answer to the person's move: the move was played. */
  accepted(game, ply, move) {
    return this.core.exclusive(async () => {
      if (game.ply > this.server.ply) this.heard(game);
      if (!(await this.acceptServerMove(ply + 1, move))) await this.resync();
      this.changed();
    });
  }

  /** A move the server played, ply being its number (1 for the first).
   * Returns false when moves before it are missing here, or the rules
   * here disagree: the caller then reloads the game from the server. */
  async acceptServerMove(ply, move) {
    const core = this.core;
    const known = core.game.moves.length;
    if (ply <= known) return core.game.moves[ply - 1] === move; // told twice: by the answer and by the stream
    if (ply > known + 1) return false;
    // The person's own move is on the board already: no second animation.
    const mine = core.sentMove?.path === move;
    const mover = core.state.side;
    core.sentMove = null;
    if (!(await core.play(move, { animate: !mine }))) return false;
    if (!mine && this.seat && !core.over && core.turnPlayer().kind === 'person') this.attention.opponentMoved(move, this.server.id, manySeats(this.server) ? seatWho(this.server, mover) : null);
    if (core.over) this.ended();
    else if (core.state.mustPass && core.turnPlayer().kind === 'person') core.say(() => t('message.mustPass'), 'warn');
    return true;
  }

  // ---- what the server says ---------------------------------------------------

  /** The whole game (a stream's first event): reloaded here if it differs. */
  async onGame(game) {
    this.heard(game);
    const moves = this.core.game.moves;
    const same = game.moves.length === moves.length && game.moves.every((m, i) => m === moves[i]);
    if (!same) await this.reload(game);
    else if (game.result) this.end(game.result);
    else this.core.setPlayers(onlinePlayers(game, this.seat)); // seats taken since the GET
    this.changed();
  }

  /** Loads the server's game again, keeping a move still being sent. */
  reload(game) {
    const sent = this.session?.pending;
    return this.load(game, this.session, sent && sent.ply === game.ply ? sent.move : null);
  }

  /** Fetches the game and loads it (moves missing here, a refusal). */
  async resync() {
    try {
      await this.reload(await api.game(this.server.id));
    } catch (error) {
      this.core.say(() => t(...errorText(error)), 'warn');
    }
    this.changed();
  }

  async onMove({ ply, move, clock }) {
    const server = this.server;
    if (ply === server.moves.length + 1) {
      server.moves.push(move);
      server.ply = ply;
      server.to_move = nextServerSide(server, server.to_move);
      if (server.status === 'waiting') server.status = 'ongoing';
    }
    if (ply >= server.moves.length) {
      server.clock = clock;
      this.clockAt = performance.now();
    }
    this.session?.settled(ply);
    if (!(await this.acceptServerMove(ply, move))) await this.resync();
    this.changed();
  }

  onSeats(seats) {
    this.server.seats = seats;
    if (this.server.status === 'waiting' && serverSides(this.server).every((side) => seats[side]?.joined)) this.server.status = 'ongoing';
    this.core.setPlayers(onlinePlayers(this.server, this.seat));
    this.changed();
  }

  onEnd({ result, clock }) {
    Object.assign(this.server, { status: 'finished', result, clock: clock ?? this.server.clock, draw_offer: null });
    this.clockAt = performance.now();
    this.end(result);
    this.changed();
  }

  /** The server ended the game.  A goal (Parlett's too, under the house
   * rule), a repetition or the turn limit the rules here have seen with the
   * last move; a resignation, the time, an agreement or an abandonment they
   * could not. */
  end(result) {
    const core = this.core;
    if (core.over || ['goal', 'parlett', 'repetition', 'turn_limit'].includes(result.reason)) return;
    if (result.reason === 'resign' && !manySeats(this.server)) core.finish({ resigned: SIDES.find((side) => side !== result.winner) });
    else core.finish({ outcome: result });
    this.ended();
  }

  ended() {
    const core = this.core;
    core.prefs.sound.play('end');
    core.ui.announce(endAnnouncement(core.model()));
    core.ui.showEnd(core.model());
    this.review.analyse();
  }

  /** The server refused the person's move: it is taken back, and the game
   * reloaded as the server has it (a stale ply or the game over need no
   * word: the reload shows why). */
  async onRefused(error) {
    this.core.setSentMove(null);
    await this.resync();
    if (error instanceof ApiError && error.status === 422) this.core.say(() => t('online.refused', { reason: error.message }), 'warn');
    else if (!(error instanceof ApiError && error.status === 409)) this.core.say(() => t(...errorText(error)), 'warn');
  }
}
