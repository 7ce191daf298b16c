import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir, openEmbedded } from '../db/open';

/**
 * Crash safety: the real app (`node scripts/start.mjs`) on its embedded PostgreSQL is SIGKILLed while
 * writes are in flight. Its postmaster outlives it; the next start finds that orphan, stops it and
 * starts afresh; every acknowledged write is there, and an export started before the kill completes.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'sk-crash-'));
chmodSync(tmp, 0o755); // the embedded server runs as the postgres user when we are root
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode == null && c.signalCode == null) c.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startServer(port: number): Server {
  const web = path.join(tmp, 'web');
  mkdirSync(web, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: path.join(tmp, 'data'),
    SEED_DEMO: '1',
    WEB_DIST: web,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, base: `http://127.0.0.1:${port}/api`, output: () => out, exited };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitReady(s: Server, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (s.child.exitCode != null) throw new Error(`server exited early:\n${s.output()}`);
    const ok = await fetch(`${s.base}/version/info`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await pause(200);
  }
  throw new Error(`server not ready:\n${s.output()}`);
}

interface Session {
  cookie: string;
  csrf: string;
}

async function login(base: string): Promise<Session> {
  const r = await fetch(`${base}/stand/pwdLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: '13800000003', password: 'demo1234' }),
  });
  const cookie = (r.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const me = await (await fetch(`${base}/v2/sessionUser/info`, { headers: { cookie } })).json();
  return { cookie, csrf: me.data.csrfToken };
}

const post = (base: string, s: Session, p: string, body: unknown) =>
  fetch(`${base}${p}`, {
    method: 'POST',
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrf, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json());

/** A small PNG-signed blob that is unique per call. */
const uniquePng = (n: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(`crash-test-${n}-${Math.random()}`)]);

const postmasterPid = () => Number(readFileSync(path.join(tmp, 'data', 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
/** A setting of the app's own embedded server, read through the password in its marker file. */
async function serverSetting(name: string): Promise<string> {
  const pgDir = path.join(tmp, 'data', 'pg');
  const { password } = JSON.parse(readFileSync(`${pgDir}-server.json`, 'utf8'));
  const port = readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[3];
  const client = new pg.Client({ host: '127.0.0.1', port: Number(port), user: 'postgres', password, database: 'postgres' });
  await client.connect();
  try {
    return (await client.query(`SHOW ${name}`)).rows[0][name];
  } finally {
    await client.end();
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('crash safety on the embedded database', () => {
  it('keeps every acknowledged write across a SIGKILL and comes up cleanly', { timeout: 300_000 }, async () => {
    const port = await freePort();
    const first = startServer(port);
    await waitReady(first);
    // Durable by default: only the browser tests' throwaway databases turn fsync off (EMBEDDED_FSYNC=0).
    expect(await serverSetting('fsync')).toBe('on');
    const s1 = await login(first.base);
    const exp = await post(first.base, s1, '/export/user', { fileName: '崩溃前导出' });
    expect(exp.success).toBe(true);

    const acked: { id: number; bytes: Buffer }[] = [];
    let n = 0;
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const bytes = uniquePng(n++);
        try {
          const r = await post(first.base, s1, '/upload/save/str', { data: `data:image/png;base64,${bytes.toString('base64')}` });
          if (r.success) acked.push({ id: r.data.id, bytes });
        } catch {
          // the kill cut this one off: not acknowledged
        }
      }
    };
    const workers = [worker(), worker(), worker(), worker()];
    while (acked.length < 60) await pause(5);
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    stop = true;
    await Promise.all(workers);
    // The killed app leaves its lock and its postmaster behind; the next start must deal with both.
    expect(readFileSync(path.join(tmp, 'data', 'pg.lock'), 'utf8')).toBe(String(first.child.pid));
    const orphan = postmasterPid();
    expect(alive(orphan)).toBe(true);

    const second = startServer(port);
    await waitReady(second);
    expect(alive(orphan)).toBe(false);
    const serverPid = postmasterPid();
    expect(serverPid).not.toBe(orphan);
    // A second app on the same data directory is refused with a clear message.
    const third = startServer(await freePort());
    expect((await third.exited).code).not.toBe(0);
    expect(third.output()).toContain('正被另一个服务管家进程');
    const s2 = await login(second.base);
    for (const a of acked) {
      const r = await fetch(`${second.base}/upload/file/${a.id}`, { headers: { cookie: s2.cookie } });
      expect(r.status, `upload ${a.id}`).toBe(200);
      expect(Buffer.from(await r.arrayBuffer()).equals(a.bytes), `upload ${a.id} bytes`).toBe(true);
    }
    // The export finished before the kill, or the restarted job runner finishes it now.
    let item: { process_state: number; file_download_url: string | null } | undefined;
    for (let i = 0; i < 150; i++) {
      const list = await (await fetch(`${second.base}/fileDownloadCenter/list`, { headers: { cookie: s2.cookie } })).json();
      item = list.data.list.find((x: { id: number }) => x.id === exp.data.id);
      if (item?.process_state === 2) break;
      await pause(200);
    }
    expect(item?.process_state).toBe(2);
    const file = await fetch(`${second.base}${item?.file_download_url?.slice(4)}`, { headers: { cookie: s2.cookie } });
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');

    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
    expect(second.output()).not.toMatch(/error/i);
    expect(() => readFileSync(path.join(tmp, 'data', 'pg.lock'))).toThrow();
    expect(alive(serverPid)).toBe(false);
  });
});

describe('an old PGlite data directory', () => {
  it('is refused with a message in Chinese that says what to do', async () => {
    const dir = path.join(tmp, 'old', 'pg');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
    await expect(openEmbedded(dir, () => {})).rejects.toThrow(/旧版嵌入式数据库（PGlite）.*rm -rf/);
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
  });
});

describe('the embedded data directory lock', () => {
  it('refuses a second live process on the same directory and takes over the lock of a dead one', async () => {
    const dir = path.join(tmp, 'lock-test', 'pg');
    mkdirSync(path.dirname(dir), { recursive: true });
    // A live node process (our parent, the vitest runner) holds the lock.
    writeFileSync(`${dir}.lock`, String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(/正被另一个服务管家进程（pid \d+）使用/);
    // A process that has exited leaves a stale lock behind.
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => dead.once('exit', r));
    writeFileSync(`${dir}.lock`, String(dead.pid));
    const unlock = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    unlock();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});
