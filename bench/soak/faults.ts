// The faults the soak injects, each logged with its start and end. Times are epoch milliseconds, as in the samples.
import net from 'node:net';
import type { Instances } from './cluster';
import type { SoakDatabase } from './cluster';

export interface FaultRecord {
  kind: string;
  detail: string;
  at: number;
  /** When the harness finished injecting it (the instance answering again, the burst sent). */
  done: number;
}

export const FAULT_KINDS = ['junk', 'kill-instance', 'kill-postgres', 'kill-during-export', 'upload-disconnect'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

interface Ctx {
  instances: Instances;
  database: SoakDatabase;
  /** A session of the admin (cookie, csrf) for the export the kill interrupts. */
  admin: { cookie: string; csrf: string };
  log: (l: string) => void;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Malformed and oversized requests at every instance for a few seconds: each must get a 4xx envelope, never a 500. */
async function junk(ctx: Ctx): Promise<{ detail: string; bad: number }> {
  const bodies: [string, string, string][] = [
    ['POST', '/v2/order/add', '{"customerId": '],
    ['POST', '/v2/order/add', JSON.stringify({ customerId: 'x', title: 7 })],
    ['POST', '/order/accept', JSON.stringify({ orderId: -1 })],
    ['POST', '/v2/customer/addCustomer', JSON.stringify({ name: 'x'.repeat(5_000_000) })],
    ['GET', '/v2/order/getAllOrderList?pageIndex=-5&pageSize=100000', ''],
    ['POST', '/spare/doc/save', JSON.stringify({ kind: 99, items: 'none' })],
  ];
  let sent = 0;
  let bad = 0;
  const until = Date.now() + 5000;
  while (Date.now() < until) {
    await Promise.all(
      ctx.instances.list.flatMap((inst) =>
        bodies.map(async ([method, path, body]) => {
          sent++;
          const res = await fetch(`${inst.base}/api${path}`, {
            method,
            headers: { cookie: ctx.admin.cookie, 'x-csrf-token': ctx.admin.csrf, 'content-type': 'application/json' },
            body: method === 'GET' ? undefined : body,
          }).catch(() => null);
          const text = res ? await res.text() : '';
          const envelope = /"success":false/.test(text) && /[\u4e00-\u9fff]/.test(text);
          if (!res || res.status >= 500 || !envelope) {
            bad++;
            if (bad <= 3) ctx.log(`junk ${method} ${path.slice(0, 40)}: HTTP ${res?.status ?? 'none'} ${text.slice(0, 120)}`);
          }
        }),
      ),
    );
  }
  return { detail: `${sent} malformed or oversized requests, ${bad} without a Chinese 4xx envelope`, bad };
}

/** A client that starts an upload of 2 MB, sends 200 kB and goes away; the instance must keep answering. */
async function uploadDisconnect(ctx: Ctx): Promise<{ detail: string; bad: number }> {
  let bad = 0;
  for (const inst of ctx.instances.list) {
    await new Promise<void>((resolve) => {
      const socket = net.connect(inst.port, '127.0.0.1', () => {
        const boundary = 'soakboundary';
        socket.write(
          `POST /api/upload/save HTTP/1.1\r\nHost: 127.0.0.1\r\ncookie: ${ctx.admin.cookie}\r\nx-csrf-token: ${ctx.admin.csrf}\r\n` +
            `content-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: 2000000\r\n\r\n` +
            `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
        );
        socket.write(Buffer.alloc(200_000, 1), () => {
          socket.destroy();
          resolve();
        });
      });
      socket.on('error', () => resolve());
    });
    await pause(300);
    const ok = await fetch(`${inst.base}/api/version/info`).then(
      (r) => r.ok,
      () => false,
    );
    if (!ok) bad++;
  }
  return { detail: `an upload cut off after 200 kB of 2 MB at each instance; ${bad} stopped answering`, bad };
}

/** Runs one fault; answers its record. */
export async function inject(kind: FaultKind, ctx: Ctx, which: number): Promise<FaultRecord & { bad: number }> {
  const at = Date.now();
  const list = ctx.instances.list;
  const inst = list[which % list.length];
  if (!inst) throw new Error('no instance');
  let detail = '';
  let bad = 0;
  if (kind === 'junk') ({ detail, bad } = await junk(ctx));
  else if (kind === 'upload-disconnect') ({ detail, bad } = await uploadDisconnect(ctx));
  else if (kind === 'kill-instance') {
    const s = await ctx.instances.killAndRestart(inst);
    detail = `SIGKILL ${inst.name}; answering again ${s.toFixed(1)} s later`;
  } else if (kind === 'kill-during-export') {
    // The newest orders' export (tens of thousands of rows, some seconds of work), then the instance killed while
    // one of them runs it: the job is expired and run again (JOB_EXPIRE_SECONDS), never lost and never stuck.
    const asked = await fetch(`${inst.base}/api/export/order`, {
      method: 'POST',
      headers: { cookie: ctx.admin.cookie, 'x-csrf-token': ctx.admin.csrf, 'content-type': 'application/json' },
      body: '{}',
    })
      .then((r) => r.json() as Promise<{ data?: { id: number } }>)
      .catch(() => ({}) as { data?: { id: number } });
    await pause(1500);
    const s = await ctx.instances.killAndRestart(inst);
    detail = `export ${asked.data?.id ?? '(refused)'} asked, then SIGKILL ${inst.name}; answering again ${s.toFixed(1)} s later`;
    return { kind, detail, at, done: Date.now(), bad, exportId: asked.data?.id } as FaultRecord & { bad: number };
  } else if (kind === 'kill-postgres') {
    const pid = ctx.database.pid();
    if (pid == null) detail = 'skipped: a server of your own (DATABASE_URL) is not killed';
    else {
      process.kill(pid, 'SIGKILL');
      for (let i = 0; i < 600 && ctx.database.pid() === pid; i++) await pause(100);
      detail = `SIGKILL postmaster ${pid}; the supervisor started ${ctx.database.pid()}`;
    }
  }
  return { kind, detail, at, done: Date.now(), bad };
}

/**
 * When each fault fires, as fractions of the run (a longer run repeats the cycle every 10 minutes); `only` (the
 * --faults option) fires the listed kinds instead, evenly over the run.
 */
export function schedule(seconds: number, only?: FaultKind[]): { kind: FaultKind; atS: number }[] {
  if (only?.length) return only.map((kind, k) => ({ kind, atS: ((k + 1) * seconds) / (only.length + 1) }));
  const cycle: [FaultKind, number][] = [
    ['junk', 0.15],
    ['kill-instance', 0.3],
    // Early enough that the export's second run (after JOB_EXPIRE_SECONDS) ends within the run.
    ['kill-during-export', 0.45],
    ['kill-postgres', 0.6],
    ['upload-disconnect', 0.8],
  ];
  const cycleS = Math.min(seconds, 600);
  const out: { kind: FaultKind; atS: number }[] = [];
  for (let start = 0; start + cycleS <= seconds + 1; start += cycleS) for (const [kind, f] of cycle) out.push({ kind, atS: start + f * cycleS });
  return out;
}
