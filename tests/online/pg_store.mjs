// pg_store.mjs: the PostgreSQL store of the online tests.
//
// The cluster is HALMA_TEST_PG's (and HALMA_PG_TEMP's folder, for pausing
// it), as `tools/pg-temp.sh run -- CMD` sets them; without them a throwaway
// cluster of tools/pg-temp.sh is started here and removed when the process
// exits.  Each caller of freshDatabase() gets a database of its own (CREATE
// DATABASE through psql), dropped by dropDatabases() or at exit, so that runs
// never see each other's games.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { REPO } from '../serve/raw_http.mjs';

export const PG_TEMP_SH = path.join(REPO, 'tools/pg-temp.sh');

let cluster = null; // {uri, dir, own}
let paused = false;
const databases = new Set();

function run(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: 120000 });
  if (r.error) throw new Error(`${cmd}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}:\n${r.stderr}`);
  return r.stdout;
}

// psql against uri: one SQL command, its output (tuples only, unaligned).
export function psql(uri, sql) {
  return run('psql', ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-d', uri, '-c', sql]).trim();
}

// The cluster: {uri, dir} (dir null when HALMA_TEST_PG came without HALMA_PG_TEMP).
export function pgCluster() {
  if (cluster) return cluster;
  if (process.env.HALMA_TEST_PG) {
    cluster = { uri: process.env.HALMA_TEST_PG, dir: process.env.HALMA_PG_TEMP || null, own: false };
  } else {
    if (!fs.existsSync(PG_TEMP_SH)) throw new Error(`no HALMA_TEST_PG and no ${PG_TEMP_SH} to start a PostgreSQL server`);
    // short: the socket's path has a limit of 107 bytes
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hpg-'));
    fs.rmdirSync(dir); // pg-temp.sh creates it, owned by the server's user
    const uri = run(PG_TEMP_SH, ['start', dir]).trim().split('\n').pop();
    cluster = { uri, dir, own: true };
  }
  return cluster;
}

// uri with its database replaced by name.
export function withDatabase(uri, name) {
  const u = new URL(uri);
  u.pathname = '/' + name;
  return u.toString();
}

// A new, empty database on the cluster: its URI.
export function freshDatabase(label = 'online') {
  const { uri } = pgCluster();
  const name = `halma_${label}_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  psql(uri, `CREATE DATABASE ${name}`);
  databases.add(name);
  return withDatabase(uri, name);
}

// Drops the databases made here (their servers must be stopped first; any
// connection left is ended).
export function dropDatabases() {
  if (!cluster) return;
  for (const name of [...databases]) {
    try {
      psql(cluster.uri, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } catch (e) {
      process.stderr.write(`pg_store: could not drop ${name}: ${e.message}\n`);
    }
    databases.delete(name);
  }
}

// Stops the cluster (keeping its data and port) and starts it again.
export function pausePg() {
  const { dir } = pgCluster();
  if (!dir) throw new Error('HALMA_PG_TEMP is not set: no cluster to pause');
  run(PG_TEMP_SH, ['pause', dir]);
  paused = true;
}
export function resumePg() {
  const { dir } = pgCluster();
  run(PG_TEMP_SH, ['resume', dir]);
  paused = false;
}
// Freezes the cluster's processes (SIGSTOP: connections stay, nothing is
// answered, as a database that hangs) or thaws them (SIGCONT).
function signalCluster(signal) {
  const { dir } = pgCluster();
  const pid = Number(fs.readFileSync(path.join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number);
  for (const p of [pid, ...children]) process.kill(p, signal);
}
export const freezePg = () => signalCluster('SIGSTOP');
export const thawPg = () => signalCluster('SIGCONT');

export function canPause() {
  return Boolean(pgCluster().dir) && fs.existsSync(PG_TEMP_SH);
}

process.on('exit', () => {
  if (!cluster) return;
  // A paused cluster (a test that failed in between) is started again to drop its databases.
  if (paused) spawnSync(PG_TEMP_SH, ['resume', cluster.dir], { stdio: 'ignore' });
  dropDatabases();
  if (cluster.own) spawnSync(PG_TEMP_SH, ['stop', cluster.dir], { stdio: 'ignore' });
});
