// texts.js: the page's words about a game, in the current language: who
// plays a seat, whose turn it is, the result, a move as announced, the end's
// summary.  Pure functions of the controller's model (game.js, model()).

import { t } from './i18n.js';
import { campSquares, goalOf, isStep, piecesOf } from './squares.js';
import { SIDES, againstOthers, allJoined, seatOf, sidesOf } from './seats.js';
import { seatingOf } from './seating.js';

/** The seats of `players` face one another alone (of two), one player a seat. */
const headToHead = (players) => seatingOf({ players: players.length })?.headToHead ?? true;

const SIDE_KEYS = { w: 'side.white', r: 'side.red', b: 'side.black', y: 'side.yellow' };

export const sideName = (side) => t(SIDE_KEYS[side]);

const sideToMove = (side) => (side === 'w' || side === 'b' ? t(side === 'w' ? 'status.whiteToMove' : 'status.blackToMove') : t('status.seatToMove', { side: sideName(side) }));

/** Who plays a seat: a name the game gives, the computer and its level,
 * "You" and "Your friend" against each other, an online seat without a
 * name its colour, else Player 1 or 2. */
export function playerName(players, seat) {
  const player = players[seat];
  // Online, the person is "You" to themselves, whatever name they gave.
  if (player.name && !(player.kind === 'person' && players.some((p) => p.kind === 'remote'))) return player.name;
  if (player.kind === 'computer') return t('player.computerLevel', { level: player.level });
  // Of three or four, or to a spectator, "Your friend" or a number would
  // stand for several seats: the colour names one.
  if (player.kind === 'remote' && (!headToHead(players) || !players.some((p) => p.kind === 'person'))) return sideName(sidesOf({ players: players.length })[seat]);
  // Three or four with several people here: "You" and the others numbered,
  // seats given up to the computer counted, so that nobody is renamed after.
  const people = players.filter((p) => p.kind === 'person' || p.resigned);
  const others = people.filter((p) => !p.you);
  const you = people.some((p) => p.you);
  if (!headToHead(players) && people.length > 1) {
    return player.you ? t('player.you') : t('player.number', { number: others.indexOf(player) + (you ? 2 : 1) });
  }
  if (againstOthers(players)) return t(player.kind === 'person' ? 'player.you' : 'online.friend');
  return t(seat === 0 ? 'player.white' : 'player.black');
}

/** Who played a seat, as a record names them for anyone who reads it: a
 * name the game gives, the computer and its level, "You" only in a game of
 * this device (an online seat without a name is its side: "White"). */
export function recordName(players, seat) {
  const player = players[seat];
  if (player.name) return player.name;
  if (player.kind !== 'computer' && players.some((p) => p.kind === 'remote')) return sideName(sidesOf({ players: players.length })[seat]);
  return playerName(players, seat);
}

/** The result in a sentence, from the point of view of the person here. */
export function resultText({ state, players }) {
  const result = state.result;
  if (result === 'draw-repetition') return t('result.repetition');
  if (result === 'draw-turn-limit') return t('result.turnLimit', { limit: state.turnLimit });
  if (result === 'draw-agreement') return t('result.agreement');
  if (result === 'aborted') return t('result.aborted');
  if (result === 'no-winner') return t('result.noWinner');
  if (!seatingOf(state).headToHead) return winnersText(state.winners, players);
  const winner = players[result === 'white-wins' ? 0 : 1];
  if (winner.kind === 'computer') return t('result.computerWins', { level: winner.level });
  if (againstOthers(players)) return t(winner.kind === 'person' ? 'result.youWin' : 'result.friendWins');
  return t(result === 'white-wins' ? 'result.whiteWins' : 'result.blackWins');
}

/** How the seats that won did it, a sentence a seat: all their pieces
 * home ("White: all 19 pieces home in 80 moves.") or, under the house rule,
 * Parlett's win: "White wins: the goal is full, one of its squares
 * White's." (a partner: "Red: the goal is full, ..."); '' for no winner. */
export function winText(model, summary = endSummary(model)) {
  const { state } = model;
  const won = state.winners?.length ? state.winners : [{ 'white-wins': 'w', 'black-wins': 'b' }[state.result]];
  const winners = summary.filter(({ side }) => won.includes(side));
  return winners.map(({ side, count, moves }) => {
    if (!parlettWon(state, side)) return t('end.win', { side: sideName(side), count, moves });
    return t(winners.length > 1 ? 'end.parlettSeat' : 'end.parlett', { side: sideName(side) });
  }).join(' ');
}

/** The seat won by Parlett's win (its goal full, not of its own pieces alone). */
const parlettWon = (state, side) => state.reason === 'parlett' && !(state.home ?? []).includes(side);

/** The end as the screen reader's live line says it: the result, and how a
 * Parlett win was won ("White wins: the goal is full, ...", said once
 * where the result would only repeat "White wins!"). */
export function endAnnouncement(model) {
  const result = resultText(model);
  const { state } = model;
  if (!state.winners?.some((side) => parlettWon(state, side))) return result;
  const how = winText(model);
  const sides = state.winners.length === 1 ? [t('result.seatWins', { side: sideName(state.winners[0]) }), t('result.whiteWins'), t('result.blackWins')] : [];
  return sides.includes(result) ? how : `${result} ${how}`;
}

/** Three or four: the seat that won, or the partners, and "You win!" for
 * the one person here. */
function winnersText(winners, players) {
  const seats = sidesOf({ players: players.length });
  const people = players.flatMap((p, seat) => (p.kind === 'person' ? [seats[seat]] : []));
  if (people.length === 1 && winners.includes(people[0])) {
    const partner = winners.find((side) => side !== people[0]);
    return partner ? t('result.youAndPartnerWin', { partner: sideName(partner) }) : t('result.youWin');
  }
  if (winners.length === 2) return t('result.partnersWin', { first: sideName(winners[0]), second: sideName(winners[1]) });
  return t('result.seatWins', { side: sideName(winners[0]) });
}

/** The status line: the position looked back at, the result, the
 * computer thinking, an online game's state, or whose turn it is. */
export function statusText(model) {
  const { state, position, review, phase, players, sentMove } = model;
  if (!state) return '';
  if (review) return sideToMove(position.side);
  if (state.result !== 'ongoing') return resultText(model);
  if (phase === 'thinking') return t('status.thinking');
  const seating = seatingOf(state);
  const turn = players[seatOf(state.side, seating.sides)];
  // Two face to face: "your friend", White's and Black's turns; else each seat by its name.
  const lone = seating.loneOpponent(state.side) !== null;
  if (players.some((p) => p.kind === 'remote')) {
    if (!allJoined(players)) return t(lone ? 'online.status.waiting' : 'online.status.waitingMany');
    if (sentMove) return t('online.status.sending');
    if (!againstOthers(players)) return sideToMove(state.side);
    if (!lone && turn.kind === 'person') return t('status.yourTurnSeat', { side: sideName(state.side) });
    if (!lone && !turn.name) return sideToMove(state.side); // an unnamed friend, or the server's computer
    if (turn.kind === 'person') return t('status.yourTurnWhite');
    return turn.name ? t('online.status.namedTurn', { name: turn.name }) : t('online.status.friendsTurn');
  }
  if (!lone) return turn.kind === 'person' && players.filter((p) => p.kind === 'person').length === 1 ? t('status.yourTurnSeat', { side: sideName(state.side) }) : sideToMove(state.side);
  if (againstOthers(players)) return t(state.side === 'w' ? 'status.yourTurnWhite' : 'status.yourTurnBlack');
  return sideToMove(state.side);
}

/** Why a tap on the board does nothing while another seat is to move or an
 * online game cannot take a move. */
export function waitText({ players, sentMove, state }) {
  if (!players.some((p) => p.kind === 'person')) return t('online.watching');
  if (!allJoined(players)) return t(headToHead(players) ? 'online.status.waiting' : 'online.status.waitingMany');
  if (sentMove) return t('online.sendingWait');
  // Of three or four, "your friend" could be any of several seats, or the computer.
  if (!headToHead(players) && state) return t('online.notYourTurnMany', { who: seatWhoOf(players, state.side) });
  return t('online.notYourTurn');
}

/** A seat as the others know it: its colour, with who plays it when that
 * is more than the colour ("Red (Bea)", "Black (Computer, level 1)"). */
function seatWhoOf(players, side) {
  const name = playerName(players, seatOf(side, sidesOf({ players: players.length })));
  return name === sideName(side) ? name : t('online.seatNamed', { side: sideName(side), name });
}

/** Where move i (0 for the first) stands in the move list, numbered in
 * rounds from the first turn as in chess, a round a move of each seat in
 * `sides`: {number, side}.  A game that starts with another seat's move
 * has its first round begun by it. */
export function moveNumber(i, firstSide, firstTurn, sides = SIDES) {
  const first = Math.floor(firstTurn / sides.length) + 1;
  const at = seatOf(firstSide, sides) + i;
  return { number: first + Math.floor(at / sides.length), side: sides[at % sides.length] };
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
  const sides = sidesOf(game);
  return sides.map((side, seat) => {
    const goal = campSquares(goalOf(side), game.variant);
    const home = [...goal].filter((square) => pieces.get(square) === side).length;
    const moves = Math.floor((state.turns + sides.length - 1 - seat) / sides.length);
    // Three or four: the seat's name too, the computers being several.
    const player = playerName(players, seat);
    const name = sides.length > 2 && player !== sideName(side) ? `${sideName(side)} · ${player}` : player;
    return { side, name, home, count: goal.size, moves };
  });
}
