// texts.js: the page's words about a game, in the current language: who
// plays a seat, whose turn it is, the result, a move as announced, the end's
// summary.  Pure functions of the controller's model (game.js, model()).

import { t } from './i18n.js';
import { campSquares, isStep, piecesOf } from './squares.js';
import { SIDES, againstOthers, allJoined, nextSide, seatOf } from './seats.js';

export const sideName = (side) => t(side === 'w' ? 'side.white' : 'side.black');

const sideToMove = (side) => t(side === 'w' ? 'status.whiteToMove' : 'status.blackToMove');

/** Who plays a seat: a name the game gives, the computer and its level,
 * "You" and "Your friend" against each other, else Player 1 or 2. */
export function playerName(players, seat) {
  const player = players[seat];
  // Online, the person is "You" to themselves, whatever name they gave.
  if (player.name && !(player.kind === 'person' && players.some((p) => p.kind === 'remote'))) return player.name;
  if (player.kind === 'computer') return t('player.computerLevel', { level: player.level });
  if (againstOthers(players)) return t(player.kind === 'person' ? 'player.you' : 'online.friend');
  return t(seat === 0 ? 'player.white' : 'player.black');
}

/** Who played a seat, as a record names them for anyone who reads it: a
 * name the game gives, the computer and its level, "You" only in a game of
 * this device (an online seat without a name is its side: "White"). */
export function recordName(players, seat) {
  const player = players[seat];
  if (player.name) return player.name;
  if (!player.name && players.some((p) => p.kind === 'remote')) return sideName(SIDES[seat]);
  return playerName(players, seat);
}

/** The result in a sentence, from the point of view of the person here. */
export function resultText({ state, players }) {
  const result = state.result;
  if (result === 'draw-repetition') return t('result.repetition');
  if (result === 'draw-turn-limit') return t('result.turnLimit', { limit: state.turnLimit });
  if (result === 'draw-agreement') return t('result.agreement');
  if (result === 'aborted') return t('result.aborted');
  const winner = players[result === 'white-wins' ? 0 : 1];
  if (winner.kind === 'computer') return t('result.computerWins', { level: winner.level });
  if (againstOthers(players)) return t(winner.kind === 'person' ? 'result.youWin' : 'result.friendWins');
  return t(result === 'white-wins' ? 'result.whiteWins' : 'result.blackWins');
}

/** The status line: the position looked back at, the result, the
 * computer thinking, an online game's state, or whose turn it is. */
export function statusText(model) {
  const { state, position, review, phase, players, sentMove } = model;
  if (!state) return '';
  if (review) return sideToMove(position.side);
  if (state.result !== 'ongoing') return resultText(model);
  if (phase === 'thinking') return t('status.thinking');
  const turn = players[seatOf(state.side)];
  if (players.some((p) => p.kind === 'remote')) {
    if (!allJoined(players)) return t('online.status.waiting');
    if (sentMove) return t('online.status.sending');
    if (!againstOthers(players)) return sideToMove(state.side);
    if (turn.kind === 'person') return t('status.yourTurnWhite');
    return turn.name ? t('online.status.namedTurn', { name: turn.name }) : t('online.status.friendsTurn');
  }
  if (againstOthers(players)) return t(state.side === 'w' ? 'status.yourTurnWhite' : 'status.yourTurnBlack');
  return sideToMove(state.side);
}

/** Why a tap on the board does nothing while another seat is to move or an
 * online game cannot take a move. */
export function waitText({ players, sentMove }) {
  if (!players.some((p) => p.kind === 'person')) return t('online.watching');
  if (!allJoined(players)) return t('online.status.waiting');
  return t(sentMove ? 'online.sendingWait' : 'online.notYourTurn');
}

/** Where move i (0 for the first) stands in the move list, numbered in
 * pairs from the first turn as in chess: {number, side}.  A game that
 * starts with Black's move has its first pair begun by it. */
export function moveNumber(i, firstSide, firstTurn) {
  const first = Math.floor(firstTurn / 2) + 1;
  const side = SIDES[(seatOf(firstSide) + i) % SIDES.length];
  const pair = firstSide === SIDES[0] ? Math.floor(i / 2) : Math.floor((i + 1) / 2);
  return { number: first + pair, side };
}

/** 'pass', 'step' or 'jump'. */
export function moveKind(path) {
  if (path === 'pass') return 'pass';
  const squares = path.split('-');
  return squares.length === 2 && isStep(squares[0], squares[1]) ? 'step' : 'jump';
}

/** A move as a screen reader hears it. */
export function moveText(side, path) {
  if (path === 'pass') return t('announce.pass', { side: sideName(side) });
  const squares = path.split('-');
  return t(`announce.${moveKind(path)}`, { side: sideName(side), from: squares[0], to: squares.at(-1), path: squares.join(', ') });
}

/** How the game went, seat by seat: pieces in the goal camp (a side's goal
 * is the next side's camp) and moves played, counted from turn 0. */
export function endSummary({ state, game, players }) {
  const pieces = piecesOf(state.fen);
  return SIDES.map((side, seat) => {
    const goal = campSquares(nextSide(side), game.variant);
    const home = [...goal].filter((square) => pieces.get(square) === side).length;
    const moves = Math.floor((state.turns + SIDES.length - 1 - seat) / SIDES.length);
    return { side, name: playerName(players, seat), home, count: goal.size, moves };
  });
}
