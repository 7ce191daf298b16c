import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { affected, sql } from '../db/client';
import type { Deps } from './deps';
import type { ExportColumn, ExportDef, ExportUser } from './exports.types';
import { newKey, storageOf } from './storage';

const PROGRESS_EVERY_MS = 500;

/** Thrown inside the writer when the user deleted the item while it was being written. */
class Cancelled extends Error {}

interface WriteInput {
  enterpriseId: number;
  exportId: number;
  def: ExportDef<any>;
  user: ExportUser;
  params: Record<string, unknown>;
}

const ROWS_PER_TURN = 100;

/**
 * Adds a batch a few rows at a time, giving the event loop back between them (so requests are not
 * held up by a large export) and waiting while the storage stream is full (so memory stays flat).
 */
async function addRows(ws: ExcelJS.Worksheet, batch: Record<string, unknown>[], out: PassThrough): Promise<void> {
  for (let i = 0; i < batch.length; i += ROWS_PER_TURN) {
    for (const r of batch.slice(i, i + ROWS_PER_TURN)) ws.addRow(r).commit();
    if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    else await setImmediate();
  }
}

/**
 * Streams one export into storage as xlsx: rows go batch by batch through exceljs' streaming
 * WorkbookWriter into the storage stream, so memory stays flat however many rows there are.
 */
export async function writeExport(deps: Deps, w: WriteInput): Promise<void> {
  const db = deps.db;
  const storage = storageOf(deps);
  const key = newKey(w.enterpriseId, 'exports', 'xlsx');
  const where = sql`enterprise_id = ${w.enterpriseId} and id = ${w.exportId} and process_state = 1`;
  const total = await w.def.count(db, w.user, w.params);

  const out = new PassThrough();
  const saving = storage.put(key, out);
  saving.catch(() => {});
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet(w.def.title.slice(0, 31));
  ws.columns = columnsOf(w.def, w.params).map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));

  let done = 0;
  let shown = -1;
  let shownAt = 0;
  try {
    for await (const batch of w.def.rows(db, w.user, w.params)) {
      await addRows(ws, batch, out);
      done += batch.length;
      const pct = total > 0 ? Math.min(99, Math.floor((done * 100) / total)) : 99;
      if (pct !== shown && Date.now() - shownAt >= PROGRESS_EVERY_MS) {
        if ((await affected(db, sql`update export_files set process = ${pct} where ${where}`)) === 0) throw new Cancelled();
        shown = pct;
        shownAt = Date.now();
      }
    }
    ws.commit();
    await wb.commit();
    const size = await saving;
    const n = await affected(
      db,
      sql`update export_files set process_state = 2, process = 100, file_key = ${key}, size = ${size}, row_count = ${done},
            seen = false, finished_at = now() where ${where}`,
    );
    if (n === 0) await storage.delete(key);
  } catch (err) {
    out.destroy();
    await saving.catch(() => {});
    await storage.delete(key);
    if (err instanceof Cancelled) return;
    throw err;
  }
}

export const columnsOf = <P>(def: ExportDef<P>, params: P): ExportColumn[] => (typeof def.columns === 'function' ? def.columns(params) : def.columns);
