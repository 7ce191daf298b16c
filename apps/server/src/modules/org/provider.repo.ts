import { textContains } from '../../platform/search';
import { maskBankAccount, PARTNER_TYPES, type ProviderContact, type ProviderDetail, type ProviderRow } from '@sk/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { affected, rows } from '../../db/client';
import { serviceProviderContacts, serviceProviders } from '../../db/schema/index';
import { areaNameOf } from '../../platform/geo/areas';
import { countOf, listPage, pageSql } from '../../platform/list';
import { apiTime, whereAll } from './org.common';

export interface ProviderFilter {
  keyword?: string;
  partnerType?: number;
  enabled?: boolean;
}

function providerWhere(enterpriseId: number, f: ProviderFilter): SQL {
  const parts: SQL[] = [sql`p.enterprise_id = ${enterpriseId}`];
  if (f.keyword) parts.push(sql`(${textContains(sql`p.name`, f.keyword)} or ${textContains(sql`p.linkman`, f.keyword)})`);
  if (f.partnerType) parts.push(sql`p.partner_type = ${f.partnerType}`);
  if (f.enabled !== undefined) parts.push(sql`p.enabled = ${f.enabled}`);
  return whereAll(parts);
}

type ProviderRaw = Omit<ProviderRow, 'partnerTypeName' | 'coefficient' | 'regions' | 'bankAccountMasked'> & {
  coefficientPct: number;
  regionCodes: string[];
  bankAccount: string | null;
};

/** A provider as the contract shows it: the coefficient from hundredths, the partner type's name, the regions named, the account masked. */
export const toProviderRow = ({ coefficientPct, regionCodes, bankAccount, ...r }: ProviderRaw): ProviderRow => ({
  ...r,
  coefficient: coefficientPct / 100,
  partnerTypeName: PARTNER_TYPES[r.partnerType as 1 | 3 | 4] ?? '',
  regions: regionCodes.map((code) => ({ code, name: areaNameOf(code) ?? code })),
  bankAccountMasked: maskBankAccount(bankAccount),
});

const providerSelect = (timeZone: string) => sql`select p.id, p.name, p.partner_type as "partnerType", p.linkman, p.phone, p.address,
    p.service_area as "serviceArea", p.remark, p.enabled, p.coefficient_pct as "coefficientPct",
    p.region_codes as "regionCodes", p.product_lines as "productLines", p.bank_name as "bankName",
    p.bank_account_name as "bankAccountName", p.bank_account as "bankAccount",
    (select count(*) from users u where u.enterprise_id = p.enterprise_id and u.provider_id = p.id and u.deleted_at is null)::int as "userCount",
    ${apiTime(sql`p.created_at`, timeZone)} as create_time
  from service_providers p`;

export function list(
  db: Db,
  enterpriseId: number,
  timeZone: string,
  f: ProviderFilter,
  page: { pageIndex: number; pageSize: number },
): Promise<{ list: ProviderRow[]; count: number }> {
  const where = providerWhere(enterpriseId, f);
  return listPage(
    page,
    async () => (await rows<ProviderRaw>(db, sql`${providerSelect(timeZone)} where ${where} order by p.id desc ${pageSql(page)}`)).map(toProviderRow),
    () => countOf(db, sql`service_providers p`, where),
  );
}

/** Enabled providers for pickers. */
export function simpleList(db: Db, enterpriseId: number, partnerType?: number): Promise<{ id: number; name: string; partnerType: number }[]> {
  return rows<{ id: number; name: string; partnerType: number }>(
    db,
    sql`select p.id, p.name, p.partner_type as "partnerType" from service_providers p
      where ${providerWhere(enterpriseId, { partnerType, enabled: true })} order by p.id`,
  );
}

export async function find(db: Executor, enterpriseId: number, timeZone: string, id: number): Promise<ProviderDetail | null> {
  const [r] = await rows<ProviderRaw>(db, sql`${providerSelect(timeZone)} where p.enterprise_id = ${enterpriseId} and p.id = ${id}`);
  if (!r) return null;
  const contacts = await rows<ProviderContact>(
    db,
    sql`select name, phone, position, is_primary as "isPrimary" from service_provider_contacts
      where enterprise_id = ${enterpriseId} and provider_id = ${id} order by is_primary desc, sort, id`,
  );
  return { ...toProviderRow(r), bankAccount: r.bankAccount, contacts };
}

/** What a change log compares: the stored coefficient and bank details, locked for the write. */
export interface ProviderLogged {
  name: string;
  coefficientPct: number;
  bankName: string | null;
  bankAccountName: string | null;
  bankAccount: string | null;
}

export async function lockLogged(ex: Executor, enterpriseId: number, id: number): Promise<ProviderLogged | null> {
  const [r] = await rows<ProviderLogged>(
    ex,
    sql`select name, coefficient_pct as "coefficientPct", bank_name as "bankName", bank_account_name as "bankAccountName",
        bank_account as "bankAccount"
      from service_providers where enterprise_id = ${enterpriseId} and id = ${id} for update`,
  );
  return r ?? null;
}

export async function insert(db: Executor, enterpriseId: number, v: Record<string, unknown> & { name: string; partnerType: number }): Promise<number> {
  const [p] = await db
    .insert(serviceProviders)
    .values({ ...v, enterpriseId })
    .returning({ id: serviceProviders.id });
  return p!.id;
}

/** Answers whether the provider exists here. */
export async function updateRow(db: Executor, enterpriseId: number, id: number, v: Record<string, unknown>): Promise<boolean> {
  const done = await db
    .update(serviceProviders)
    .set({ ...v, updatedAt: sql`now()` })
    .where(and(eq(serviceProviders.enterpriseId, enterpriseId), eq(serviceProviders.id, id)))
    .returning({ id: serviceProviders.id });
  return done.length > 0;
}

/** Replaces the provider's contacts with the list, in its order. */
export async function replaceContacts(ex: Executor, enterpriseId: number, providerId: number, list: readonly ProviderContact[]): Promise<void> {
  await ex
    .delete(serviceProviderContacts)
    .where(and(eq(serviceProviderContacts.enterpriseId, enterpriseId), eq(serviceProviderContacts.providerId, providerId)));
  if (list.length === 0) return;
  await ex
    .insert(serviceProviderContacts)
    .values(list.map((c, sort) => ({ enterpriseId, providerId, name: c.name, phone: c.phone, position: c.position, isPrimary: c.isPrimary, sort })));
}

export async function enabledOf(ex: Executor, enterpriseId: number, id: number): Promise<boolean | null> {
  const [p] = await ex
    .select({ enabled: serviceProviders.enabled })
    .from(serviceProviders)
    .where(and(eq(serviceProviders.enterpriseId, enterpriseId), eq(serviceProviders.id, id)));
  return p ? p.enabled : null;
}

/** Compare-and-set of the enabled flag; answers whether it moved. */
export async function setEnabledIf(ex: Executor, enterpriseId: number, id: number, enabled: boolean): Promise<boolean> {
  const n = await affected(
    ex,
    sql`update service_providers set enabled = ${enabled}, updated_at = now()
      where enterprise_id = ${enterpriseId} and id = ${id} and enabled = ${!enabled}`,
  );
  return n === 1;
}

/** Signs out and disables the provider's outsourced users. */
export async function disableUsersOf(ex: Executor, enterpriseId: number, providerId: number): Promise<void> {
  await ex.execute(sql`delete from sessions s using users u
    where s.enterprise_id = ${enterpriseId} and u.enterprise_id = s.enterprise_id and u.id = s.user_id and u.provider_id = ${providerId}`);
  await affected(
    ex,
    sql`update users set enabled = false, updated_at = now()
    where enterprise_id = ${enterpriseId} and provider_id = ${providerId} and enabled and deleted_at is null`,
  );
}
