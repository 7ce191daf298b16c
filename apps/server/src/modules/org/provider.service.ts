import { maskBankAccount, type ProviderContact, type ProviderDetail } from '@sk/shared';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError, invalid } from '../../platform/errors';
import { areaNameOf } from '../../platform/geo/areas';
import { logOperation } from '../activity/index';
import { isUniqueViolation } from './org.common';
import * as repo from './provider.repo';

export type { ProviderFilter } from './provider.repo';
export { list, simpleList } from './provider.repo';

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
  regionCodes?: string[];
  productLines?: string[];
  bankName?: string | null;
  bankAccountName?: string | null;
  /** Digits only (the contract strips spaces and dashes); '' clears it. */
  bankAccount?: string | null;
  /** Replaces the contacts; the primary one's name and phone become linkman and phone. */
  contacts?: ProviderContact[];
}

/** The operation log's module for every provider write (the activity page filters by it). */
export const PROVIDER_LOG_MODULE = '服务商';

async function nameSafe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('NAME_TAKEN');
    throw err;
  }
}

/** Every region code must be a province, city or district of the area table. */
function checkRegions(codes: readonly string[] | undefined): void {
  if (codes?.some((c) => !areaNameOf(c))) throw invalid('服务区域：地区编码不存在');
}

const columnsOf = ({ coefficient, contacts, ...v }: ProviderInput) => {
  const primary = contacts?.find((c) => c.isPrimary);
  const fromContacts = contacts === undefined ? {} : { linkman: primary?.name ?? null, phone: primary?.phone ?? null };
  return Object.fromEntries(
    [...Object.entries({ ...v, ...fromContacts }), ...(coefficient === undefined ? [] : [['coefficientPct', Math.round(coefficient * 100)]])]
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => [k, x === '' ? null : x]),
  );
};

const coefficientText = (pct: number) => (pct / 100).toFixed(2);
const shown = (v: string | null | undefined) => v || '（空）';

/** The logged fields of a provider, as the log shows them: the account masked. */
function loggedView(p: repo.ProviderLogged): [label: string, value: string][] {
  return [
    ['结算系数', coefficientText(p.coefficientPct)],
    ['开户银行', shown(p.bankName)],
    ['开户名', shown(p.bankAccountName)],
    ['银行账号', shown(maskBankAccount(p.bankAccount))],
  ];
}

/** 'old → new' of each logged field that changed. */
function changes(before: repo.ProviderLogged, after: repo.ProviderLogged): string[] {
  const a = loggedView(after);
  return loggedView(before).flatMap(([label, old], i) => (old === a[i]![1] ? [] : [`${label} ${old} → ${a[i]![1]}`]));
}

async function lockedOrMissing(ex: Executor, enterpriseId: number, id: number): Promise<repo.ProviderLogged> {
  const p = await repo.lockLogged(ex, enterpriseId, id);
  if (!p) throw new AppError('NOT_FOUND');
  return p;
}

export async function detail(db: Db, enterpriseId: number, timeZone: string, id: number): Promise<ProviderDetail> {
  const found = await repo.find(db, enterpriseId, timeZone, id);
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

/** Creates the provider, its contacts and its log entry in one transaction. */
export function create(db: Db, actor: Actor, v: ProviderInput & { name: string; partnerType: number }, ip?: string | null): Promise<number> {
  checkRegions(v.regionCodes);
  return nameSafe(() =>
    db.transaction(async (tx) => {
      const id = await repo.insert(tx, actor.enterpriseId, { ...columnsOf(v), name: v.name, partnerType: v.partnerType });
      if (v.contacts) await repo.replaceContacts(tx, actor.enterpriseId, id, v.contacts);
      const saved = await lockedOrMissing(tx, actor.enterpriseId, id);
      const fields = loggedView(saved).map(([label, value]) => `${label} ${value}`);
      await logOperation(tx, actor, { module: PROVIDER_LOG_MODULE, action: '新增', detail: `新增服务商「${saved.name}」：${fields.join('；')}`, ip });
      return id;
    }),
  );
}

/** Updates the provider (and replaces its contacts when given); the log entry names the coefficient's and bank details' old → new. */
export function update(db: Db, actor: Actor, id: number, v: ProviderInput, ip?: string | null): Promise<void> {
  checkRegions(v.regionCodes);
  return nameSafe(() =>
    db.transaction(async (tx) => {
      const before = await lockedOrMissing(tx, actor.enterpriseId, id);
      await repo.updateRow(tx, actor.enterpriseId, id, columnsOf(v));
      if (v.contacts) await repo.replaceContacts(tx, actor.enterpriseId, id, v.contacts);
      const after = await lockedOrMissing(tx, actor.enterpriseId, id);
      const diff = changes(before, after);
      const renamed = before.name === after.name ? '' : `（原名「${before.name}」）`;
      await logOperation(tx, actor, {
        module: PROVIDER_LOG_MODULE,
        action: '编辑',
        detail: `编辑服务商「${after.name}」${renamed}${diff.length ? `：${diff.join('；')}` : ''}`,
        ip,
      });
    }),
  );
}

/** Disabling a provider disables its outsourced users (re-enabling the provider leaves them for the admin to enable one by one). */
export async function setEnabled(db: Db, actor: Actor, id: number, enabled: boolean, ip?: string | null): Promise<void> {
  const { enterpriseId } = actor;
  await db.transaction(async (tx) => {
    const now = await repo.enabledOf(tx, enterpriseId, id);
    if (now === null) throw new AppError('NOT_FOUND');
    if (now === enabled) return;
    if (!(await repo.setEnabledIf(tx, enterpriseId, id, enabled))) throw new AppError('CONFLICT');
    if (!enabled) await repo.disableUsersOf(tx, enterpriseId, id);
    const { name } = await lockedOrMissing(tx, enterpriseId, id);
    const action = enabled ? '启用' : '停用';
    await logOperation(tx, actor, { module: PROVIDER_LOG_MODULE, action, detail: `${action}服务商「${name}」`, ip });
  });
}
