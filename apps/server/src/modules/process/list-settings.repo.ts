// The statements of the order list's column settings (list-settings.service.ts), per order type (0: lists without one).
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

/** The saved columns, undefined when none are saved. */
export async function savedColumns(ex: Executor, enterpriseId: number, templateKey: number): Promise<string[] | undefined> {
  const [r] = await rows<{ columns: string[] }>(
    ex,
    sql`select columns from order_list_settings where enterprise_id = ${enterpriseId} and template_id = ${templateKey}`,
  );
  return r?.columns;
}

export async function saveColumns(ex: Executor, enterpriseId: number, templateKey: number, columns: string[], userId: number): Promise<void> {
  await ex.execute(sql`insert into order_list_settings (enterprise_id, template_id, columns, updated_by)
    values (${enterpriseId}, ${templateKey}, ${sql`${`{${columns.join(',')}}`}::text[]`}, ${userId})
    on conflict (enterprise_id, template_id) do update set columns = excluded.columns, updated_by = excluded.updated_by, updated_at = now()`);
}
