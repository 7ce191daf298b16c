// The soak's cluster: one PostgreSQL (embedded, supervised, or DATABASE_URL) and N app instances, each a process
// of its own (`node scripts/start.mjs`, production) that the harness can SIGKILL and start again.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded';
import { freePort } from '../../apps/server/src/db/embedded';
import { answering, benchAppEnv, rssMb } from '../load';
import { heapAfterGc } from './gc';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface SoakDatabase {
  url: string;
  /** The postmaster's pid now (null: a server of your own, which the soak does not kill). */
  pid(): number | null;
  stop(): Promise<void>;
}

/** DATABASE_URL / BENCH_DATABASE_URL, else an embedded server in a temporary directory removed after. */
export async function openSoakDatabase(log: (l: string) => void): Promise<SoakDatabase> {
  const own = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (own) return { url: own, pid: () => null, stop: async () => {} };
  const dir = mkdtempSync(path.join(tmpdir(), 'sk-soak-'));
  chmodSync(dir, 0o755); // PostgreSQL runs as its own user when we are root
  // 200 connections: three instances' pools (20 each), their job workers and LISTEN, the harness's checks.
  const pg = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), maxConnections: 200, log });
  return {
    url: pg.url,
    pid: () => pg.pid,
    stop: async () => {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Instance {
  name: string;
  port: number;
  base: string;
  /** The current process (changes after a restart). */
  child: ChildProcess | null;
  startedAt: number;
}

/**
 * App instances on fixed ports (a restarted one comes back where the load generator sends), each with PGAPPNAME set
 * so that its connections are counted apart in pg_stat_activity, and an inspector port the harness uses for a full GC.
 */
export class Instances {
  readonly list: Instance[] = [];
  private readonly inspect = new Map<string, number>();
  constructor(
    private readonly databaseUrl: string,
    private readonly extraEnv: Record<string, string>,
  ) {}

  /** Starts instances up to `n` (the first one seeds the demo on an empty database). */
  async start(n: number): Promise<void> {
    for (let i = this.list.length + 1; i <= n; i++) {
      const port = await freePort();
      const inst: Instance = { name: `app${i}`, port, base: `http://127.0.0.1:${port}`, child: null, startedAt: 0 };
      this.list.push(inst);
      this.inspect.set(inst.name, await freePort());
    }
    // One at a time: the first migrates and seeds, the others find the schema ready.
    for (const inst of this.list) if (!inst.child) await this.boot(inst);
  }

  private async boot(inst: Instance): Promise<void> {
    const env = benchAppEnv(this.databaseUrl, inst.port, ROOT, { ...this.extraEnv, PGAPPNAME: `soak-${inst.name}` });
    // The demo enterprise is the soak's tenant: the first instance seeds it (on an empty database only) as npm start does.
    if (inst === this.list[0]) env.SEED_DEMO = '1';
    const child = spawn(process.execPath, [`--inspect=127.0.0.1:${this.inspect.get(inst.name)}`, 'scripts/start.mjs'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (c: Buffer) => {
      const text = String(c);
      if (!text.includes('Debugger') && !text.includes('inspector') && !text.includes('For help, see')) process.stderr.write(`[${inst.name}] ${text}`);
    });
    inst.child = child;
    inst.startedAt = Date.now();
    await answering(child, inst.base);
  }

  /** SIGKILL, then the same instance started again after `pauseMs`; answers the seconds until it answered. */
  async killAndRestart(inst: Instance, pauseMs = 2000): Promise<number> {
    const child = inst.child;
    if (!child) throw new Error(`${inst.name} is not running`);
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    inst.child = null;
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, pauseMs));
    await this.boot(inst);
    return (Date.now() - t0) / 1000;
  }

  rss(inst: Instance): number {
    return inst.child?.pid ? rssMb(inst.child.pid) : Number.NaN;
  }

  /** The JavaScript heap in use after a full garbage collection (through the instance's inspector), and RSS then, MB; `boot` names the process. */
  async afterGc(inst: Instance): Promise<{ heap: number; rss: number; boot: number }> {
    const boot = inst.startedAt;
    const heap = await heapAfterGc(this.inspect.get(inst.name) as number);
    return { heap, rss: this.rss(inst), boot };
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.list.map(async (inst) => {
        const child = inst.child;
        if (!child || child.exitCode != null) return;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }),
    );
  }
}
