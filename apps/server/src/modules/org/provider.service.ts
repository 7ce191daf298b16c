import { PARTNER_TYPES, type ProviderRow } from '@sk/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { affected, rows } from '../../db/client';
import { serviceProviders } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { apiTime, containing, isUniqueViolation, whereAll } from './org.common';
import { countOf, listPage, pageSql } from '../../platform/list';

export interface ProviderFilter {
  keyword?: string;
  partnerType?: number;
  enabled?: boolean;
}
export interface ProviderInput {
  name?: string;
  partnerType?: number;
  linkman?: string | null;
  phone?: string | null;
  address?: string | null;
  serviceArea?: string | null;
  remark?: string | null;
  /** 结算系数 as a number (1.2); stored in hundredths. */
  coefficient?: number;
}

function providerWhere(enterpriseId: number, f: ProviderFilter): SQL {
  const parts: SQL[] = [sql`p.enterprise_id = ${enterpriseId}`];
  if (f.keyword) parts.push(sql`(p.name ilike ${containing(f.keyword)} or p.linkman ilike ${containing(f.keyword)})`);
  if (f.partnerType) parts.push(sql`p.partner_type = ${f.partnerType}`);
  if (f.enabled !== undefined) parts.push(sql`p.enabled = ${f.enabled}`);
  return whereAll(parts);
}

type Raw = Omit<ProviderRow, 'partnerTypeName' | 'coefficient'> & { coefficientPct: number };
const toRow = ({ coefficientPct, ...r }: Raw): ProviderRow => ({
  ...r,
  coefficient: Number(coefficientPct) / 100,
  id: Number(r.id),
  partnerType: Number(r.partnerType),
  partnerTypeName: PARTNER_TYPES[Number(r.partnerType) as 1 | 3 | 4] ?? '',
  userCount: Number(r.userCount),
});

const providerSelect = (timeZone: string) => sql`select p.id, p.name, p.partner_type as "partnerType", p.linkman, p.phone, p.address,
    p.service_area as "serviceArea", p.remark, p.enabled, p.coefficient_pct as "coefficientPct",
    (select count(*) from users u where u.enterprise_id = p.enterprise_id and u.provider_id = p.id and u.deleted_at is null)::int as "userCount",
    ${apiTime(sql`p.created_at`, timeZone)} as create_time
  from service_providers p`;

export async function list(
  db: Db,
  enterpriseId: number,
  timeZone: string,
  f: ProviderFilter,
  page: { pageIndex: number; pageSize: number },
): Promise<{ list: ProviderRow[]; count: number }> {
  const where = providerWhere(enterpriseId, f);
  return listPage(
    page,
    async () => (await rows<Raw>(db, sql`${providerSelect(timeZone)} where ${where} order by p.id desc ${pageSql(page)}`)).map(toRow),
    () => countOf(db, sql`service_providers p`, where),
  );
}

/** Enabled providers for pickers. */
export async function simpleList(db: Db, enterpriseId: number, partnerType?: number): Promise<{ id: number; name: string; partnerType: number }[]> {
  const out = await rows<{ id: number; name: string; partnerType: number }>(
    db,
    sql`select p.id, p.name, p.partner_type as "partnerType" from service_providers p
      where ${providerWhere(enterpriseId, { partnerType, enabled: true })} order by p.id`,
  );
  return out.map((r) => ({ id: Number(r.id), name: r.name, partnerType: Number(r.partnerType) }));
}

export async function detail(db: Db, enterpriseId: number, timeZone: string, id: number): Promise<ProviderRow> {
  const [r] = await rows<Raw>(db, sql`${providerSelect(timeZone)} where p.enterprise_id = ${enterpriseId} and p.id = ${id}`);
  if (!r) throw new AppError('NOT_FOUND');
  return toRow(r);
}

async function nameSafe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('NAME_TAKEN');
    throw err;
  }
}

const blankToNull = ({ coefficient, ...v }: ProviderInput) =>
  Object.fromEntries(
    [...Object.entries(v), ...(coefficient === undefined ? [] : [['coefficientPct', Math.round(coefficient * 100)]])]
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => [k, x === '' ? null : x]),
  );

export function create(db: Db, enterpriseId: number, v: ProviderInput & { name: string; partnerType: number }): Promise<number> {
  return nameSafe(async () => {
    const [p] = await db
      .insert(serviceProviders)
      .values({ ...blankToNull(v), name: v.name, partnerType: v.partnerType, enterpriseId })
      .returning({ id: serviceProviders.id });
    return p!.id;
  });
}

export function update(db: Db, enterpriseId: number, id: number, v: ProviderInput): Promise<void> {
  return nameSafe(async () => {
    const done = await db
      .update(serviceProviders)
      .set({ ...blankToNull(v), updatedAt: sql`now()` })
      .where(and(eq(serviceProviders.enterpriseId, enterpriseId), eq(serviceProviders.id, id)))
      .returning({ id: serviceProviders.id });
    if (done.length === 0) throw new AppError('NOT_FOUND');
  });
}

async function disableUsersOf(ex: Executor, enterpriseId: number, providerId: number): Promise<void> {
  await ex.execute(sql`delete from sessions s using users u
    where s.enterprise_id = ${enterpriseId} and u.enterprise_id = s.enterprise_id and u.id = s.user_id and u.provider_id = ${providerId}`);
  await affected(
    ex,
    sql`update users set enabled = false, updated_at = now()
    where enterprise_id = ${enterpriseId} and provider_id = ${providerId} and enabled and deleted_at is null`,
  );
}

/** Disabling a provider disables its outsourced users (re-enabling the provider leaves them for the admin to enable one by one). */
export async function setEnabled(db: Db, enterpriseId: number, id: number, enabled: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const [p] = await tx
      .select({ enabled: serviceProviders.enabled })
      .from(serviceProviders)
      .where(and(eq(serviceProviders.enterpriseId, enterpriseId), eq(serviceProviders.id, id)));
    if (!p) throw new AppError('NOT_FOUND');
    if (p.enabled === enabled) return;
    const n = await affected(
      tx,
      sql`update service_providers set enabled = ${enabled}, updated_at = now()
        where enterprise_id = ${enterpriseId} and id = ${id} and enabled = ${!enabled}`,
    );
    if (n !== 1) throw new AppError('CONFLICT');
    if (!enabled) await disableUsersOf(tx, enterpriseId, id);
  });
}
