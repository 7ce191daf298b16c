// npm run soak [-- --smoke | --minutes N --instances N --rate R --orders N --seed N --no-faults]: a day of traffic
// with faults (bench/README.md, "Soak"). Exits 1 when an acknowledged write is missing, an invariant is broken, a
// request failed outside a fault window, a fault did not heal, or an instance's memory grew past 20 %.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openPostgres, rows } from '../../apps/server/src/db/client';
import { runChecks } from './checks';
import { Instances, openSoakDatabase } from './cluster';
import { type FaultKind, type FaultRecord, inject, schedule } from './faults';
import { printFigures, type Watch } from './figures';
import { startSmsGateway } from './gateway';
import { sabotage } from './sabotage';
import { SOAK_PASSWORD, soakTenant } from './tenant';
import type { DriverJob, DriverOut } from './types';

const { values: args } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    minutes: { type: 'string' },
    instances: { type: 'string' },
    rate: { type: 'string' },
    orders: { type: 'string' },
    seed: { type: 'string', default: '1' },
    'no-faults': { type: 'boolean', default: false },
    break: { type: 'string' },
    faults: { type: 'string' },
  },
});
const env = process.env;
const smoke = args.smoke;
const MINUTES = Number(args.minutes ?? env.SOAK_MINUTES ?? (smoke ? 2 : 10));
const INSTANCES = Number(args.instances ?? env.SOAK_INSTANCES ?? 3);
const RATE = Number(args.rate ?? env.SOAK_RATE ?? 10);
const ORDERS = Number(args.orders ?? env.SOAK_ORDERS ?? (smoke ? 5_000 : 100_000));
/** Job expiry: a smoke's exports take seconds; a longer run's of 30 days of orders, under the faults, may take minutes. */
const EXPIRE_S = smoke ? 60 : 300;
const log = (l: string) => console.info(`[soak ${new Date().toISOString().slice(11, 19)}] ${l}`);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<number> {
  const t0 = Date.now();
  const work = mkdtempSync(path.join(tmpdir(), 'sk-soak-run-'));
  const database = await openSoakDatabase(() => {});
  const db = await openPostgres(database.url, 4);
  let instances: Instances | null = null;
  const sms = await startSmsGateway();
  try {
    instances = new Instances(database.url, {
      // Texts (codes, links, notices) go to the harness's gateway, where the load generator reads the codes.
      SMS_SENDER: 'http',
      SMS_HTTP_URL: `${sms.url}/sms`,
      DATA_DIR: path.join(work, 'data'),
      DEMO_PASSWORD: SOAK_PASSWORD,
      // A dead instance's job is run again after this, not the production default of 15 minutes: seen within the run.
      JOB_EXPIRE_SECONDS: String(EXPIRE_S),
      JOB_SUPERVISE_SECONDS: '15',
    });
    await instances.start(1);
    const tenant = await soakTenant(db.db, ORDERS, log);
    log(
      `tenant ${tenant.enterpriseId}: ${tenant.people.engineers.length} engineers, ${tenant.customers.length} customers, ${tenant.warehouses.length} warehouses, ${tenant.scanCodes.length} products to report by QR`,
    );
    await instances.start(INSTANCES);
    log(`${INSTANCES} instances answering (${((Date.now() - t0) / 1000).toFixed(0)} s after start)`);
    const admin = await session(instances.list[0]?.base as string, '13800000003');
    const seconds = MINUTES * 60;
    const job: DriverJob = {
      run: `${Date.now().toString(36)}`,
      seed: Number(args.seed),
      bases: instances.list.map((i) => i.base),
      seconds,
      rate: RATE,
      maxInFlight: 64,
      password: SOAK_PASSWORD,
      people: tenant.people,
      customers: tenant.customers,
      warehouses: tenant.warehouses,
      scanCode: tenant.scanCode,
      scanCodes: tenant.scanCodes,
      portalMobile: tenant.portalMobile,
      failReason: tenant.failReason,
      complaintLevel: tenant.complaintLevel,
      settle: tenant.settle,
      orderExt: tenant.orderExt,
      eventExt: tenant.eventExt,
      smsGateway: sms.url,
      out: path.join(work, 'driver.json'),
    };
    writeFileSync(path.join(work, 'job.json'), JSON.stringify(job));
    const driver = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'driver.ts'), path.join(work, 'job.json')], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const driverDone = new Promise<number>((r) => driver.once('exit', (c) => r(c ?? 1)));
    const watch: Watch = { rows: [], heaps: [], memoryEnd: new Map() };
    const stopWatch = watchCluster(db.db, instances, watch);
    const faults: (FaultRecord & { bad: number })[] = [];
    const plan = args['no-faults']
      ? []
      : schedule(
          seconds,
          args.faults?.split(',').map((f) => f.trim() as FaultKind),
        );
    const started = Date.now();
    let kills = 0;
    for (const f of plan) {
      const wait = started + f.atS * 1000 - Date.now();
      if (wait > 0) await pause(wait);
      log(`fault: ${f.kind}`);
      // Each kill takes the next instance in turn.
      const which = f.kind === 'kill-instance' || f.kind === 'kill-during-export' ? kills++ : 0;
      const r = await inject(f.kind, { instances, database, admin, log }, which);
      log(`  ${r.detail}`);
      faults.push(r);
    }
    const code = await driverDone;
    if (code !== 0) throw new Error(`the load generator exited with ${code}`);
    log('load ended; waiting for the jobs to drain');
    await drain(db.db, job);
    for (const inst of instances.list) watch.memoryEnd.set(inst.name, await instances.afterGc(inst));
    stopWatch();
    const out = JSON.parse(readFileSync(job.out, 'utf8')) as DriverOut;
    // The history stays for a reader after the run (the database does not).
    copyFileSync(job.out, path.join(tmpdir(), 'sk-soak-last.json'));
    const exportIds = [...out.exports, ...faults.map((f) => (f as { exportId?: number }).exportId).filter((x): x is number => typeof x === 'number')];
    if (args.break) await sabotage(db.db, tenant.enterpriseId, args.break, log);
    const checks = await runChecks(db.db, tenant.enterpriseId, out.history, exportIds, out.startedAt);
    const failed = printFigures({
      out,
      faults,
      checks,
      watch,
      instances: instances.list.map((i) => i.name),
      rate: RATE,
      minutes: MINUTES,
      poolMax: 20,
      startedAt: started,
    });
    log(`${sms.received()} texts reached the SMS gateway`);
    log(`done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    return failed ? 1 : 0;
  } finally {
    await instances?.stop();
    await db.close();
    await database.stop();
    await sms.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/** A logged-in session (cookie and CSRF token) of a demo user. */
async function session(base: string, mobile: string): Promise<{ cookie: string; csrf: string }> {
  const res = await fetch(`${base}/api/stand/pwdLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile, password: SOAK_PASSWORD }),
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const info = (await (await fetch(`${base}/api/v2/sessionUser/info`, { headers: { cookie } })).json()) as { data: { csrfToken: string } };
  return { cookie, csrf: info.data.csrfToken };
}

/** Memory and connections of each instance every 10 s. */
function watchCluster(db: Parameters<typeof rows>[0], instances: Instances, watch: Watch): () => void {
  const tick = async () => {
    const conns = await rows<{ app: string; n: number; idle_tx: number }>(
      db,
      sql`select application_name as app, count(*)::int as n,
            count(*) filter (where state like 'idle in transaction%' and now() - state_change > interval '30 seconds')::int as idle_tx
          from pg_stat_activity where application_name like 'soak-%' group by 1`,
    ).catch(() => []);
    const by = new Map(conns.map((c) => [c.app, c]));
    watch.rows.push({
      at: Date.now(),
      instances: instances.list.map((i) => ({
        name: i.name,
        rss: instances.rss(i),
        connections: Number(by.get(`soak-${i.name}`)?.n ?? 0),
        idleInTx: Number(by.get(`soak-${i.name}`)?.idle_tx ?? 0),
      })),
    });
  };
  // The heap after a full GC, each minute: a leak grows it from minute to minute, a warm-up only at first.
  const gc = async () => {
    for (const inst of instances.list) {
      const m = await instances.afterGc(inst).catch(() => null);
      if (m) watch.heaps.push({ at: Date.now(), name: inst.name, ...m });
    }
  };
  const timer = setInterval(() => void tick(), 10_000);
  const gcTimer = setInterval(() => void gc(), 60_000);
  return () => {
    clearInterval(timer);
    clearInterval(gcTimer);
  };
}

/** Waits until no export is being made and no job waits for a retry (at most a job's expiry and a minute). */
async function drain(db: Parameters<typeof rows>[0], _job: DriverJob): Promise<void> {
  for (const until = Date.now() + (EXPIRE_S + 60) * 1000; Date.now() < until; await pause(2000)) {
    const [j] = await rows<{ n: number }>(
      db,
      sql`select (select count(*) from pgboss.job where state = 'retry') + (select count(*) from export_files where process_state = 1) as n`,
    );
    if (Number(j?.n) === 0) return;
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
