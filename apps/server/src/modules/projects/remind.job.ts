import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { addSweep, registerJobHandler } from '../../platform/jobs';

/**
 * Task reminders (/project/tmpl/isOpen/taskRemind): a sweep every minute writes one notice to the principal of each
 * open task whose reminder time (its planned end less its hours) has come, and marks the task reminded. The mark and the
 * notices are one statement, and each notice has a dedupe key, so a retried or concurrent sweep reminds once.
 */
export const PROJECT_REMIND_JOB = 'project.taskRemind';
const BATCH = 1000;

export async function sendTaskReminders(ex: Executor): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`with due as (
        update project_tasks t set reminded_at = now()
        from projects p, enterprises e
        where (t.enterprise_id, t.id) in (
            select enterprise_id, id from project_tasks
            where remind and reminded_at is null and state in (0, 3) and principal_id is not null
              and plan_end - make_interval(hours => remind_hours) <= now()
            order by plan_end limit ${BATCH} for update skip locked)
          and p.enterprise_id = t.enterprise_id and p.id = t.project_id and p.state = 1 and e.id = t.enterprise_id
        returning t.enterprise_id, t.id, t.principal_id, t.name, p.id as project_id, p.name as project_name,
          to_char(t.plan_end at time zone e.time_zone, 'YYYY-MM-DD HH24:MI') as due_text),
      sent as (
        insert into notices (enterprise_id, user_id, category, kind, title, content, link, dedupe_key)
        select enterprise_id, principal_id, 1, 'project_task_remind', '项目任务即将到期',
          '项目“' || project_name || '”的任务“' || name || '”计划于' || due_text || '完成，请及时处理',
          '/allproject/projectdetails/' || project_id, 'project_task_remind:' || id
        from due on conflict do nothing returning 1)
      select count(*)::int as n from sent`,
  );
  return Number(r?.n ?? 0);
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireRemindJob(): void {
  registerJobHandler(PROJECT_REMIND_JOB, async (_job, deps) => {
    await sendTaskReminders(deps.db);
  });

  addSweep({ name: PROJECT_REMIND_JOB, everySeconds: 60, kind: PROJECT_REMIND_JOB });
}
