import type { Executor } from '../db/client';
import { securityLog } from '../db/schema/index';

export interface AuditEntry {
  action: 'login' | 'login_failed' | 'logout' | 'power_denied' | 'plan_denied' | 'password_changed' | 'role_changed' | string;
  enterpriseId?: number | null;
  userId?: number | null;
  mobile?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
}

/** Writes one security_log row; an audit failure never fails the request that caused it. */
export async function audit(ex: Executor, e: AuditEntry): Promise<void> {
  try {
    await ex.insert(securityLog).values({
      action: e.action,
      enterpriseId: e.enterpriseId ?? null,
      userId: e.userId ?? null,
      mobile: e.mobile ?? null,
      ip: e.ip ?? null,
      detail: e.detail ?? null,
    });
  } catch {
    // best effort
  }
}
