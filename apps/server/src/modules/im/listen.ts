import type pg from 'pg';
import type { Database } from '../../db/client';

export type Unlisten = () => Promise<void>;

/**
 * LISTEN on one dedicated pool connection, released on unlisten. `onLost` fires when that connection dies so the caller can listen again.
 */
export async function listen(database: Database, channel: string, onPayload: (p: string) => void, onLost: () => void): Promise<Unlisten> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel ${channel}`);
  const client = (database.db as unknown as { $client: unknown }).$client;
  const conn = await (client as pg.Pool).connect();
  let released = false;
  const release = (err?: Error) => {
    if (released) return;
    released = true;
    conn.release(err);
  };
  conn.on('notification', (m) => {
    if (m.channel === channel && m.payload) onPayload(m.payload);
  });
  conn.on('error', (err) => {
    release(err);
    onLost();
  });
  await conn.query(`LISTEN ${channel}`);
  return async () => {
    if (released) return;
    await conn.query(`UNLISTEN ${channel}`).catch(() => {});
    release();
  };
}
