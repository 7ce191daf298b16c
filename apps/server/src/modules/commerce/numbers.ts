import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';

/** A readable number: letters, the day in the enterprise's zone and the enterprise's counter of the kind (BJ20261124-0001). */
export async function nextNo(tx: Tx, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, counter: string, letters: string): Promise<string> {
  const [r] = await rows<{ value: number }>(
    tx,
    sql`insert into counters (enterprise_id, name, value) values (${a.enterpriseId}, ${counter}, 1)
      on conflict (enterprise_id, name) do update set value = counters.value + 1 returning value`,
  );
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: a.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .replaceAll('-', '');
  return `${letters}${day}-${String(r?.value ?? 1).padStart(4, '0')}`;
}
