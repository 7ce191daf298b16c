// The same cases against a peer: Redmine 5 from Debian on the same PostgreSQL server, with as many issues as we have
// orders. npx tsx bench/peer.ts (alone: seeds BENCH_ORDERS, default 1,000,000), or `npm run bench -- --peer redmine`.
// Where Redmine is not installed (or was left half-configured) it is installed with apt-get, its 'default' instance
// told not to want a database, and dpkg left clean (BENCH_PEER_INSTALL=0 forbids that); without apt the comparison is
// skipped with a message. Redmine runs under Debian's puma (one worker per core, 5 threads each; WEBrick where puma
// is missing or fails) on BENCH_PEER_PORT (default 3695), in its own database (redmine_bench) on our server; its SQL
// time per request is the "ActiveRecord: … ms" of its production log.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, lstatSync, mkdirSync, openSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/client';
import { runAlone, withBenchDatabase } from './alone';
import { seedOrders } from './orders.seed';
import { seedLarge } from './seed';
import { type CaseRow, KEYWORD, LEVELS, type LoadCase, loadCases, ordersUnderLoad, printUnderLoad, type UnderLoad } from './traffic';

const ROOT = '/usr/share/redmine';
const INSTANCE = 'bench';
const CONF = `/etc/redmine/${INSTANCE}`;
const LOG = `/var/log/redmine/${INSTANCE}/production.log`;
const PORT = Number(process.env.BENCH_PEER_PORT ?? 3695);
const DB = 'redmine_bench';
const API_KEY = 'b3c4e5f60718293a4b5c6d7e8f901a2b3c4d5e6f';
/** The titles of the bench's eight order types: one issue in eight has 空调 in its subject, as one order in eight. */
const SUBJECTS = ['空调不制冷上门维修', '新机安装调试', '季度例行保养', '设备巡检', '故障机退换', '使用问题咨询', '管路改造', '旧机回收'];

const env = { ...process.env, REDMINE_INSTANCE: INSTANCE, RAILS_ENV: 'production', REDMINE_LANG: 'en' };
const run = (cmd: string, args: string[], extra: Record<string, string> = {}) => {
  const r = spawnSync(cmd, args, { cwd: existsSync(ROOT) ? ROOT : '/', env: { ...env, ...extra }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr?.slice(-800) || r.stdout?.slice(-800)}`);
  return r.stdout;
};

/** dpkg's status of a package ("install ok installed" once configured), '' when dpkg has never known it. */
const dpkgStatus = (pkg: string) => /^Status: (.*)$/m.exec(spawnSync('dpkg', ['-s', pkg], { encoding: 'utf8' }).stdout ?? '')?.[1] ?? '';
const configured = (pkg: string) => / ok installed$/.test(dpkgStatus(pkg));
const DBCONFIG_DEFAULT = '/etc/dbconfig-common/redmine/instances/default.conf';

/**
 * Debian's redmine sets up an instance 'default' in its postinst: dbconfig-common creates its role and database on
 * localhost:5432 and the postinst then migrates it, so with no PostgreSQL there the postinst fails and dpkg leaves
 * redmine half-configured. The bench never uses that instance: it answers the package's "Configure database for
 * redmine/instances/default with dbconfig-common?" with No, as a debconf answer before the package is configured, and
 * in dbconfig-common's file for the instance once that exists (the file is read back over the answer when it is there).
 */
function skipDefaultInstanceDatabase(): void {
  const q = 'redmine/instances/default/dbconfig-install';
  // The question is registered on dbconfig-common's template first, as the package's config script would: debconf-set-
  // selections cannot create it where a placeholder template of that name survives an earlier answer and a purge.
  spawnSync('debconf-communicate', ['redmine'], { input: `REGISTER dbconfig-common/dbconfig-install ${q}\n`, encoding: 'utf8' });
  spawnSync('debconf-set-selections', { input: `redmine ${q} boolean false\n`, encoding: 'utf8' });
  if (existsSync(DBCONFIG_DEFAULT) && !configured('redmine')) {
    const text = readFileSync(DBCONFIG_DEFAULT, 'utf8');
    writeFileSync(DBCONFIG_DEFAULT, text.replace(/^dbc_install=.*$/m, "dbc_install='false'"));
  }
}

const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const hasApt = () => spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;

/** Redmine is there, or is installed now from Debian, and dpkg is left clean; answers why not when it cannot be. */
export function ensureRedmine(): string | null {
  const ready = () => configured('redmine') && configured('redmine-pgsql') && existsSync(`${ROOT}/config.ru`);
  if (ready()) return null;
  if (!hasApt()) return 'apt-get is not available here: the comparison with Redmine is skipped';
  if (process.env.BENCH_PEER_INSTALL === '0') return 'Redmine is not installed and BENCH_PEER_INSTALL=0: the comparison is skipped';
  console.info('Installing Redmine 5 from Debian (apt-get install dbconfig-pgsql, then redmine redmine-pgsql)…');
  // dbconfig-common first (redmine-pgsql depends on it): its templates are what the answer about 'default' is made on.
  if (!configured('dbconfig-pgsql')) {
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'dbconfig-pgsql'], { env: aptEnv, encoding: 'utf8' });
    // Marked as installed for redmine, so that it leaves with redmine (apt-get autoremove) as it would have come with it.
    spawnSync('apt-mark', ['auto', 'dbconfig-pgsql', 'dbconfig-common'], { encoding: 'utf8' });
  }
  skipDefaultInstanceDatabase();
  const apt = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'redmine', 'redmine-pgsql'], { env: aptEnv, encoding: 'utf8' });
  if (apt.status !== 0 || !ready()) {
    // Unpacked but not configured (an earlier install that failed as above): the instance's dbconfig file exists now
    // and is told the same, then dpkg finishes what it left.
    console.info(`apt-get exited ${apt.status}: dpkg --configure -a`);
    skipDefaultInstanceDatabase();
    spawnSync('dpkg', ['--configure', '-a'], { env: aptEnv, encoding: 'utf8' });
  }
  const audit = spawnSync('dpkg', ['--audit'], { encoding: 'utf8' }).stdout.trim();
  if (audit || !ready()) return `installing Redmine failed (dpkg --audit: ${audit.slice(0, 300) || 'clean'}): ${(apt.stderr || apt.stdout).slice(-400)}`;
  console.info(`Redmine installed: redmine ${dpkgStatus('redmine')}, dpkg --audit clean`);
  return null;
}

/** Debian's puma (the package `puma`), installed where it is missing; why not, when it cannot be (WEBrick then). */
function ensurePuma(): string | null {
  if (process.env.BENCH_PEER_SERVER === 'webrick') return 'BENCH_PEER_SERVER=webrick';
  if (configured('puma')) return null;
  if (!hasApt()) return 'puma is not installed and apt-get is not available';
  if (process.env.BENCH_PEER_INSTALL === '0') return 'puma is not installed and BENCH_PEER_INSTALL=0';
  const apt = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'puma'], { env: aptEnv, encoding: 'utf8' });
  return configured('puma') ? null : `apt-get install puma failed: ${(apt.stderr || apt.stdout).slice(-300)}`;
}

/** Its own database on our server, its instance configured to it, its schema and default data (reused when there). */
async function prepare(databaseUrl: string, puma: boolean): Promise<string> {
  const u = new URL(databaseUrl);
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const have = await admin.query('select 1 from pg_database where datname = $1', [DB]);
    if (have.rowCount === 0) await admin.query(`create database ${DB} encoding 'UTF8' template template0`);
  } finally {
    await admin.end();
  }
  mkdirSync(CONF, { recursive: true });
  // JIT off on its connections as on ours (db/client.ts): both measured without compiling their statements first.
  writeFileSync(
    `${CONF}/database.yml`,
    `production:\n  adapter: postgresql\n  database: ${DB}\n  host: ${u.hostname}\n  port: ${u.port}\n  username: ${decodeURIComponent(u.username)}\n  password: ${JSON.stringify(decodeURIComponent(u.password))}\n  encoding: utf8\n  pool: 20\n  variables:\n    jit: 'off'\n`,
  );
  if (!existsSync(`${CONF}/secret_key.txt`))
    writeFileSync(`${CONF}/secret_key.txt`, `${[...Array(64)].map(() => Math.floor(Math.random() * 16).toString(16)).join('')}\n`);
  // Debian's Redmine bundles no web server: puma (Debian's package) is added to its bundle, and WEBrick (ruby-webrick,
  // a dependency of the package) for when puma is not there. Bundler resolves the changed Gemfile from the installed
  // gems, as the package's postinst does.
  const gems = `gem 'webrick'\n${puma ? "gem 'puma'\n" : ''}`;
  const local = `${ROOT}/Gemfile.local`;
  if (!existsSync(local) || readFileSync(local, 'utf8') !== gems) {
    writeFileSync(local, gems);
    run('bundle', ['install', '--local', '--quiet']);
  }
  for (const d of [`/var/log/redmine/${INSTANCE}`, `/var/lib/redmine/${INSTANCE}/files`, `/var/cache/redmine/${INSTANCE}/tmp`])
    mkdirSync(d, { recursive: true });
  // Redmine reads an instance's config, log and tmp through /usr/share/redmine/instances/<name> (= /var/lib/redmine/<name>),
  // linked to /etc, /var/log and /var/cache as the package links its 'default' instance.
  for (const [link, target] of [
    ['config', CONF],
    ['log', `/var/log/redmine/${INSTANCE}`],
    ['tmp', `/var/cache/redmine/${INSTANCE}/tmp`],
  ]) {
    const at = `/var/lib/redmine/${INSTANCE}/${link}`;
    if (!lstatSync(at, { throwIfNoEntry: false })) symlinkSync(target as string, at);
  }
  const peerUrl = new URL(databaseUrl);
  peerUrl.pathname = `/${DB}`;
  const c = new pg.Client({ connectionString: peerUrl.toString() });
  await c.connect();
  try {
    const migrated = await c.query("select 1 from information_schema.tables where table_name = 'issue_statuses'");
    if (migrated.rowCount === 0) {
      run('bundle', ['exec', 'rake', 'db:migrate']);
      run('bundle', ['exec', 'rake', 'redmine:load_default_data']);
    }
  } finally {
    await c.end();
  }
  return peerUrl.toString();
}

export interface PeerSeed {
  issues: number;
  projectId: number;
  issueId: number;
  seconds: number;
  reused: boolean;
}

/**
 * `n` issues in one project by SQL (generate_series; indexes kept, as Redmine's own are few): subjects from the
 * eight order titles, 85 % closed and the rest spread over the open statuses, created over three years skewed to the
 * recent as the orders are; the admin's API key and the REST API on.
 */
async function seedIssues(peerUrl: string, n: number): Promise<PeerSeed> {
  const t0 = Date.now();
  const c = new pg.Client({ connectionString: peerUrl });
  await c.connect();
  try {
    await c.query(`insert into settings (name, value, updated_on) select 'rest_api_enabled', '1', now()
      where not exists (select 1 from settings where name = 'rest_api_enabled')`);
    await c.query(`update settings set value = '1' where name = 'rest_api_enabled'`);
    await c.query(
      `insert into tokens (user_id, action, value, created_on, updated_on) select 1, 'api', $1::text, now(), now()
      where not exists (select 1 from tokens where value = $1::text)`,
      [API_KEY],
    );
    let p = await c.query(`select id from projects where identifier = 'bench'`);
    if (p.rowCount === 0) {
      p = await c.query(`insert into projects (name, identifier, is_public, status, lft, rgt, created_on, updated_on)
        values ('压测项目', 'bench', true, 1, 1, 2, now(), now()) returning id`);
      const pid = p.rows[0].id;
      await c.query(`insert into enabled_modules (project_id, name) values ($1, 'issue_tracking')`, [pid]);
      await c.query(`insert into projects_trackers (project_id, tracker_id) select $1, id from trackers`, [pid]);
    }
    const projectId = Number(p.rows[0].id);
    const have = Number((await c.query('select count(*)::int as n from issues where project_id = $1', [projectId])).rows[0].n);
    if (have < n) {
      const from = have + 1;
      await c.query(`select setval('issues_id_seq', greatest((select coalesce(max(id), 0) from issues), 1))`);
      const subjects = `'{${SUBJECTS.join(',')}}'::text[]`;
      await c.query(
        `insert into issues (id, tracker_id, project_id, subject, description, status_id, priority_id, author_id, lock_version,
           created_on, updated_on, start_date, done_ratio, root_id, lft, rgt, is_private, closed_on)
         select x.id, 1 + x.g % 3, $1, (${subjects})[1 + x.g % 8] || ' #' || x.g, '压测', x.status, 2, 1, 0,
           x.created_on, x.created_on, x.created_on::date, 0, x.id, 1, 2, false, case when x.status = 5 then x.created_on + interval '2 days' end
         from (select g, nextval('issues_id_seq') as id, now() - (1095 * power(1 - g::float8 / $3, 2)) * interval '1 day' as created_on,
                 case when random() < 0.85 then 5 else 1 + floor(random() * 3)::int end as status
               from generate_series($2::int, $3::int) g) x`,
        [projectId, from, n],
      );
      await c.query('vacuum analyze issues');
    }
    const issueId = Number((await c.query('select max(id) as id from issues where project_id = $1 and status_id = 1', [projectId])).rows[0].id);
    return { issues: Math.max(have, n), projectId, issueId, seconds: (Date.now() - t0) / 1000, reused: have >= n };
  } finally {
    await c.end();
  }
}

/** Puma's workers (one per core, as its docs advise) and threads per worker (its default maximum on MRI). */
const PUMA_WORKERS = cpus().length;
const PUMA_THREADS = 5;
const PUMA_CONF = `${CONF}/puma.rb`;
/** Where the web server's own console goes (Redmine's requests are in production.log). */
const SERVER_LOG = `/var/log/redmine/${INSTANCE}/server.log`;

/** The instance served by Debian's puma, clustered, the app loaded once before the workers fork. */
function pumaConfig(): string {
  return `# Written by ServiceKeeper's bench/peer.ts: Redmine's instance '${INSTANCE}' under Debian's puma.
environment 'production'
directory '${ROOT}'
rackup '${ROOT}/config.ru'
bind 'tcp://127.0.0.1:${PORT}'
workers ${PUMA_WORKERS}
threads ${PUMA_THREADS}, ${PUMA_THREADS}
preload_app!
# The connections opened while the app loads are the master's: each worker opens its own.
before_fork { ActiveRecord::Base.connection_pool.disconnect! if defined?(ActiveRecord::Base) }
on_worker_boot { ActiveRecord::Base.establish_connection if defined?(ActiveRecord::Base) }
`;
}

interface Served {
  base: string;
  /** What served it: "puma (2 workers × 5 threads)", or WEBrick and why. */
  server: string;
  stop: () => Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** `bundle exec …` in Redmine's directory, its console appended to SERVER_LOG. */
function spawnServer(args: string[]): ChildProcess {
  const out = openSync(SERVER_LOG, 'a');
  try {
    return spawn('bundle', ['exec', ...args], { cwd: ROOT, env, stdio: ['ignore', out, out] });
  } finally {
    closeSync(out);
  }
}

/** Null once Redmine answers the REST API; why not, when it exits first or does not answer within 180 s. */
async function answers(child: ChildProcess, base: string): Promise<string | null> {
  for (const until = Date.now() + 180_000; ; await sleep(500)) {
    if (child.exitCode != null || child.signalCode != null)
      return `exited (${child.exitCode ?? child.signalCode}) during start: is port ${PORT} taken? (${SERVER_LOG})`;
    const ok = await fetch(`${base}/issues.json?limit=1`, { headers: { 'X-Redmine-API-Key': API_KEY } }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return null;
    if (Date.now() > until) return `did not answer within 180 s (${SERVER_LOG})`;
  }
}

/** SIGTERM to the server, then waits for it and for every process it forked (puma's workers); any left are killed. */
async function stopServer(child: ChildProcess): Promise<void> {
  const pid = child.pid as number;
  const forked = (spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout ?? '').split('\n').filter(Boolean).map(Number);
  if (child.exitCode == null && child.signalCode == null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  for (const until = Date.now() + 30_000; forked.some(alive) && Date.now() < until; ) await sleep(200);
  const left = forked.filter(alive);
  for (const p of left) process.kill(p, 'SIGKILL');
  if (left.length) console.info(`Redmine's server left ${left.length} process(es) after it stopped: killed (${left.join(', ')})`);
}

/** Redmine (production) answering the REST API under puma, or under WEBrick when puma is missing or fails; stopped after. */
async function startRedmine(noPuma: string | null): Promise<Served> {
  const base = `http://127.0.0.1:${PORT}`;
  let why = noPuma;
  if (!why) {
    writeFileSync(PUMA_CONF, pumaConfig());
    const child = spawnServer(['puma', '-C', PUMA_CONF]);
    why = await answers(child, base);
    if (!why) return { base, server: `puma (${PUMA_WORKERS} workers × ${PUMA_THREADS} threads)`, stop: () => stopServer(child) };
    await stopServer(child);
    why = `puma ${why}`;
  }
  console.info(`Redmine under WEBrick: ${why}`);
  const child = spawnServer(['rails', 'server', '-u', 'webrick', '-e', 'production', '-p', String(PORT), '-b', '127.0.0.1']);
  const failed = await answers(child, base);
  if (failed) {
    await stopServer(child);
    throw new Error(`Redmine on WEBrick ${failed}`);
  }
  return { base, server: `WEBrick, one process (${why})`, stop: () => stopServer(child) };
}

/** The eight cases through Redmine's REST API, as near to ours as its API allows. */
export function redmineCases(s: PeerSeed, made: () => number[]): LoadCase[] {
  const all = '/issues.json?status_id=*&limit=20';
  return [
    { name: 'first page', method: 'GET', path: all },
    { name: `filtered page (${KEYWORD}, all time)`, method: 'GET', path: `${all}&subject=${encodeURIComponent(`~${KEYWORD}`)}` },
    { name: 'page 5,000', method: 'GET', path: `${all}&offset=99980` },
    { name: 'filtered count (已完成)', method: 'GET', path: '/issues.json?status_id=5&limit=1' },
    { name: 'unfiltered count', method: 'GET', path: '/issues.json?status_id=*&limit=1' },
    { name: 'detail', method: 'GET', path: `/issues/${s.issueId}.json` },
    {
      name: 'create',
      method: 'POST',
      path: '/issues.json',
      body: { issue: { project_id: s.projectId, tracker_id: 1, priority_id: 2, subject: `${KEYWORD}不制冷压测{{n}}` } },
      collect: 'id',
    },
    {
      // New → In Progress, each on an issue the create made (Redmine answers 204).
      name: 'state change (派单)',
      method: 'PUT',
      path: '/issues/{id}.json',
      bodies: (connections) => {
        const ids = made();
        return ids.splice(0, connections === 1 ? Math.ceil(ids.length / 2) : ids.length).map((id) => ({ id, issue: { status_id: 2 } }));
      },
    },
  ];
}

/** Median "ActiveRecord: x ms" of the requests Redmine logged since `from` (bytes), for one case. */
function activeRecordP50(from: number): number {
  if (!existsSync(LOG)) return Number.NaN;
  const text = readFileSync(LOG, 'utf8').slice(from);
  const ms = [...text.matchAll(/Completed 2\d\d .*?ActiveRecord: ([\d.]+)ms/g)].map((m) => Number(m[1])).sort((a, b) => a - b);
  return ms.length ? (ms[Math.floor(ms.length / 2)] as number) : Number.NaN;
}
const logSize = () => (existsSync(LOG) ? statSync(LOG).size : 0);

export interface PeerRow extends CaseRow {
  sqlP50: number;
}

/** Runs the peer's cases at each level, each with the median SQL time Redmine logged for it. */
async function peerCases(base: string, cases: LoadCase[], made: number[]): Promise<PeerRow[]> {
  const headers = { 'X-Redmine-API-Key': API_KEY };
  const out: PeerRow[] = [];
  for (const c of cases) {
    for (const n of LEVELS) {
      const at = logSize();
      let r: CaseRow[];
      if (c.path.includes('{id}')) {
        // One request per issue: the load generator sends each body to its own path.
        const bodies = (c.bodies?.(n) ?? []) as { id: number; issue: unknown }[];
        r = await loadCases(base, headers, [{ ...c, path: '/issues/{id}.json', bodies: () => bodies }], [n], undefined, 'status');
      } else {
        r = await loadCases(base, headers, [c], [n], undefined, 'status');
      }
      for (const x of r) {
        if (c.collect === 'id') for (const m of x.figures?.made ?? []) made.push(m.id);
        out.push({ ...x, sqlP50: activeRecordP50(at) });
      }
    }
  }
  return out;
}

export interface PeerResult {
  skipped: string | null;
  seed?: PeerSeed;
  /** The web server Redmine ran under. */
  server?: string;
  rows: PeerRow[];
}

/** Redmine with as many issues as we have orders, the same cases; or why it was skipped. */
export async function redmineScenario(database: Database, issues: number): Promise<PeerResult> {
  const why = ensureRedmine();
  if (why) return { skipped: why, rows: [] };
  const noPuma = ensurePuma();
  const peerUrl = await prepare(database.url, !noPuma);
  const seed = await seedIssues(peerUrl, issues);
  const redmine = await startRedmine(noPuma);
  console.info(`Redmine under ${redmine.server} on ${redmine.base}`);
  try {
    const made: number[] = [];
    return {
      skipped: null,
      seed,
      server: redmine.server,
      rows: await peerCases(
        redmine.base,
        redmineCases(seed, () => made),
        made,
      ),
    };
  } finally {
    await redmine.stop();
  }
}

const f = (n: number | null | undefined, d = 1) => (n == null || Number.isNaN(n) ? '-' : n.toFixed(d));

/** Per case and level: our req/s, the peer's, the ratio, and each one's API p50 beside its own SQL p50. */
export function printPeer(ours: UnderLoad, peer: PeerResult): void {
  if (peer.skipped) {
    console.info(`Beside a peer: ${peer.skipped}`);
    return;
  }
  console.info(
    `Beside Redmine 5 (Debian, production) on the same PostgreSQL, Redmine under ${peer.server}: ${peer.seed?.issues} issues ${peer.seed?.reused ? '(reused)' : `seeded in ${f(peer.seed?.seconds, 0)} s`} against ${ours.orders} orders`,
  );
  console.table(
    ours.rows.map((o) => {
      const p = peer.rows.find((x) => x.case === o.case && x.connections === o.connections);
      const q = ours.sql.find((x) => x.case === o.case);
      return {
        case: o.case,
        conns: o.connections,
        'ours req/s': f(o.figures?.rps),
        'Redmine req/s': f(p?.figures?.rps),
        ratio: o.figures && p?.figures?.rps ? `${(o.figures.rps / p.figures.rps).toFixed(2)}×` : '-',
        'ours API/SQL p50 ms': `${f(o.figures?.p50, 2)} / ${f(q?.sqlP50, 2)}`,
        'Redmine API/SQL p50 ms': `${f(p?.figures?.p50, 2)} / ${f(p?.sqlP50, 2)}`,
        note: (o.figures ? '' : o.answer).slice(0, 30) || (p?.figures?.failures ? p.figures.firstFailure.slice(0, 30) : ''),
      };
    }),
  );
}

async function main(): Promise<void> {
  await withBenchDatabase('peer', async (database) => {
    const ep = await seedLarge(database.db, 2000);
    const seed = await seedOrders(database.db, ep.enterpriseId, Number(process.env.BENCH_ORDERS ?? 1_000_000));
    const ours = await ordersUnderLoad(database, ep.enterpriseId, seed);
    printUnderLoad(ours);
    printPeer(ours, await redmineScenario(database, seed.orders));
  });
}

runAlone(import.meta, main);
