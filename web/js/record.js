// record.js: game records as text (docs/RECORD.md): headers in square
// brackets, then the moves in RULES.md notation with move numbers, then the
// result.  Parsing checks the form only; the rules (the worker) check the
// position and every move when the record is loaded.

const RESULTS = {
  'white-wins': '1-0',
  'black-wins': '0-1',
  'draw-repetition': '1/2-1/2',
  'draw-turn-limit': '1/2-1/2',
  ongoing: '*',
};

const TERMINATION = {
  'white-wins': 'White wins',
  'black-wins': 'Black wins',
  'draw-repetition': 'Draw by threefold repetition',
  'draw-turn-limit': 'Draw by the turn limit',
};

export class RecordError extends Error {
  constructor(code, params = {}) {
    super(code);
    this.code = code;
    this.params = params;
  }
}

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

const FEN_LIKE = /^\s*[wb0-9/]+\s+[wb]\s+\d+\s*$/;
const MOVE = /^([a-p](?:[1-9]|1[0-6]))(-[a-p](?:[1-9]|1[0-6]))+$|^pass$/;

/**
 * Reads a record, or a lone FEN.  Returns {variant, fen, turnLimit, moves,
 * headers}; throws RecordError with a code the page translates.
 */
export function parseRecord(text) {
  if (typeof text !== 'string' || !text.trim()) throw new RecordError('empty');
  if (text.length > 200000) throw new RecordError('too-long');
  if (FEN_LIKE.test(text)) {
    return { variant: guessVariant(text), fen: text.trim().replace(/\s+/g, ' '), turnLimit: 400, moves: [], headers: {} };
  }
  const headers = {};
  let body = text.replace(/\r\n?/g, '\n');
  body = body.replace(/^\s*\[(\w+)\s+"([^"\n]*)"\]\s*$/gm, (line, key, value) => {
    headers[key] = value;
    return '';
  });
  const stray = /^\s*\[.*$/m.exec(body);
  if (stray) throw new RecordError('bad-header', { line: stray[0].trim().slice(0, 40) });
  body = body.replace(/\{[^}]*\}/g, ' ').replace(/;[^\n]*/g, ' ');
  const variant = headers.Variant === undefined ? 19 : Number(headers.Variant);
  if (variant !== 19 && variant !== 13) throw new RecordError('bad-variant', { value: headers.Variant });
  const turnLimit = headers.TurnLimit === undefined ? 400 : Number(headers.TurnLimit);
  if (!Number.isInteger(turnLimit) || turnLimit < 1 || turnLimit > 2000) {
    throw new RecordError('bad-turn-limit', { value: headers.TurnLimit });
  }
  const moves = [];
  for (const token of body.split(/\s+/).filter(Boolean)) {
    if (/^\d+\.(\.\.)?$/.test(token) || ['1-0', '0-1', '1/2-1/2', '*'].includes(token)) continue;
    const numbered = /^\d+\.(?:\.\.)?(.+)$/.exec(token);
    const move = numbered ? numbered[1] : token;
    if (!MOVE.test(move)) throw new RecordError('bad-move', { number: moves.length + 1, move: move.slice(0, 40) });
    moves.push(move);
  }
  if (moves.length > 2000) throw new RecordError('too-long');
  const fen = headers.FEN ? headers.FEN.trim().replace(/\s+/g, ' ') : null;
  return { variant, fen, turnLimit, moves, headers };
}

/** A lone FEN says nothing of its variant: count its White pieces. */
function guessVariant(fen) {
  const placement = fen.trim().split(/\s+/)[0];
  return (placement.match(/w/g) ?? []).length === 13 ? 13 : 19;
}
