import type { DownloadItem } from '@sk/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { exportFiles } from '../../db/schema/index';
import { countOf, pageSql } from '../../platform/list';

export interface Owner {
  enterpriseId: number;
  userId: number;
}

const mine = (o: Owner) => and(eq(exportFiles.enterpriseId, o.enterpriseId), eq(exportFiles.userId, o.userId));

export const downloadUrl = (id: number): string => `/api/fileDownloadCenter/download/${id}`;

interface Raw {
  id: number;
  name: string;
  create_time: string;
  process_state: number;
  process: number;
  seen: boolean;
  size: number | null;
  row_count: number;
  error: string | null;
}

const toItem = (r: Raw): DownloadItem => ({
  id: r.id,
  name: r.name,
  create_time: r.create_time,
  process_state: r.process_state,
  process: r.process,
  file_download_url: r.process_state === 2 ? downloadUrl(r.id) : null,
  file_state: r.seen ? 1 : 0,
  size: r.size,
  row_count: r.row_count,
  error: r.error,
});

/** The caller's own items, newest first, with how many finished ones are unseen. */
export async function listDownloads(ex: Executor, o: Owner, timeZone: string, page: { pageIndex: number; pageSize: number }) {
  const list = await rows<Raw>(
    ex,
    sql`select id, name, to_char(created_at at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS') as create_time,
          process_state, process, seen, size, row_count, error
        from export_files where enterprise_id = ${o.enterpriseId} and user_id = ${o.userId}
        order by id desc ${pageSql(page)}`,
  );
  const mineSql = sql`enterprise_id = ${o.enterpriseId} and user_id = ${o.userId}`;
  const count = await countOf(ex, sql`export_files`, mineSql);
  // The unseen badge stays exact: it counts unseen finished files only, a handful at most.
  const [c] = await rows<{ unread: number }>(ex, sql`select count(*)::int as unread from export_files where ${mineSql} and process_state <> 1 and not seen`);
  return { list: list.map(toItem), count, unread: c?.unread ?? 0 };
}

/** Locks the caller's items among `ids`; fewer rows than ids means some are not theirs. */
export function lockMine(ex: Executor, o: Owner, ids: number[]) {
  return ex
    .select({ id: exportFiles.id, processState: exportFiles.processState, fileKey: exportFiles.fileKey })
    .from(exportFiles)
    .where(and(mine(o), inArray(exportFiles.id, ids)))
    .for('update');
}

export async function deleteMine(ex: Executor, o: Owner, ids: number[]): Promise<void> {
  await ex.delete(exportFiles).where(and(mine(o), inArray(exportFiles.id, ids)));
}

/** Marks finished items seen: the given ones, or all of the caller's. */
export async function markSeen(ex: Executor, o: Owner, ids?: number[]): Promise<number> {
  const out = await ex
    .update(exportFiles)
    .set({ seen: true })
    .where(and(mine(o), sql`${exportFiles.processState} <> 1`, eq(exportFiles.seen, false), ids ? inArray(exportFiles.id, ids) : undefined))
    .returning({ id: exportFiles.id });
  return out.length;
}

export async function downloadOf(ex: Executor, o: Owner, id: number) {
  const [r] = await ex
    .select({ name: exportFiles.name, processState: exportFiles.processState, fileKey: exportFiles.fileKey })
    .from(exportFiles)
    .where(and(mine(o), eq(exportFiles.id, id)));
  return r ?? null;
}
