import { orderListContract as K } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { gramsOf, likePattern, texts } from '../../platform/search';
import { type Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { createdMonths } from './list.search';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const db = () => t.deps.db;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;

const TITLES = ['空调不制冷上门维修', '新机安装调试', '季度例行保养', 'GREE空调异响', '洗衣机漏水', '冰箱不制冷', '旧机回收'];
const PEOPLE = ['张三', '李四', '王五调度', 'Amy'];
const ADDRESSES = ['上海市浦东新区张江路1号', '北京市海淀区中关村', '广州市天河区空港大道', ''];
const KEYWORDS = ['空调', '空调维修', '制冷', '调', '修', 'gree', 'Gree空调', '浦东', '张三', '138', '华东', '机电', '不制冷上门', '没有的词'];

/** A local 'YYYY-MM-DD HH:mm:ss' between 2024-01-01 and today, a quarter of them near a month's edge. */
function randomTime(): string {
  const from = Date.UTC(2024, 0, 1);
  const d = new Date(from + Math.random() * (Date.now() - from));
  if (Math.random() < 0.25) d.setUTCDate(pick([1, 28, 30, 31]));
  d.setUTCHours(pick([0, 7, 8, 12, 16, 23]), pick([0, 30, 59]));
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

/** An enterprise in `timeZone` with 160 random orders (titles, people, addresses, states, creation times, some in the bin). */
async function world(timeZone: string): Promise<{ client: Client; ep: number }> {
  const admin = await loggedIn(t.app, db(), { roles: [3] });
  const ep = admin.enterpriseId;
  await db().execute(sql`update enterprises set time_zone = ${timeZone} where id = ${ep}`);
  const [tpl] = await rows<{ id: number }>(db(), sql`insert into form_templates (enterprise_id, form_kind, name) values (${ep}, 1, '维修') returning id`);
  const customers = await rows<{ id: number; name: string }>(
    db(),
    sql`insert into customers (enterprise_id, name) values (${ep}, '华东制冷空调'), (${ep}, '西南机电') returning id, name`,
  );
  for (let i = 0; i < 160; i++) {
    const c = pick(customers);
    const o = {
      no: `GD${ep}${String(i).padStart(4, '0')}`,
      title: pick(TITLES),
      person: pick(PEOPLE),
      phone: `138${String(i).padStart(8, '0')}`,
      addr: pick(ADDRESSES),
    };
    const state = pick([0, 1, 2, 3, 4, 5, 6, 7]);
    await db().execute(sql`insert into orders (enterprise_id, order_no, title, custom_link_person, custom_phone, full_address, customer_id, template_id,
        state, invalid, created_at, deleted_at, search_grams)
      values (${ep}, ${o.no}, ${o.title}, ${o.person}, ${o.phone}, ${o.addr}, ${c.id}, ${tpl?.id}, ${state}, ${state === 0 && Math.random() < 0.3},
        (${randomTime()})::timestamp at time zone ${timeZone}, ${Math.random() < 0.1 ? sql`now()` : null},
        ${texts(gramsOf(o.title, o.no, c.name, o.person, o.phone, o.addr))})`);
  }
  return { client: admin.client, ep };
}

interface Combo {
  keyword: string;
  states?: number[];
  startCreateTime?: string;
  endCreateTime?: string;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

function randomCombo(): Combo {
  const c: Combo = { keyword: pick(KEYWORDS) };
  if (Math.random() < 0.7) c.states = [...new Set([pick([0, 1, 2, 3, 4, 5, 6, 7]), pick([0, 1, 2, 3, 4, 5, 6, 7])])];
  // Mostly within the last two years (the month-keyed path covers ranges up to 12 months).
  const a = new Date(Date.now() - Math.random() * 700 * 86_400_000);
  if (Math.random() < 0.3) a.setUTCDate(1);
  c.startCreateTime = day(a);
  if (Math.random() < 0.8) c.endCreateTime = day(new Date(a.getTime() + Math.random() * 300 * 86_400_000));
  return c;
}

/** The same filter as a plain ILIKE over the enterprise's orders and their customers' names, newest first. */
async function plain(ep: number, timeZone: string, c: Combo): Promise<number[]> {
  const p = likePattern(c.keyword);
  const found = await rows<{ id: number }>(
    db(),
    sql`select o.id from orders o join customers k on k.enterprise_id = o.enterprise_id and k.id = o.customer_id
      where o.enterprise_id = ${ep} and o.deleted_at is null
        and (concat_ws(' ', o.title, o.order_no, o.custom_link_person, o.custom_phone, o.full_address) ilike ${p} or k.name ilike ${p})
        ${
          c.states
            ? sql`and o.state in (${sql.join(
                c.states.map((s) => sql`${s}`),
                sql`, `,
              )})`
            : sql``
        }
        ${c.startCreateTime ? sql`and o.created_at >= (${c.startCreateTime})::timestamp at time zone ${timeZone}` : sql``}
        ${c.endCreateTime ? sql`and o.created_at <= (${`${c.endCreateTime} 23:59:59`})::timestamp at time zone ${timeZone}` : sql``}
      order by o.created_at desc, o.id desc`,
  );
  return found.map((r) => Number(r.id));
}

describe('keyword within a creation range (the month-keyed grams) answers the rows a plain ILIKE finds', () => {
  for (const timeZone of ['Asia/Shanghai', 'America/New_York']) {
    it(`in ${timeZone}: 60 random keyword + state + range combinations`, async () => {
      const w = await world(timeZone);
      let nonEmpty = 0;
      for (let i = 0; i < 60; i++) {
        const c = randomCombo();
        const q = { ...c, states: c.states?.join(','), pageSize: 100 };
        const r = await w.client.send(K.getAllOrderList, q);
        const want = await plain(w.ep, timeZone, c);
        expect({ c, count: r.data.count, ids: r.data.list.map((o: { id: number }) => o.id) }).toEqual({ c, count: want.length, ids: want.slice(0, 100) });
        if (want.length) nonEmpty++;
      }
      expect(nonEmpty).toBeGreaterThan(10);
    });
  }
});

describe('createdMonths', () => {
  it('lists the UTC+8 months of a range in Shanghai, oldest first', () => {
    expect(createdMonths('Asia/Shanghai', '2025-11-01', '2026-01-31')).toEqual(['202511', '202512', '202601']);
    expect(createdMonths('Asia/Shanghai', '2026/03/05 10:00:00', '2026/03/05')).toEqual(['202603']);
  });
  it('widens by a day in another zone, so an order at the month edge is not missed', () => {
    expect(createdMonths('America/New_York', '2026-03-01', '2026-03-31')).toEqual(['202602', '202603', '202604']);
  });
  it('answers null without a start, for an unreadable date or past 12 months (the plain grams then)', () => {
    expect(createdMonths('Asia/Shanghai', undefined, '2026-01-01')).toBeNull();
    expect(createdMonths('Asia/Shanghai', '昨天', '2026-01-01')).toBeNull();
    expect(createdMonths('Asia/Shanghai', '2025-01-01', '2026-01-01')).toBeNull();
    expect(createdMonths('Asia/Shanghai', '2025-01-01', '2025-12-31')).toHaveLength(12);
    expect(createdMonths('Asia/Shanghai', '2026-02-01', '2026-01-01')).toBeNull();
  });
  it('answers null for an open end (an order may carry any creation time)', () => {
    expect(createdMonths('Asia/Shanghai', '2026-01-01')).toBeNull();
  });
});
