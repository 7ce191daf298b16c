// The soak's SMS gateway: the instances send their texts here (SMS_SENDER=http, the gateway protocol of
// platform/sms.ts: POST { mobile, text }), and the load generator reads back the last code sent to a mobile, as the
// person holding that phone would. It lives in the harness, so it answers through every fault of an instance.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SmsGateway {
  url: string;
  /** Texts received, for the figures. */
  received: () => number;
  close: () => Promise<void>;
}

export async function startSmsGateway(): Promise<SmsGateway> {
  const last = new Map<string, string>();
  let received = 0;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://gateway');
    if (req.method === 'POST' && url.pathname === '/sms') {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString('utf8');
      });
      req.on('end', () => {
        try {
          const m = JSON.parse(body) as { mobile?: string; text?: string };
          const code = /(?<!\d)(\d{6})(?!\d)/.exec(m.text ?? '')?.[1];
          if (m.mobile && code) last.set(m.mobile, code);
          received++;
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        } catch {
          res.writeHead(400).end();
        }
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/code') {
      const code = last.get(url.searchParams.get('mobile') ?? '');
      res.writeHead(code ? 200 : 404, { 'content-type': 'text/plain' }).end(code ?? '');
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
