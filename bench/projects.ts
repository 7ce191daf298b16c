// Projects at scale: npx tsx bench/projects.ts (or projectScenario from npm run bench). Seeds BENCH_PROJECTS (default
// 100000) projects with BENCH_TASKS_PER_PROJECT (default 20, so 2,000,000 tasks) over four stages into the bench
// enterprise, then prints /project/list and /project/count with the search form's filters and getTaskList: API p50/p99
// next to the same SQL replayed directly, the median of BENCH_ROUNDS interleaved rounds. Smaller runs: BENCH_PROJECTS=20000.
import { sql } from 'drizzle-orm';
import { type Database, type Db, rows } from '../apps/server/src/db/client';
import { type MeasuredGet, measureGet, printMeasured } from './capture';
import { BENCH_ADMIN_MOBILE, benchLogin, seedLarge } from './seed';
import { runAlone, withBenchApp, withBenchDatabase } from './alone';

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 100_000);
const TASKS = Number(process.env.BENCH_TASKS_PER_PROJECT ?? 20);
const STAGES = 4;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

/** Projects in three templates and three states (mostly in progress), created by 100 users; each with its stages and tasks. */
async function seedProjects(db: Db, ep: number, n: number): Promise<{ adminId: number; templateId: number; projectId: number }> {
  const [admin] = await rows<{ id: number }>(db, sql`select id from users where enterprise_id = ${ep} and mobile = ${BENCH_ADMIN_MOBILE}`);
  const adminId = Number(admin?.id);
  const tpls: number[] = [];
  for (const name of ['安装项目', '维保项目', '改造项目']) {
    const [t] = await rows<{ id: number }>(
      db,
      sql`insert into form_templates (enterprise_id, form_kind, name) values (${ep}, 10, ${name})
        on conflict (enterprise_id, form_kind, name) do update set name = excluded.name returning id`,
    );
    tpls.push(Number(t?.id));
  }
  const [have] = await rows<{ n: number }>(db, sql`select count(*)::int as n from projects where enterprise_id = ${ep}`);
  if (Number(have?.n) < n) {
    const users = (await rows<{ id: number }>(db, sql`select id from users where enterprise_id = ${ep} order by id limit 100`)).map((u) => Number(u.id));
    const arr = sql.raw(`'{${users.join(',')}}'::bigint[]`);
    const t = sql.raw(`'{${tpls.join(',')}}'::bigint[]`);
    const from = Number(have?.n ?? 0) + 1;
    await db.execute(sql`insert into projects (enterprise_id, project_no, name, template_id, state, progress_speed, created_by, created_at, finish_time)
      select ${ep}, 'XMB-' || g, '项目' || g, (${t})[1 + g % 3], s, case s when 2 then 100 else g % 100 end, (${arr})[1 + g % ${users.length}::int],
        now() - (g || ' minutes')::interval, case when s = 2 then now() - ((g / 2) || ' minutes')::interval end
      from (select g, case when g % 10 = 0 then 0 when g % 10 < 4 then 2 else 1 end as s from generate_series(${from}::int, ${n}::int) g) x`);
    // Stages and tasks for the projects that have none, picked into temp tables first. The first version asked
    // `not exists (select … from project_tasks …)` inside the insert into project_tasks, over tables not analyzed yet:
    // the planner, expecting a handful of rows, chose a nested-loop anti join with a sequential scan of project_tasks
    // per stage, and that scan also read every page the same insert had already written (invisible to it, but read):
    // quadratic in the tasks, 22 minutes and counting for 2,000,000. Analyzed, and with nothing read from the table
    // being written, each insert is one pass.
    await db.execute(sql`analyze projects`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`create temp table bench_new_projects on commit drop as
        select p.id from projects p where p.enterprise_id = ${ep}
          and not exists (select 1 from project_stages s where s.enterprise_id = p.enterprise_id and s.project_id = p.id)`);
      await tx.execute(sql`analyze bench_new_projects`);
      await tx.execute(sql`insert into project_stages (enterprise_id, project_id, name, sort)
        select ${ep}, p.id, '阶段' || (k + 1), k from bench_new_projects p cross join generate_series(0, ${STAGES - 1}) k`);
      await tx.execute(sql`create temp table bench_new_stages on commit drop as
        select s.id, s.project_id, s.sort from project_stages s
        where s.enterprise_id = ${ep} and not exists (select 1 from project_tasks x where x.enterprise_id = s.enterprise_id and x.stage_id = s.id)`);
      await tx.execute(sql`analyze bench_new_stages`);
      await tx.execute(sql`insert into project_tasks (enterprise_id, project_id, stage_id, name, state, principal_id, plan_start, plan_end, sort)
        select ${ep}, s.project_id, s.id, '任务' || j, (j % 4)::smallint, (${arr})[1 + (s.project_id + j) % ${users.length}::int],
          now() + (s.sort || ' days')::interval, now() + ((s.sort + 1) || ' days')::interval, j
        from bench_new_stages s cross join generate_series(1, ${Math.ceil(TASKS / STAGES)}) j`);
    });
    await db.execute(sql`vacuum analyze projects`);
    await db.execute(sql`vacuum analyze project_stages`);
    await db.execute(sql`vacuum analyze project_tasks`);
  }
  const [p] = await rows<{ id: number }>(db, sql`select id from projects where enterprise_id = ${ep} and state = 1 order by id desc limit 1`);
  return { adminId, templateId: tpls[1] as number, projectId: Number(p?.id) };
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const page = 'pageIndex=0&pageSize=20';

export interface ProjectScenario {
  projects: number;
  tasks: number;
  seconds: number;
  rows: MeasuredGet[];
}

/**
 * Each call measured ROUNDS times, the rounds interleaved across the calls; the round with the median API/SQL ratio
 * is kept, so one burst of load from the other processes on the machine does not decide a call's figure.
 */
async function measureRounds(database: Database, base: string, cookie: string, paths: string[]): Promise<MeasuredGet[]> {
  const runs: MeasuredGet[][] = paths.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    for (const [i, p] of paths.entries()) runs[i]?.push(await measureGet(database, base, cookie, p, SECONDS));
  }
  return runs.map((rs) => {
    const sorted = [...rs].sort((a, b) => a.apiP50 / a.sqlP50 - b.apiP50 / b.sqlP50);
    return sorted[Math.floor(sorted.length / 2)] as MeasuredGet;
  });
}

/** Seeds (or reuses) the projects of the bench enterprise and measures the list, the counts and a project's tasks. */
export async function projectScenario(database: Database, base: string, enterpriseId: number): Promise<ProjectScenario> {
  const t0 = Date.now();
  const { adminId, templateId, projectId } = await seedProjects(database.db, enterpriseId, PROJECTS);
  const [n] = await rows<{ projects: number; tasks: number }>(
    database.db,
    sql`select (select count(*) from projects where enterprise_id = ${enterpriseId})::int as projects,
      (select count(*) from project_tasks where enterprise_id = ${enterpriseId})::int as tasks`,
  );
  const seconds = (Date.now() - t0) / 1000;
  const admin = await benchLogin(base, enterpriseId);
  const paths = [
    `/project/list?${page}`,
    `/project/list?${page}&project_state=1`,
    `/project/list?${page}&fk_t_project_tmpl_id=${templateId}`,
    `/project/list?${page}&fk_t_create_user_id=${adminId}`,
    `/project/list?${page}&project_state=0&fk_t_project_tmpl_id=${templateId}&start_create_time=2020-01-01&end_create_time=2099-01-01`,
    `/project/list?pageIndex=400&pageSize=20`,
    '/project/count',
    '/project/count?project_state=2',
    `/project/count?fk_t_create_user_id=${adminId}`,
    `/project/count?project_state=0&fk_t_project_tmpl_id=${templateId}&start_create_time=2020-01-01&end_create_time=2099-01-01`,
    `/project/progress/getTaskList?projectId=${projectId}`,
  ];
  return { projects: Number(n?.projects), tasks: Number(n?.tasks), seconds, rows: await measureRounds(database, base, admin, paths) };
}

export function printProjects(s: ProjectScenario): void {
  console.info(
    `Projects: ${s.projects} with ${s.tasks} tasks in the bench enterprise (ready in ${s.seconds.toFixed(0)} s); goal: each call within 1.5× of its SQL`,
  );
  printMeasured(s.rows, (e) => e.replace('/project/', '').replace(`?${page}`, ''));
}

async function main(): Promise<void> {
  await withBenchDatabase('pj', async (database) => {
    const ep = await seedLarge(database.db, 1000);
    await withBenchApp(database, async (base) => {
      printProjects(await projectScenario(database, base, ep.enterpriseId));
    });
  });
}

runAlone(import.meta, main);
