import type { Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { nextCounter } from '../../platform/sql';

/** A readable number: letters, the day in the enterprise's zone and the enterprise's counter of the kind (BJ20261124-0001). */
export async function nextNo(tx: Tx, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, counter: string, letters: string): Promise<string> {
  const value = await nextCounter(tx, a.enterpriseId, counter);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: a.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .replaceAll('-', '');
  return `${letters}${day}-${String(value).padStart(4, '0')}`;
}
