import type { Executor } from '../../db/client';
import { getSettingBool } from '../settings/index';
import { SLA_SETTING, slaOnSql } from './sla.repo';

/**
 * 启用SLA时效管理 (settings catalogue, off by default, a paid feature). Off: no order or event clock starts or moves,
 * and the sweep sends no warning, overdue or escalation notice (clocks started while it was on are still marked).
 */
export { SLA_SETTING, slaOnSql };

export const slaEnabled = (ex: Executor, enterpriseId: number): Promise<boolean> => getSettingBool(ex, enterpriseId, SLA_SETTING);
