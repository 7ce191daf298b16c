import { DIGEST_TIMES, SUBSCRIBE_ITEMS, type SubscribeType, subscribeItem } from '@sk/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import * as repo from './subscriptions.repo';
import type { Actor } from '../../platform/actor';

export async function status(db: Db, u: Actor, type: number) {
  return { type, state: await repo.typeState(db, u.enterpriseId, u.id, type), time: DIGEST_TIMES[type as SubscribeType] };
}

export async function contentStatus(db: Db, u: Actor, type: number) {
  const switches = await repo.itemValues(db, u.enterpriseId, [u.id]);
  return SUBSCRIBE_ITEMS.filter((i) => i.type === type).map((i) => ({
    code: i.code,
    descri: i.descri,
    value: switches.get(`${u.id}:${i.code}`) ?? 1,
  }));
}

export const setStatus = (db: Db, u: Actor, type: number, state: number) => repo.setTypeState(db, u.enterpriseId, u.id, type, state);

export async function setContent(db: Db, u: Actor, code: string, value: number): Promise<void> {
  if (!subscribeItem(code)) throw notFound();
  await repo.setItemValue(db, u.enterpriseId, u.id, code, value);
}
