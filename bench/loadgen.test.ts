// The load generator's own behaviour, against a small local HTTP server: what it counts, what it refuses to count,
// and how it spends a list of bodies. (Speed itself is measured by the bench, not here.)
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percentileOf } from './loadgen.mjs';
import { answerOf, runLoadgen } from './loadrun';

let server: Server;
let base = '';
const seen: { method: string; url: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body });
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/refuse')) return res.end(JSON.stringify({ success: false, message: '数据已变更' }));
      if (req.url?.startsWith('/made')) {
        const n = seen.filter((s) => s.url.startsWith('/made')).length;
        return res.end(JSON.stringify({ success: true, data: { id: 1000 + n, state: 1 } }));
      }
      if (req.url?.startsWith('/issues/')) {
        res.statusCode = 204;
        return res.end();
      }
      res.end(JSON.stringify({ success: true, data: { list: [1, 2], count: 2 } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('the load generator', () => {
  it('takes the percentile below which that share of the sorted samples lie', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentileOf(xs, 50)).toBe(51);
    expect(percentileOf(xs, 99)).toBe(100);
    expect(percentileOf([7], 50)).toBe(7);
    expect(Number.isNaN(percentileOf([], 50))).toBe(true);
  });

  it('counts answers that say success, and counts a refusal as a failure with its message', async () => {
    const ok = await runLoadgen({ url: `${base}/list`, headers: {}, connections: 2, seconds: 0.2 });
    expect(ok.requests).toBeGreaterThan(0);
    expect(ok.failures).toBe(0);
    expect(ok.p50).toBeGreaterThan(0);
    expect(ok.p99).toBeGreaterThanOrEqual(ok.p50);
    const refused = await runLoadgen({ url: `${base}/refuse`, headers: {}, connections: 1, seconds: 0.2 });
    expect(refused.requests).toBe(0);
    expect(refused.failures).toBeGreaterThan(0);
    expect(refused.firstFailure).toContain('数据已变更');
  });

  it('sends each body of a list once, stops when they are spent, and puts an {id} into the path', async () => {
    seen.length = 0;
    const bodies = [1, 2, 3].map((id) => ({ id, issue: { status_id: 2 } }));
    const r = await runLoadgen({ url: `${base}/issues/{id}.json`, method: 'PUT', headers: {}, connections: 2, seconds: 30, bodies, expect: 'status' });
    expect(r.requests).toBe(3);
    expect(seen.map((s) => s.url).sort()).toEqual(['/issues/1.json', '/issues/2.json', '/issues/3.json']);
    expect(seen.every((s) => s.method === 'PUT' && JSON.parse(s.body).id === undefined && JSON.parse(s.body).issue.status_id === 2)).toBe(true);
  });

  it('collects what the answers created, and makes each templated body unique', async () => {
    seen.length = 0;
    const r = await runLoadgen({ url: `${base}/made`, method: 'POST', headers: {}, connections: 1, seconds: 0.2, body: { title: '空调{{n}}' }, collect: 'id' });
    expect(r.made.length).toBe(r.requests);
    expect(new Set(r.made.map((m) => m.id)).size).toBe(r.made.length);
    const titles = seen.map((s) => JSON.parse(s.body).title as string);
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles.every((t) => /^空调\d+-\d+$/.test(t))).toBe(true);
  });
});

describe('answerOf', () => {
  it('shows a list, a count, a refusal and a peer’s issues', () => {
    expect(answerOf({ success: true, data: { list: [1, 2], count: 10001 } })).toBe('2 rows of 10001');
    expect(answerOf({ success: true, data: 42 })).toBe('42');
    expect(answerOf({ success: false, message: '列表最多可翻阅前10000条' })).toBe('refused: 列表最多可翻阅前10000条');
    expect(answerOf({ issues: [1], total_count: 5 } as never)).toBe('1 rows of 5');
  });
});
