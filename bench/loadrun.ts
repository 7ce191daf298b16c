// Running bench/loadgen.mjs, the load generator, as a process of its own; and reading what the answers said.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** What the load generator answers for one case at one level. */
export interface LoadFigures {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  mean: number;
  failures: number;
  firstFailure: string;
  made: { id: number; state: number }[];
}

export interface LoadJob {
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  warmup?: number;
  body?: unknown;
  bodies?: unknown[];
  expect?: 'success' | 'status';
  collect?: 'id';
}

/** Runs bench/loadgen.mjs as a process of its own on `job`; answers its figures. */
export async function runLoadgen(job: LoadJob): Promise<LoadFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sk-loadgen-'));
  const file = path.join(dir, 'job.json');
  writeFileSync(file, JSON.stringify(job));
  try {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'loadgen.mjs'), file], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    const code = await new Promise<number>((r) => child.once('exit', (c) => r(c ?? 1)));
    if (code !== 0) throw new Error(`load generator exited with ${code}`);
    return JSON.parse(out) as LoadFigures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A short view of an answer: a number, a list's rows and count. */
export function answerOf(body: { success?: boolean; message?: string; data?: unknown } | null): string {
  if (!body) return 'no JSON';
  if (body.success === false) return `refused: ${body.message ?? ''}`;
  const data = body.data;
  if (typeof data === 'number') return String(data);
  const peer = body as { issues?: unknown[]; total_count?: number; issue?: unknown };
  if (Array.isArray(peer.issues)) return `${peer.issues.length} rows of ${peer.total_count ?? '?'}`;
  if (peer.issue) return 'ok';
  const d = data as { list?: unknown[]; count?: number } | null;
  if (d && Array.isArray(d.list)) return `${d.list.length} rows of ${d.count ?? '?'}`;
  return 'ok';
}
