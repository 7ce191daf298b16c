import { POWERS, hasPower, powersOfUser, type RoleOverrides } from '@sk/shared';
import { actorOf } from './actor';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rows, sql } from '../db/client';
import { readFromReplica, withReadScope } from '../db/replica';
import { exportFiles } from '../db/schema/index';
import type { Deps } from './deps';
import { AppError } from './errors';
import { writeExport } from './exports.writer';
import { registrationSite } from './registry';
import { enqueue, registerJobHandler } from './jobs';
import { ROLE_POWERS_SQL, type SessionUser } from './session';

/**
 * The export registry behind the download centre. A list registers its export once; starting one
 * writes a download-centre row and a job, and the job streams the xlsx (exports.writer.ts).
 */
export type { ExportColumn, ExportDef, ExportUser } from './exports.types';
import type { ExportDef, ExportUser } from './exports.types';

const registry = new Map<string, ExportDef<any>>();
const sites = new Map<string, string>();

export function registerExport<P>(kind: string, def: ExportDef<P>): void {
  registry.set(kind, def);
  sites.set(kind, registrationSite());
}
/** Each export kind, in registration order, with where it was registered (the wiring snapshot). */
export const exportEntries = (): { kind: string; site: string }[] => [...registry.keys()].map((kind) => ({ kind, site: sites.get(kind) ?? '?' }));
export const exportDef = (kind: string): ExportDef<any> | undefined => registry.get(kind);

/** Pages through rows by a numeric key (descending, as lists show newest first). */
export async function* keysetPages<T extends { id: number }>(fetch: (before: number | null, limit: number) => Promise<T[]>, size = 1000): AsyncIterable<T[]> {
  let before: number | null = null;
  for (;;) {
    const page = await fetch(before, size);
    if (page.length) yield page;
    if (page.length < size) return;
    before = Number(page[page.length - 1]!.id);
  }
}

const exportUserOf = (u: SessionUser): ExportUser => actorOf(u);

/** Today in the user's zone, for default file names ('人员列表2024-05-01'). */
const today = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** Starts an export: checks it has rows, then writes the download-centre row and its job in one transaction. */
export async function startExport(
  ex: Executor,
  user: SessionUser,
  input: { kind: string; name?: string | null; params: Record<string, unknown> },
): Promise<{ id: number; name: string }> {
  const def = registry.get(input.kind);
  if (!def) throw new AppError('EXPORT_KIND');
  if (!hasPower(user.powers, POWERS.export)) throw new AppError('NO_POWER');
  const eu = exportUserOf(user);
  if ((await def.count(ex, eu, input.params)) === 0) throw new AppError('EXPORT_EMPTY');
  const name = input.name?.trim() || `${def.title}${today(eu.timeZone)}`;
  return ex.transaction(async (tx) => {
    const [row] = await tx
      .insert(exportFiles)
      .values({ enterpriseId: user.enterpriseId, userId: user.id, kind: input.kind, name, params: input.params })
      .returning({ id: exportFiles.id });
    if (!row) throw new Error('export insert failed');
    // What the user saw and wrote before asking is committed at this WAL position: the job reads a replica only once
    // the replica has replayed it.
    const [at] = await rows<{ lsn: string }>(tx, sql`select pg_current_wal_insert_lsn()::text as lsn`);
    await enqueue(tx, { kind: EXPORT_JOB, enterpriseId: user.enterpriseId, payload: { exportId: row.id, lsn: at?.lsn ?? null }, maxAttempts: 3 });
    return { id: row.id, name };
  });
}

export const EXPORT_JOB = 'export.run';

async function loadExportUser(ex: Executor, enterpriseId: number, userId: number): Promise<ExportUser | null> {
  const [r] = await rows<{
    sysrole: number | null;
    roles: number[];
    admin: boolean;
    provider_id: number | null;
    time_zone: string;
    role_powers: RoleOverrides | null;
  }>(
    ex,
    sql`select u.sysrole, u.roles, u.admin, u.provider_id, e.time_zone, ${ROLE_POWERS_SQL} from users u join enterprises e on e.id = u.enterprise_id
        where u.enterprise_id = ${enterpriseId} and u.id = ${userId}`,
  );
  if (!r) return null;
  const roles = (r.roles ?? []).map(Number);
  const sysrole = r.sysrole != null && roles.includes(Number(r.sysrole)) ? Number(r.sysrole) : (roles[0] ?? null);
  const providerId = r.provider_id == null ? null : Number(r.provider_id);
  const powers = sysrole == null ? [] : powersOfUser(sysrole, providerId != null, r.role_powers);
  return { id: userId, enterpriseId, sysrole, admin: r.admin, powers, providerId, timeZone: r.time_zone };
}

async function runExport(job: { enterpriseId: number | null; payload: Record<string, unknown> }, deps: Deps): Promise<void> {
  const enterpriseId = Number(job.enterpriseId);
  const exportId = Number(job.payload.exportId);
  const [row] = await deps.db
    .select()
    .from(exportFiles)
    .where(and(eq(exportFiles.enterpriseId, enterpriseId), eq(exportFiles.id, exportId)));
  // Deleted meanwhile, or already finished by an earlier attempt.
  if (row?.processState !== 1) return;
  const def = registry.get(row.kind);
  if (!def) throw new Error(`unknown export kind ${row.kind}`);
  const user = await loadExportUser(deps.db, enterpriseId, row.userId);
  if (!user) throw new Error('export owner not found');
  const lsn = typeof job.payload.lsn === 'string' ? job.payload.lsn : null;
  await withReadScope(deps.database.replica, lsn, async () => {
    await readFromReplica();
    await writeExport(deps, { enterpriseId, exportId, def, user, params: row.params as Record<string, unknown> });
  });
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireExports(): void {
  registerJobHandler(EXPORT_JOB, runExport, {
    // A 1,000,000-row export takes minutes; past this its instance is taken as dead and it is retried.
    expireInSeconds: 3600,
    onFailed: async (job, _error, deps) => {
      await deps.db
        .update(exportFiles)
        .set({ processState: 3, error: '导出失败，请稍后重试', finishedAt: sql`now()` as never })
        .where(and(eq(exportFiles.enterpriseId, Number(job.enterpriseId)), eq(exportFiles.id, Number(job.payload.exportId)), eq(exportFiles.processState, 1)));
    },
  });
}
