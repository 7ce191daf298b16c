// A full garbage collection in another Node process, through its inspector (started with --inspect=host:port), and
// the heap it keeps after it: the soak compares each instance's memory after a GC at the start and at the end.
import WebSocket from 'ws';

/** Collects garbage in the process behind `inspectPort`; answers the heap in use after it, MB. */
export async function heapAfterGc(inspectPort: number): Promise<number> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no inspector target on port ${inspectPort}`);
  const ws = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const pending = new Map<number, (r: { result?: { usedSize?: number }; error?: { message: string } }) => void>();
  ws.on('message', (m) => {
    const msg = JSON.parse(String(m)) as { id?: number; result?: { usedSize?: number }; error?: { message: string } };
    if (msg.id != null) pending.get(msg.id)?.(msg);
  });
  const ask = (id: number, method: string) =>
    new Promise<{ usedSize?: number }>((resolve, reject) => {
      pending.set(id, (r) => (r.error ? reject(new Error(r.error.message)) : resolve(r.result ?? {})));
      ws.send(JSON.stringify({ id, method }));
    });
  try {
    await ask(1, 'HeapProfiler.collectGarbage');
    const usage = await ask(2, 'Runtime.getHeapUsage');
    return Number(usage.usedSize) / 1024 / 1024;
  } finally {
    ws.close();
  }
}
