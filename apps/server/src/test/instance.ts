import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../main.ts');

/** One app instance as `npm start` runs it (src/main.ts), in a child process, with its log lines. */
export interface Instance {
  url: string;
  child: ChildProcess;
  /** stdout and stderr lines so far. */
  lines: string[];
  /** Resolves with the exit code (or signal) when the process ends. */
  exited: Promise<number | string | null>;
  /** Resolves with the first line matching, rejects when the process ends first. */
  waitFor(re: RegExp): Promise<string>;
}

/** A port free on this machine now: the system picks it, so tests beside other servers never collide on a fixed one. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts an instance on `port`, or on a free port the system picks when none is given. */
export async function startInstance(port: number | null, env: Record<string, string>): Promise<Instance> {
  port ??= await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, NODE_ENV: 'production', COOKIE_SECURE: '0', SEED_DEMO: '0', LOG_LEVEL: 'info', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters: { re: RegExp; resolve: (l: string) => void; reject: (e: Error) => void }[] = [];
  const exited = new Promise<number | string | null>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  let tail = '';
  const onData = (b: Buffer) => {
    const parts = (tail + b.toString()).split('\n');
    tail = parts.pop() ?? '';
    for (const l of parts) {
      lines.push(l);
      for (const w of [...waiters]) {
        if (w.re.test(l)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(l);
        }
      }
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  void exited.then(() => {
    for (const w of waiters.splice(0)) w.reject(new Error(`instance on ${port} exited before /${w.re.source}/:\n${lines.slice(-20).join('\n')}`));
  });
  const waitFor = (re: RegExp) => {
    const seen = lines.find((l) => re.test(l));
    if (seen) return Promise.resolve(seen);
    if (child.exitCode !== null) return Promise.reject(new Error(`instance on ${port} has exited`));
    return new Promise<string>((resolve, reject) => waiters.push({ re, resolve, reject }));
  };
  await waitFor(/服务管家已启动/);
  return { url: `http://127.0.0.1:${port}`, child, lines, exited, waitFor };
}

/** A client of a running instance over real HTTP, keeping its session cookie and CSRF token like a browser. */
export class HttpClient {
  cookie = '';
  csrf = '';
  constructor(public base: string) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; success?: boolean; code?: string; message?: string; data: T }> {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = this.cookie;
    if (method !== 'GET' && this.csrf) headers['x-csrf-token'] = this.csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.base}/api${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('sk_sid='));
    if (set) {
      const v = set.slice('sk_sid='.length).split(';')[0] ?? '';
      this.cookie = v ? `sk_sid=${v}` : '';
    }
    const json = (await res.json().catch(() => ({}))) as { success?: boolean; code?: string; message?: string; data: T };
    return { status: res.status, ...json };
  }
  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body: unknown = {}) {
    return this.request<T>('POST', path, body);
  }
  async login(mobile: string, password: string, enterpriseId?: number): Promise<this> {
    const r = await this.post('/stand/pwdLogin', { mobile, password, enterpriseId });
    if (!r.success) throw new Error(`login failed: ${r.message}`);
    this.csrf = (await this.get<{ csrfToken: string }>('/v2/sessionUser/info')).data.csrfToken;
    return this;
  }
}
