// record.js: writing game records (docs/RECORD.md): headers in square
// brackets, then the moves in RULES.md notation with move numbers, then the
// result.  Reading them is the rules' job (src/core/record.c, through the
// worker), so that what comes from outside is read by one fuzzed reader.

import { canPartner, NOSPOIL, noSpoil } from './seating.js';

const RESULTS = {
  'white-wins': '1-0',
  'black-wins': '0-1',
  'draw-repetition': '1/2-1/2',
  'draw-turn-limit': '1/2-1/2',
  'draw-agreement': '1/2-1/2',
  ongoing: '*',
};

const TERMINATION = {
  'white-wins': 'White wins',
  'black-wins': 'Black wins',
  'draw-repetition': 'Draw by threefold repetition',
  'draw-turn-limit': 'Draw by the turn limit',
  'draw-agreement': 'Draw by agreement',
  aborted: 'Aborted',
};

const quote = (value) => String(value).replace(/["\\\r\n]/g, ' ');

/** Today as YYYY.MM.DD. */
export function recordDate(date = new Date()) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}.${pad(date.getMonth() + 1)}.${pad(date.getDate())}`;
}

/** The Rules header of a game under the house rule; none for the seeds' rules (RECORD.md). */
const rulesHeader = (game) => (noSpoil(game) ? [['Rules', NOSPOIL]] : []);

/**
 * The text of a record: {variant, fen (null for the start), turnLimit,
 * moves, white, black, result, date, firstSide ('w' or 'b'), firstTurn,
 * rules ('nospoil': the house rule)}.
 */
export function writeRecord({ variant, fen, turnLimit, moves, white, black, result, date, firstSide = 'w', firstTurn = 0, rules }) {
  const headers = [
    ['Game', 'Halma'],
    ['Date', date ?? recordDate()],
    ['Variant', variant],
    ['White', white],
    ['Black', black],
    ['TurnLimit', turnLimit],
    ...rulesHeader({ rules }),
  ];
  if (fen) headers.push(['FEN', fen]);
  headers.push(['Result', RESULTS[result] ?? '*']);
  if (TERMINATION[result]) headers.push(['Termination', TERMINATION[result]]);
  const lines = headers.map(([key, value]) => `[${key} "${quote(value)}"]`);
  lines.push('');
  // Numbered in pairs from the first turn, as in chess: "12. a-b c-d".
  let line = '';
  let number = Math.floor(firstTurn / 2) + 1;
  moves.forEach((move, i) => {
    const side = (firstSide === 'w') === (i % 2 === 0) ? 'w' : 'b';
    if (side === 'w') line += `${number}. `;
    else if (i === 0) line += `${number}... `;
    line += move;
    if (side === 'b') {
      lines.push(line);
      line = '';
      number++;
    } else {
      line += ' ';
    }
  });
  if (line) lines.push(line.trimEnd());
  lines.push(RESULTS[result] ?? '*');
  return `${lines.join('\n')}\n`;
}

const SEAT_NAMES = { w: 'White', r: 'Red', b: 'Black', y: 'Yellow' };

/** Three or four players' result: each seat's score in the turn order
 * ("0-1-0-0": Red won), and the termination's words (RECORD.md). */
function multiResult(sides, result, winners) {
  if (result === 'ongoing') return { score: '*', termination: null };
  if (result.startsWith('draw-')) return { score: sides.map(() => '1/2').join('-'), termination: TERMINATION[result] };
  // Online only: ended before every person had moved, or with nobody left playing.
  if (result === 'aborted') return { score: '*', termination: TERMINATION.aborted };
  if (result === 'no-winner') return { score: '*', termination: 'No winner' };
  const won = winners.map((side) => SEAT_NAMES[side]);
  return { score: sides.map((side) => (winners.includes(side) ? '1' : '0')).join('-'), termination: `${won.join(' and ')} ${won.length > 1 ? 'win' : 'wins'}` };
}

/**
 * The text of a record of three or four players: {players, partners, fen,
 * turnLimit, moves, names: {w, r, b, y}, result, winners, date, firstSide,
 * firstTurn, rules}; its moves numbered in rounds of a turn of each seat.
 */
export function writeMultiRecord({ players, partners, fen, turnLimit, moves, names, result, winners = [], date, firstSide = 'w', firstTurn = 0, rules }) {
  const sides = ['w', 'r', 'b', 'y'].slice(0, players);
  const { score, termination } = multiResult(sides, result, winners);
  const headers = [['Game', 'Halma'], ['Date', date ?? recordDate()], ['Players', players]];
  if (canPartner(players)) headers.push(['Partners', partners ? 'yes' : 'no']);
  for (const side of sides) headers.push([SEAT_NAMES[side], names[side]]);
  headers.push(['TurnLimit', turnLimit], ...rulesHeader({ rules }));
  if (fen) headers.push(['FEN', fen]);
  headers.push(['Result', score]);
  if (termination) headers.push(['Termination', termination]);
  const lines = headers.map(([key, value]) => `[${key} "${quote(value)}"]`);
  lines.push('');
  let round = [];
  let number = Math.floor(firstTurn / players) + 1;
  moves.forEach((move, i) => {
    const seat = (sides.indexOf(firstSide) + i) % players;
    if (i === 0 && seat !== 0) round.push(`${number}...`);
    else if (seat === 0) round.push(`${number}.`);
    round.push(move);
    if (seat === players - 1) {
      lines.push(round.join(' '));
      round = [];
      number++;
    }
  });
  if (round.length) lines.push(round.join(' '));
  lines.push(score);
  return `${lines.join('\n')}\n`;
}
