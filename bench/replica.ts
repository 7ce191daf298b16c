// The read replica's lag under the bench's write load (issue 34): customers added through the API (the app as its own
// process, DATABASE_READ_URL passed on) by 10 connections for BENCH_SECONDS, while the lag is sampled every 100 ms —
// bytes of WAL the replica has not replayed, and milliseconds since the last commit it replayed while it is behind.
// `npm run bench` runs it last (BENCH_REPLICA=0 skips it): on the bench database and DATABASE_READ_URL when that is set,
// else on a primary and a streaming standby of its own (lagOnOwnStandby). Alone: `npx tsx bench/replica.ts` measures
// DATABASE_URL and DATABASE_READ_URL, or, without them, a primary and a streaming standby it starts (as the replica
// test does).
import autocannon from 'autocannon';
import pg from 'pg';
import { type Database, openPostgres } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/migrate';
import { ReadReplica } from '../apps/server/src/db/replica';
import { postgresBinaries, startStandby } from '../apps/server/src/test/standby';
import { runAlone } from './alone';
import { startAppProcess } from './load';
import { benchLogin, seedLarge } from './seed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const WRITE = '/v2/customer/addCustomer';

export interface LagResult {
  writes: number;
  'writes/s': number;
  bytes: { p50: number; max: number };
  ms: { p50: number; max: number };
  /** From the end of the load until the replica had replayed everything the primary had written. */
  catchUpMs: number;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0) : 0;
};

export async function replicaLagScenario(database: Database, readUrl: string, enterpriseId: number): Promise<LagResult> {
  const primary = new pg.Pool({ connectionString: database.url, max: 1 });
  const replica = new ReadReplica(new pg.Pool({ connectionString: readUrl, max: 1 }));
  const app = await startAppProcess(database.url, { DATABASE_READ_URL: readUrl });
  try {
    const cookie = await benchLogin(app.base, enterpriseId);
    const me = await (await fetch(`${app.base}/api/v2/sessionUser/info`, { headers: { cookie } })).json();
    const headers = { cookie, 'x-csrf-token': me.data.csrfToken as string, 'content-type': 'application/json' };
    const bytes: number[] = [];
    const ms: number[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const lag = await replica.lag(primary);
        bytes.push(lag.bytes);
        ms.push(lag.ms);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    let n = 0;
    const run = await autocannon({
      url: `${app.base}/api${WRITE}`,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          headers,
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify({ name: `副本压测客户${process.pid}-${n++}`, linkPerson: { name: '联系人', phone: '13912345678' } }),
          }),
        },
      ],
    });
    const ended = Date.now();
    const [{ lsn }] = (await primary.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn')).rows as [{ lsn: string }];
    while (!(await replica.hasReplayed(lsn))) await new Promise((r) => setTimeout(r, 10));
    const catchUpMs = Date.now() - ended;
    sampling = false;
    await sampler;
    if (run.non2xx > 0 || run.errors > 0) throw new Error(`${WRITE}: ${run.non2xx} non-2xx, ${run.errors} errors`);
    return {
      writes: run.requests.total,
      'writes/s': Math.round(run.requests.average),
      bytes: { p50: pct(bytes, 50), max: Math.max(0, ...bytes) },
      ms: { p50: Math.round(pct(ms, 50)), max: Math.round(Math.max(0, ...ms)) },
      catchUpMs,
    };
  } finally {
    await app.stop();
    await primary.end();
    await replica.pool.end();
  }
}

export function printLag(r: LagResult): void {
  console.info(
    `Replica lag under the write load (POST ${WRITE}, ${CONNECTIONS} connections, ${SECONDS} s, ${r.writes} writes, ${r['writes/s']}/s): ` +
      `${r.bytes.p50} B p50, ${r.bytes.max} B max; ${r.ms.p50} ms p50, ${r.ms.max} ms max (sampled every 100 ms); caught up ${r.catchUpMs} ms after the load`,
  );
}

const STANDBY_PORTS = [3720, 3721] as const;

/** Migrates `primaryUrl`, seeds the enterprise (the replica streams it too) and measures the lag on `readUrl`. */
async function lagOn(primaryUrl: string, readUrl: string): Promise<LagResult> {
  const database = await openPostgres(primaryUrl, 4);
  try {
    await migrate(database);
    const ep = await seedLarge(database.db, 2000);
    return await replicaLagScenario(database, readUrl, ep.enterpriseId);
  } finally {
    await database.close();
  }
}

/**
 * The lag on a primary and a streaming standby started for the run (ports 3720/3721, the embedded package's
 * PostgreSQL, made as the replica test makes it; removed after), or null where that package is not installed.
 */
export async function lagOnOwnStandby(): Promise<LagResult | null> {
  const bins = await postgresBinaries();
  if (!bins) return null;
  const s = await startStandby(bins, ...STANDBY_PORTS);
  console.info(`replica lag: primary ${s.primaryUrl}, streaming standby ${s.standbyUrl}`);
  try {
    return await lagOn(s.primaryUrl, s.standbyUrl);
  } finally {
    await s.close();
  }
}

async function main(): Promise<void> {
  const primaryUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const readUrl = process.env.DATABASE_READ_URL;
  const r = primaryUrl && readUrl ? await lagOn(primaryUrl, readUrl) : await lagOnOwnStandby();
  if (!r) throw new Error('set DATABASE_URL and DATABASE_READ_URL, or npm install (the embedded PostgreSQL makes a standby)');
  printLag(r);
}

runAlone(import.meta, main);
