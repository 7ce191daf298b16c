import { AppError } from '../../platform/errors';
import type { Deps } from '../../platform/deps';
import { storageOf } from '../../platform/storage';
import { deleteMine, lockMine, markSeen, type Owner } from './download.repo';

/** Deletes the caller's finished items (all or nothing), then their files. */
export async function deleteDownloads(deps: Deps, o: Owner, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const keys = await deps.db.transaction(async (tx) => {
    const found = await lockMine(tx, o, unique);
    if (found.length !== unique.length) throw new AppError('NOT_FOUND');
    if (found.some((f) => f.processState === 1)) throw new AppError('INVALID_STATE');
    await deleteMine(tx, o, unique);
    return found.map((f) => f.fileKey).filter((k): k is string => !!k);
  });
  const storage = storageOf(deps);
  for (const k of keys) await storage.delete(k).catch(() => {});
}

/** Marks the given items seen; every id must be the caller's (else NOT_FOUND, nothing changed). */
export async function markSeenChecked(deps: Deps, o: Owner, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  return deps.db.transaction(async (tx) => {
    if ((await lockMine(tx, o, unique)).length !== unique.length) throw new AppError('NOT_FOUND');
    return markSeen(tx, o, unique);
  });
}
