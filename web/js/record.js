// record.js: writing game records (docs/RECORD.md): headers in square
// brackets, then the moves in RULES.md notation with move numbers, then the
// result.  Reading them is the rules' job (src/core/record.c, through the
// worker), so that what comes from outside is read by one fuzzed reader.

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

/**
 * The text of a record: {variant, fen (null for the start), turnLimit,
 * moves, white, black, result, date, firstSide ('w' or 'b'), firstTurn}.
 */
export function writeRecord({ variant, fen, turnLimit, moves, white, black, result, date, firstSide = 'w', firstTurn = 0 }) {
  const headers = [
    ['Game', 'Halma'],
    ['Date', date ?? recordDate()],
    ['Variant', variant],
    ['White', white],
    ['Black', black],
    ['TurnLimit', turnLimit],
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
