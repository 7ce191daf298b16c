// The quality report's summaries (modules/quality/summary.ts): over a seeded random set of complaints, written in one
// statement, closed, edited, moved across days and deleted, the report read from the summaries equals the report read
// from the complaints for every grouping and period (fast-check), another enterprise's complaints count nowhere, and a
// rebuild (the backfill of an older database) lands on the rows the triggers kept.
import { QUALITY_REPORT_BY, type QualityReportBy } from '@sk/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { dayAgo, pickWith, rng } from '../../test/seeded';
import { qualityReport } from './complaint.repo';
import { rebuildComplaintSummary } from './summary';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const day = dayAgo;

async function seededSet(seed: number) {
  const admin = await loggedIn(t.app, t.deps.db, { roles: [3] });
  const ep = admin.enterpriseId;
  const db = t.deps.db;
  const r = rng(seed);
  const pick = pickWith(r);
  const models = (
    await rows<{ id: number }>(db, sql`insert into product_models (enterprise_id, name) select ${ep}, '型号' || g from generate_series(1, 3) g returning id`)
  ).map((m) => Number(m.id));
  const faults = (
    await rows<{ id: number }>(
      db,
      sql`insert into fault_modes (enterprise_id, category, level, code, name) select ${ep}, '', 3, 'F' || g, '故障' || g from generate_series(1, 3) g returning id`,
    )
  ).map((f) => Number(f.id));
  const values = [];
  for (let i = 0; i < 150; i++) {
    const state = pick([1, 2, 3, 4, 5, 5]);
    // Creation over 40 days at any second (days split at the enterprise's midnight, not UTC's).
    const created = new Date(Date.now() - Math.floor(r() * 40 * 86_400) * 1000).toISOString();
    values.push(
      sql`(${ep}, ${`TS${seed}${i}`}, 4, ${pick([...models, null])}::bigint, ${pick([...faults, null])}::bigint, ${pick(['SN1', 'SN2', 'SN3', `SN${i}`, null])},
        '投诉', '一般投诉', ${state}, ${state === 5 ? pick(['产品质量', '安装不当', null]) : null}, ${pick(['家庭', '商铺', null])}, ${pick(['华东', '华南', null])},
        ${Math.floor(r() * 500) * 100}, ${Math.floor(r() * 3) * 1000}, 0, ${created}::timestamptz)`,
    );
  }
  // One statement for all (the insert trigger takes a transition table of many rows).
  await db.execute(sql`insert into complaints (enterprise_id, complaint_no, source_type, product_model_id, fault_mode_id, serial_number, title, level, state,
      responsibility, place_of_use, sales_unit, cost_parts, cost_labour, cost_compensation, created_at) values ${sql.join(values, sql`, `)}`);
  const ids = (await rows<{ id: number }>(db, sql`select id from complaints where enterprise_id = ${ep} order by id`)).map((x) => Number(x.id));
  // Closing, a key's edit, a cost, a move across days, a many-row update that changes nothing counted, deletes.
  await db.execute(
    sql`update complaints set state = 5, responsibility = '使用不当', analysis_unit = '质量部' where enterprise_id = ${ep} and id = any(${`{${ids.slice(0, 10).join(',')}}`}::bigint[])`,
  );
  await db.execute(
    sql`update complaints set product_model_id = ${models[0]}, sales_unit = '华北', cost_compensation = 5000 where enterprise_id = ${ep} and id = ${ids[20]}`,
  );
  await db.execute(sql`update complaints set created_at = created_at - interval '3 days' where enterprise_id = ${ep} and id % 7 = 0`);
  await db.execute(sql`update complaints set updated_at = now(), version = version + 1 where enterprise_id = ${ep}`);
  await db.execute(sql`delete from complaints where enterprise_id = ${ep} and id in (${ids[5]}, ${ids[6]})`);
  const actor = { id: admin.user.id, enterpriseId: ep, providerId: null, timeZone: 'Asia/Shanghai' } as unknown as Actor;
  return { ep, actor };
}

describe('the quality report summaries', () => {
  it('give the same report as the complaints for every grouping and period; a rebuild gives the same rows', async () => {
    const s = await seededSet(7);
    await seededSet(8); // another enterprise's complaints count nowhere here
    const periods: [string | undefined, string | undefined][] = [
      [undefined, undefined],
      [`${day(29)} 00:00:00`, `${day(0)} 23:59:59`],
      [day(10), day(3)],
      [day(40), undefined],
      [undefined, day(20)],
      [day(0), day(0)],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...(Object.keys(QUALITY_REPORT_BY) as QualityReportBy[])), fc.constantFrom(...periods), async (by, [start, end]) => {
        const fromComplaints = await qualityReport(t.deps.db, s.actor, by, start, end, 'complaints');
        const fromSummary = await qualityReport(t.deps.db, s.actor, by, start, end, 'summary');
        expect(fromSummary).toEqual(fromComplaints);
      }),
      { numRuns: 30, seed: 42 },
    );
    const all = await qualityReport(t.deps.db, s.actor, 'productModel');
    expect(all.total).toBe(148);
    expect(all.repeats.length).toBeGreaterThan(0);
    // The rebuild (the backfill of an older database) lands on the same non-empty rows the triggers kept.
    const kept = async () =>
      rows(
        t.deps.db,
        sql`select dim, day::text, key, provider_id, n, closed, cost from complaint_day_stats where enterprise_id = ${s.ep} and (n <> 0 or cost <> 0)
          order by dim, day, key, provider_id`,
      );
    const serials = async () => rows(t.deps.db, sql`select serial, n from complaint_serial_stats where enterprise_id = ${s.ep} and n <> 0 order by serial`);
    const before = [await kept(), await serials()];
    expect(before[0]?.length).toBeGreaterThan(50); // the report above read these rows, not the complaints
    await rebuildComplaintSummary(t.deps.db, s.ep);
    expect([await kept(), await serials()]).toEqual(before);
  });
});
