import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseGone } from './errors';

/** The error a real connection attempt ends with. */
async function connectError(connectionString: string): Promise<unknown> {
  const c = new pg.Client({ connectionString, connectionTimeoutMillis: 2000 });
  return c.connect().then(
    () => c.end().then(() => null),
    (err: unknown) => err,
  );
}

describe('databaseGone', () => {
  it('is true for a server that does not listen, on a port or at a socket path that is missing (a restart in progress)', async () => {
    const dir = path.join(os.tmpdir(), `sk-no-server-${process.pid}`);
    const refused = await connectError('postgres://u:p@127.0.0.1:1/db');
    const noSocket = await connectError(`postgres://u:p@127.0.0.1:5999/db?host=${encodeURIComponent(dir)}`);
    expect((noSocket as { code?: string }).code).toBe('ENOENT');
    expect(databaseGone(refused)).toBe(true);
    expect(databaseGone(noSocket)).toBe(true);
    // Wrapped as Drizzle wraps a failed query.
    expect(databaseGone(new Error('Failed query: select 1', { cause: noSocket }))).toBe(true);
  });

  it('is false for a missing file that is not the server’s socket, and for an ordinary failure', async () => {
    const missing = await readFile(path.join(os.tmpdir(), `sk-missing-${process.pid}.txt`)).catch((err: unknown) => err);
    expect((missing as { code?: string }).code).toBe('ENOENT');
    expect(databaseGone(missing)).toBe(false);
    expect(databaseGone(new TypeError('x is not a function'))).toBe(false);
  });
});
