// old_store.mjs: a store as an earlier build of `halma serve` wrote it, made
// again from a fixture (tests/online/fixtures/store-*.json: the build's DDL
// and its tables row by row), on an SQLite file or a PostgreSQL database, for
// the tests that a server upgrades a store in place and keeps its games.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { psql } from './pg_store.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export function oldStoreFixture(name = 'store-cc4e3e3.json') {
  return JSON.parse(fs.readFileSync(path.join(HERE, 'fixtures', name), 'utf8'));
}

// The wall-clock columns, moved by the same amount so that the games are as
// fresh as when they were written (a running clock as far from its flag).
const TIMES = ['created_ms', 'last_move_ms', 'finished_ms', 'w_seen', 'b_seen', 'turn_started_ms'];
const HASHES = ['w_token', 'b_token', 'invite'];

function literal(column, value, pg) {
  if (value === null) return 'NULL';
  if (HASHES.includes(column)) return pg ? `decode('${value}', 'hex')` : `X'${value}'`;
  if (typeof value === 'number') return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
}

// The SQL that makes the fixture's store, its times shifted by shiftMs.
function statements(fixture, pg, shiftMs) {
  const out = [...fixture.schema[pg ? 'pg' : 'sqlite']];
  for (const [table, rows] of Object.entries(fixture.tables))
    for (const row of rows) {
      const columns = Object.keys(row);
      const values = columns.map((c) => {
        const v = TIMES.includes(c) && row[c] > 0 ? row[c] + shiftMs : row[c];
        return literal(c, v, pg);
      });
      out.push(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${values.join(', ')})`);
    }
  return out;
}

// Writes the fixture's store to `store` (an SQLite path, or a PostgreSQL
// URI of an empty database), its times moved to now.
export function writeOldStore(fixture, store) {
  const pg = /^postgres(ql)?:\/\//.test(store);
  const sql = statements(fixture, pg, Date.now() - fixture.written_ms);
  if (pg) {
    psql(store, ['BEGIN', ...sql, 'COMMIT'].join(';\n'));
    return;
  }
  const r = spawnSync('sqlite3', [store], { input: ['BEGIN', ...sql, 'COMMIT'].join(';\n') + ';\n', encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`sqlite3: ${r.stderr}`);
}
