// The offline queue (docs/phone.md "离线使用"): what the engineer did with no network, kept in IndexedDB until it is sent.
// One item is one completion of one order with its photos and signature as images (data URLs), and the ids the
// upload service gave them once sent (a replay after a lost answer does not upload them again).
import { useEffect, useState } from 'react';

export type QueuedAction = 'serviceComplete' | 'applyEndService';

export interface QueuedCompletion {
  /** The client's operation id (a UUID); with the device id, the idempotency key the server keeps. */
  id: string;
  deviceId: string;
  userId: number;
  orderId: number;
  orderNo: string;
  title: string;
  action: QueuedAction;
  /** What the page showed and what was filled in. */
  body: { expectedState: number; version: number; note?: string; ext?: Record<string, unknown>; receiptExt?: Record<string, unknown> };
  photos: string[];
  signature: string | null;
  /** Upload ids of the photos (by index) and the signature, once sent. */
  uploaded: { photos: (number | null)[]; signature: number | null };
  /** pending: waits for the network; failed: the server refused it (error), the engineer may 放弃 it. */
  status: 'pending' | 'failed';
  error?: string;
  createdAt: number;
}

const DB = 'sk-offline';
const STORE = 'ops';
const listeners = new Set<() => void>();

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => {
      const s = req.result.createObjectStore(STORE, { keyPath: 'id' });
      s.createIndex('user', 'userId');
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function run<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T> | undefined): Promise<T | undefined> {
  const db = await open();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = fn(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req?.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

const changed = () => {
  for (const l of listeners) l();
};

export async function putOp(op: QueuedCompletion): Promise<void> {
  await run('readwrite', (s) => s.put(op));
  changed();
}

export async function dropOp(id: string): Promise<void> {
  await run('readwrite', (s) => s.delete(id));
  changed();
}

/** The user's queued items, oldest first. */
export async function opsOf(userId: number): Promise<QueuedCompletion[]> {
  if (typeof indexedDB === 'undefined') return [];
  const all = (await run<QueuedCompletion[]>('readonly', (s) => s.index('user').getAll(userId))) ?? [];
  return all.sort((a, b) => a.createdAt - b.createdAt);
}

export function onQueueChange(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The user's queue, kept current. */
export function useQueue(userId: number | undefined): QueuedCompletion[] {
  const [ops, setOps] = useState<QueuedCompletion[]>([]);
  useEffect(() => {
    if (userId === undefined) return;
    let live = true;
    const load = () =>
      opsOf(userId).then(
        (o) => live && setOps(o),
        () => live && setOps([]),
      );
    load();
    const off = onQueueChange(load);
    return () => {
      live = false;
      off();
    };
  }, [userId]);
  return ops;
}
