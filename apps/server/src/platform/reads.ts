import type { FastifyInstance } from 'fastify';
import { sql } from '../db/client';
import { withReadScope } from '../db/replica';
import { sha256 } from './crypto';
import type { Deps } from './deps';
import type { SessionUser } from './session';
import { sessionTokenOf } from './session';

/**
 * Read-your-writes across instances (with DATABASE_READ_URL only). After every request that may have written (any
 * method but GET, HEAD and OPTIONS) by a staff session, the primary's WAL insert position (past the request's commits
 * even when they are asynchronous: pg_current_wal_lsn() is only what has been written out) is stored in the session
 * row, before the answer leaves: the session's next request, on any instance, knows which position a replica must have
 * replayed before its reads may go there. Without a replica nothing is recorded.
 */
export function recordWrites(app: FastifyInstance, deps: Deps): void {
  if (!deps.database.replica) return;
  app.addHook('onSend', async (req, _reply, payload) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return payload;
    const token = sessionTokenOf(req);
    if (token && token.length <= 128) {
      await deps.db.execute(sql`update sessions set write_lsn = pg_current_wal_insert_lsn() where id = ${sha256(token)}`).catch((err) => {
        req.log.error({ err }, '记录会话写入位置失败');
      });
    }
    return payload;
  });
}

/**
 * Runs a request's handler in its read scope: a GET by a staff session may read the replica (where the list helper,
 * the reports or an export ask for it) once the replica has replayed the session's last write. Any other request reads
 * the primary.
 */
export function withSessionReads<T>(deps: Deps, method: string, session: SessionUser | null, fn: () => Promise<T>): Promise<T> {
  if (!deps.database.replica || method !== 'GET' || !session) return fn();
  return withReadScope(deps.database.replica, session.writeLsn ?? null, fn);
}
