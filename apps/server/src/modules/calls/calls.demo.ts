// Demo data for the call centre: a seat for the return-visit agent (the administrator assigns more in 坐席管理), and a morning's calls on the
// demo customers' contacts (one answered and linked to the customer, one outbound, one missed with its call-back task),
// so 通话记录 and its badge show what the page is for.
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import type { DemoStep } from '../../platform/demo/data';
import { insertStateLog } from '../../platform/state';
import { CALL_STATE } from './calls.state';

interface DemoCall {
  direction: 1 | 2;
  state: 3 | 4;
  minutesAgo: number;
  seconds: number;
  callback: 0 | 1;
  remark: string;
}

const CALLS: DemoCall[] = [
  { direction: 1, state: 3, minutesAgo: 95, seconds: 185, callback: 0, remark: '客户来电报修空调不制冷，已建事件跟进' },
  { direction: 2, state: 3, minutesAgo: 60, seconds: 72, callback: 0, remark: '回拨确认上门时间' },
  { direction: 1, state: 4, minutesAgo: 25, seconds: 0, callback: 1, remark: '' },
];

async function seedDemoCalls(tx: Tx, ep: number): Promise<void> {
  const people = await rows<{ id: number; mobile: string }>(
    tx,
    sql`select id::int, mobile from users where enterprise_id = ${ep} and mobile = '13800000007' and deleted_at is null`,
  );
  if (people.length < 1) return;
  const [seeded] = await rows<{ one: number }>(tx, sql`select 1 as one from call_seats where enterprise_id = ${ep} limit 1`);
  if (seeded) return;
  for (const [i, p] of people.entries())
    await tx.execute(sql`insert into call_seats (enterprise_id, user_id, seat_no) values (${ep}, ${p.id}, ${`800${i + 1}`})`);
  const contacts = await rows<{ id: number; customer_id: number; phone: string }>(
    tx,
    sql`select id::int, customer_id::int, regexp_replace(phone, '\\D', '', 'g') as phone from customer_contacts
      where enterprise_id = ${ep} and phone ~ '^1\\d{10}$' order by id limit ${CALLS.length}`,
  );
  const agent = people.find((p) => p.mobile === '13800000007') ?? people[0];
  if (!agent || contacts.length < CALLS.length) return;
  for (const [i, c] of CALLS.entries()) {
    const who = contacts[i];
    if (!who) continue;
    const start = sql`now() - make_interval(mins => ${c.minutesAgo})`;
    const [r] = await rows<{ id: number }>(
      tx,
      sql`insert into call_records (enterprise_id, call_id, direction, number, customer_id, contact_id, seat_no, user_id, state, callback_state,
          started_at, answered_at, ended_at, duration_s, remark, created_by)
        values (${ep}, ${`demo-${i + 1}`}, ${c.direction}, ${who.phone}, ${who.customer_id}, ${who.id}, '8001', ${agent.id}, ${c.state}, ${c.callback},
          ${start}, ${c.state === 3 ? sql`${start} + interval '8 seconds'` : null},
          ${start} + make_interval(secs => ${c.seconds + 8}), ${c.seconds}, ${c.remark || null}, ${agent.id})
        returning id::int`,
    );
    if (!r) continue;
    // The log the call events leave: rung, then answered and ended, or ended unanswered (the call-back task opens with it).
    const log = (from: number | null, to: number, action: string) =>
      insertStateLog(tx, CALL_STATE, { enterpriseId: ep, id: r.id, from, to, action, actorId: null });
    await log(null, 1, 'ringing');
    if (c.state === 3) {
      await log(1, 2, 'answer');
      await log(2, 3, 'end');
    } else await log(1, 4, 'end');
  }
}

export const callsDemoStep: DemoStep = { name: 'calls.demo', after: ['customers'], run: seedDemoCalls };
