// The load generator, a process of its own: node bench/loadgen.mjs <job.json>. It never shares an event loop with
// the app (or with the bench that reads the database): it sends one case's requests over `connections` keep-alive
// connections for `seconds`, times each answer with process.hrtime.bigint(), and prints one JSON line on stdout:
// { requests, seconds, rps, p50, p99, mean, failures, firstFailure, made }. Times are milliseconds with microseconds.
//
// job = { url, method, headers, connections, seconds, warmup, body?, bodies?, expect? }
//   body:   one JSON body for every request; the text "{{n}}" in it becomes a counter unique within the run.
//   bodies: a list of JSON bodies, each sent once (the state change: one order each); the run ends when they are used up.
//           With {id} in the url, each body's id goes into the path instead.
//   expect: 'success' (default: the answer's JSON says success: true) or 'status' (any 2xx, for a peer's API).
//   made:   with collect: 'id', the id and state of each record the answers created (for the next case).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { pathToFileURL } from 'node:url';

let job;
let target;
let agent;
let counter = 0;
let nextBody = 0;

/** One request: resolves [ms, ok, detail, json]. */
function send() {
  let payload = null;
  let path = target.pathname + target.search;
  if (job.bodies) {
    if (nextBody >= job.bodies.length) return null;
    const body = job.bodies[nextBody++];
    // A path with {id} (a peer's PUT /issues/{id}.json): the body's id goes into the path, the rest is the body.
    if (/\{id\}|%7Bid%7D/.test(path)) {
      const { id, ...rest } = body;
      path = path.replace(/\{id\}|%7Bid%7D/, String(id));
      payload = JSON.stringify(rest);
    } else payload = JSON.stringify(body);
  } else if (job.body !== undefined) {
    payload = JSON.stringify(job.body).replaceAll('{{n}}', `${process.pid}-${++counter}`);
  }
  const headers = { ...job.headers };
  if (payload !== null) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(payload);
  }
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const req = http.request({ host: target.hostname, port: target.port, path, method: job.method ?? 'GET', headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        const text = Buffer.concat(chunks).toString('utf8');
        const okStatus = res.statusCode >= 200 && res.statusCode < 300;
        let json = null;
        try {
          json = JSON.parse(text);
        } catch {}
        const ok = job.expect === 'status' ? okStatus : okStatus && json?.success === true;
        resolve([ms, ok, ok ? '' : `HTTP ${res.statusCode} ${text.slice(0, 200)}`, json]);
      });
    });
    req.on('error', (err) => resolve([Number(process.hrtime.bigint() - t0) / 1e6, false, String(err.message), null]));
    if (payload !== null) req.write(payload);
    req.end();
  });
}

/** The p-th percentile (0–100) of ascending `sorted`: the value below which p % of the samples lie. */
export function percentileOf(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  job = JSON.parse(readFileSync(process.argv[2], 'utf8'));
  target = new URL(job.url);
  agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
  // Warm-up: a few requests on each connection (JIT, the app's caches, the connections themselves), not counted.
  if (!job.bodies) {
    for (let i = 0; i < (job.warmup ?? 0); i++) await Promise.all(Array.from({ length: job.connections }, () => send()));
  }
  const times = [];
  const made = [];
  let failures = 0;
  let firstFailure = '';
  const started = process.hrtime.bigint();
  const stopAt = started + BigInt(Math.round(job.seconds * 1e9));
  const worker = async () => {
    while (process.hrtime.bigint() < stopAt) {
      const r = send();
      if (r === null) return;
      const [ms, ok, detail, json] = await r;
      if (ok) {
        times.push(ms);
        // Ours answers { data: { id, state } }; Redmine { issue: { id, status: { id } } }.
        if (job.collect === 'id' && json?.data?.id != null) made.push({ id: json.data.id, state: json.data.state });
        if (job.collect === 'id' && json?.issue?.id != null) made.push({ id: json.issue.id, state: json.issue.status?.id });
      } else {
        failures++;
        firstFailure ||= detail;
      }
    }
  };
  await Promise.all(Array.from({ length: job.connections }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  times.sort((a, b) => a - b);
  const round = (n) => Math.round(n * 1000) / 1000;
  const mean = times.reduce((a, b) => a + b, 0) / (times.length || 1);
  process.stdout.write(
    `${JSON.stringify({
      requests: times.length,
      seconds: round(seconds),
      rps: round(times.length / seconds),
      p50: round(percentileOf(times, 50)),
      p99: round(percentileOf(times, 99)),
      mean: round(mean),
      failures,
      firstFailure,
      made,
    })}\n`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
