import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client';
import type { ComplaintRecord } from './complaint.repo';

/** A product model of `category` and an installed unit of it (with a serial), written straight into the tables. */
export async function productOf(db: Db, ep: number, category: string | null, serial = `SN${Math.random().toString(36).slice(2, 10)}`) {
  const [m] = await rows<{ id: number }>(
    db,
    sql`insert into product_models (enterprise_id, name, model, category) values (${ep}, ${`型号${serial}`}, ${serial}, ${category}) returning id`,
  );
  const [p] = await rows<{ id: number }>(
    db,
    sql`insert into installed_products (enterprise_id, product_id, name, serial_number, qr_code) values (${ep}, ${m?.id}, '空调', ${serial}, ${`QR${serial}`}) returning id`,
  );
  return { modelId: (m as { id: number }).id, productId: (p as { id: number }).id, serial };
}

export const complaintOf = async (db: Db, ep: number, id: number) =>
  (await rows<ComplaintRecord>(db, sql`select * from complaints where enterprise_id = ${ep} and id = ${id}`))[0];
