import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import { type DemoStep, DEMO_ENTERPRISES } from '../../platform/demo/data';
import { addNotices } from './notices.repo';

/** Demo only: a published welcome announcement for everyone, so the notice centre and 公告通知 have something to show. */
async function demoWelcome(tx: Tx, enterpriseId: number): Promise<void> {
  const [admin] = await rows<{ id: number }>(
    tx,
    sql`select id::int from users where enterprise_id = ${enterpriseId} and deleted_at is null order by admin desc, (3 = any(roles)) desc, id limit 1`,
  );
  const content = '<p>在右上角的订阅设置中开启待办事项和统计事项，每天8:00和8:30将收到提醒。</p>';
  const [a] = await rows<{ id: number }>(
    tx,
    sql`insert into announcements (enterprise_id, title, content, publisher_id) values (${enterpriseId}, '欢迎使用服务管家', ${content}, ${admin?.id ?? null}) returning id::int`,
  );
  const people = await rows<{ id: number }>(tx, sql`select id::int from users where enterprise_id = ${enterpriseId} and deleted_at is null`);
  await addNotices(tx, {
    enterpriseId,
    userIds: people.map((p) => p.id),
    category: 2,
    kind: 'announcement',
    title: '欢迎使用服务管家',
    content: '在右上角的订阅设置中开启待办事项和统计事项，每天8:00和8:30将收到提醒。',
    link: `/noticeDetail/${a?.id}`,
    announcementId: a!.id,
    dedupeKey: 'demo:welcome',
  });
}

/** The demo enterprise's announcements of the month (docs/decisions.md, "Demo"), oldest first, as its administrator published them. */
const DEMO_ANNOUNCEMENTS: [daysAgo: number, title: string, content: string][] = [
  [
    21,
    '冬季设备保养提醒',
    '<p>入冬前请各服务组完成负责客户的空调、冷库和发电机组巡检，巡检工单请在工单备注中写明设备编号。</p><p>领用备件请提前在“备件领用”中申请。</p>',
  ],
  [4, '本月服务通报', '<p>本月各服务组共完成上门服务三十余单，客户签字确认率100%。</p><p>请注意：SLA即将超时的工单会在首页和工单详情中提示，请优先处理。</p>'],
];

async function demoAnnouncements(tx: Tx, enterpriseId: number): Promise<void> {
  const [e] = await rows<{ name: string }>(tx, sql`select name from enterprises where id = ${enterpriseId}`);
  if (e?.name !== DEMO_ENTERPRISES[0]?.name) return;
  const [admin] = await rows<{ id: number }>(
    tx,
    sql`select id::int from users where enterprise_id = ${enterpriseId} and admin and deleted_at is null order by id limit 1`,
  );
  const people = await rows<{ id: number }>(tx, sql`select id::int from users where enterprise_id = ${enterpriseId} and deleted_at is null`);
  for (const [daysAgo, title, content] of DEMO_ANNOUNCEMENTS) {
    const [a] = await rows<{ id: number }>(
      tx,
      sql`insert into announcements (enterprise_id, title, content, publisher_id, created_at)
        values (${enterpriseId}, ${title}, ${content}, ${admin?.id ?? null}, now() - make_interval(days => ${daysAgo}, hours => 2)) returning id::int`,
    );
    await addNotices(tx, {
      enterpriseId,
      userIds: people.map((p) => p.id),
      category: 2,
      kind: 'announcement',
      title,
      content: content.replace(/<[^>]+>/g, ''),
      link: `/noticeDetail/${a?.id}`,
      announcementId: a!.id,
      dedupeKey: `demo:announcement:${daysAgo}`,
    });
    await tx.execute(sql`update notices set created_at = now() - make_interval(days => ${daysAgo}, hours => 2)
      where enterprise_id = ${enterpriseId} and announcement_id = ${a?.id ?? null}`);
  }
}

export const welcomeDemoStep: DemoStep = { name: 'notices.demo', run: demoWelcome };
export const announcementsDemoStep: DemoStep = { name: 'notices.announcements', after: ['notices.demo', 'org.demo'], run: demoAnnouncements };
