import { rangeStart } from '@sk/shared';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { operationLog, pagePoints, users } from '../../db/schema/index';
import { countOf, type PageRequest, windowOf } from '../../platform/list';
import { apiTime, periodEnd } from '../../platform/sql';
import type { Actor } from '../../platform/actor';

export interface OperationEntry {
  module: string;
  action: string;
  detail?: string;
  ip?: string | null;
}

/** Writes one operation-log row for the session user; other modules call this for their own actions. */
export async function logOperation(ex: Executor, user: Actor, e: OperationEntry): Promise<void> {
  await ex.insert(operationLog).values({
    enterpriseId: user.enterpriseId,
    userId: user.id,
    module: e.module,
    action: e.action,
    detail: e.detail ?? '',
    ip: e.ip ?? null,
  });
}

export async function recordPoint(ex: Executor, user: Actor, code: string): Promise<void> {
  await ex.insert(pagePoints).values({ enterpriseId: user.enterpriseId, userId: user.id, code });
}

export interface ActivityFilter {
  enterpriseId: number;
  tz: string;
  userId?: number;
  module?: string;
  start?: string;
  end?: string;
}

const local = (text: string, tz: string) => sql`(${text}::timestamp at time zone ${tz})`;

export async function listActivity(ex: Executor, f: ActivityFilter, page: PageRequest) {
  const { limit, offset } = windowOf(page);
  const where = and(
    eq(operationLog.enterpriseId, f.enterpriseId),
    f.userId ? eq(operationLog.userId, f.userId) : undefined,
    f.module ? eq(operationLog.module, f.module) : undefined,
    f.start ? gte(operationLog.createdAt, local(rangeStart(f.start), f.tz)) : undefined,
    f.end ? lt(operationLog.createdAt, periodEnd(f.end, f.tz)) : undefined,
  );
  const [list, count] = await Promise.all([
    ex
      .select({
        id: operationLog.id,
        user_id: operationLog.userId,
        user_name: users.name,
        module: operationLog.module,
        action: operationLog.action,
        detail: operationLog.detail,
        create_time: apiTime(operationLog.createdAt, f.tz),
      })
      .from(operationLog)
      .innerJoin(users, and(eq(users.enterpriseId, operationLog.enterpriseId), eq(users.id, operationLog.userId)))
      .where(where)
      .orderBy(desc(operationLog.createdAt), desc(operationLog.id))
      .limit(limit)
      .offset(offset),
    countOf(ex, sql`${operationLog}`, where),
  ]);
  return { list, count };
}
