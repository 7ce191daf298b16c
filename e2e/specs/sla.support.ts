// The e2e server's own database (server.mjs runs it under data/e2e-<port>): tests move an SLA clock's start
// back there instead of waiting for time to pass.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const DATA = path.resolve(import.meta.dirname, '../../data');

/** A client of the embedded PostgreSQL of the app this worker talks to (each worker has its own, by port). */
export async function e2eDatabase(): Promise<pg.Client> {
  const appPort = Number(process.env.E2E_PORT ?? 3210) + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const dir = path.join(DATA, `e2e-${appPort}`);
  const port = readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    ?.trim();
  const { password } = JSON.parse(readFileSync(path.join(dir, 'pg-server.json'), 'utf8')) as { password: string };
  const client = new pg.Client({ host: '127.0.0.1', port: Number(port), user: 'postgres', password, database: 'servicekeeper' });
  await client.connect();
  return client;
}

/** A setting of that server (server.mjs starts it with EMBEDDED_FSYNC=0: the database is thrown away). */
export async function e2eServerSetting(name: string): Promise<string> {
  const db = await e2eDatabase();
  try {
    return (await db.query(`SHOW ${name}`)).rows[0][name];
  } finally {
    await db.end();
  }
}

const INSTANTS = ['started_at', 'running_since', 'paused_since', 'deadline_at', 'warn_at', 'breached_at', 'next_escalation_at'];

/** As if the order's clocks had started `minutes` earlier; the order's due time moves with them. */
export async function clocksBack(orderId: number, minutes: number): Promise<void> {
  const db = await e2eDatabase();
  try {
    const sets = INSTANTS.map((c) => `${c} = ${c} - $2 * interval '1 minute'`).join(', ');
    await db.query(`update order_sla_clocks set ${sets} where order_id = $1`, [orderId, minutes]);
    await db.query(`update orders set due_at = due_at - $2 * interval '1 minute' where id = $1`, [orderId, minutes]);
  } finally {
    await db.end();
  }
}
