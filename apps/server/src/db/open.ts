import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { type Database, openPostgres } from './client';
import { startEmbeddedPostgres } from './embedded';

/** Pool size per app instance: requests, the job workers and LISTEN share it. */
const POOL_MAX = 20;

/** PostgreSQL at DATABASE_URL, or the embedded server under DATA_DIR/pg started for this app. */
export async function openDatabase(config: Config, log: (line: string) => void = console.info): Promise<Database> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL, POOL_MAX, config.DATABASE_READ_URL);
  return openEmbedded(path.join(config.dataDir, 'pg'), log, config.EMBEDDED_FSYNC === '1');
}

export async function openEmbedded(dir: string, log: (line: string) => void, fsync = true): Promise<Database> {
  mkdirSync(path.dirname(dir), { recursive: true });
  const unlock = lockDataDir(dir);
  try {
    const server = await startEmbeddedPostgres({ dir, log, fsync });
    const database = await openPostgres(server.url, POOL_MAX);
    return {
      ...database,
      kind: 'embedded',
      close: async () => {
        await database.close();
        await server.stop();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

/**
 * One app per embedded data directory: the app owns the server it starts. A lock file names the
 * owner's pid; a lock whose process is gone (the app was SIGKILLed) is stale and taken over.
 */
export function lockDataDir(dir: string): () => void {
  const file = `${dir}.lock`;
  const unlock = () => {
    if (existsSync(file) && readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return unlock;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const held = Number(readFileSync(file, 'utf8').trim()) || 0;
    if (held && held !== process.pid && nodeAlive(held)) {
      throw new Error(`数据目录 ${path.dirname(dir)} 正被另一个服务管家进程（pid ${held}）使用；请先停止它，或为本实例设置不同的 DATA_DIR`);
    }
    rmSync(file, { force: true });
  }
  throw new Error(`无法锁定数据目录 ${dir}`);
}

function nodeAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A pid reused after a reboot belongs to something else: only a node process counts.
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true;
  }
}
