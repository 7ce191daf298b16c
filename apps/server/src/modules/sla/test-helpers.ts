import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { SLA_SETTING } from './sla.enabled';

/** Turns 启用SLA时效管理 on for the enterprise (off by default: no clock runs until an administrator enables it). */
export async function slaOn(db: Db, enterpriseId: number, on = true): Promise<void> {
  await db.execute(sql`insert into system_settings (enterprise_id, code, value) values (${enterpriseId}, ${SLA_SETTING}, ${on ? '1' : '0'})
    on conflict (enterprise_id, code) do update set value = excluded.value`);
}
