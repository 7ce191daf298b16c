import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import type { Client } from '../../test/factories';

let seq = 0;

/** A customer through the API, with its first contact and (unless address: null) a default address. */
export async function newCustomer(c: Client, o: Record<string, unknown> = {}): Promise<number> {
  seq++;
  const r = await c.post('/v2/customer/addCustomer', {
    name: `测试客户${seq}`,
    linkPerson: { name: `联系人${seq}`, phone: `1390000${String(seq).padStart(4, '0')}` },
    address: { provinceCode: '31', cityCode: '3101', districtCode: '310115', detail: `张江路${seq}号`, mapName: `星河大厦${seq}` },
    ...o,
  });
  if (!r.success) throw new Error(`addCustomer: ${r.message}`);
  return r.data.id;
}

export async function countOf(db: Db, table: string, where: ReturnType<typeof sql>): Promise<number> {
  const [r] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`);
  return r?.n ?? 0;
}

/** A catalogue model through the API. */
export async function newModel(c: Client, o: Record<string, unknown> = {}): Promise<number> {
  seq++;
  const r = await c.post('/allProduct/save', {
    name: `测试产品${seq}`,
    brand: '格力',
    model: `M-${seq}`,
    category: '空调',
    warrantyPeriod: 1,
    warrantyUnit: 3,
    warrantyStartType: 3,
    ...o,
  });
  if (!r.success) throw new Error(`model save: ${r.message}`);
  return r.data.id;
}
