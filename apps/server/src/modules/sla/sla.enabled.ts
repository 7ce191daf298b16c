import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { getSettingBool } from '../settings/settings.repo';

/**
 * 启用SLA时效管理 (settings catalogue, off by default, a paid feature). Off: no order or event clock starts or moves,
 * and the sweep sends no warning, overdue or escalation notice (clocks started while it was on are still marked).
 */
export const SLA_SETTING = 'sla_enabled';

export const slaEnabled = (ex: Executor, enterpriseId: number): Promise<boolean> => getSettingBool(ex, enterpriseId, SLA_SETTING);

/** The same test inside the sweep's statements, for the enterprise in `col` (the catalogue default is off: only a stored '1' is on). */
export const slaOnSql = (col: string): SQL =>
  sql`exists (select 1 from system_settings ss where ss.enterprise_id = ${sql.raw(col)} and ss.code = ${SLA_SETTING} and ss.value = '1')`;
