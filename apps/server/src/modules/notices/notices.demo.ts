import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import { addDemoStep } from '../../db/seed';
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
    userIds: people.map((p) => Number(p.id)),
    category: 2,
    kind: 'announcement',
    title: '欢迎使用服务管家',
    content: '在右上角的订阅设置中开启待办事项和统计事项，每天8:00和8:30将收到提醒。',
    link: `/noticeDetail/${a?.id}`,
    announcementId: Number(a?.id),
    dedupeKey: 'demo:welcome',
  });
}
addDemoStep({ name: 'notices.demo', run: demoWelcome });
