// A local SMS gateway speaking HttpSmsSender's protocol (POST { mobile, text } as JSON): it records every text, can
// hold its answers (a slow gateway) and can refuse them, so tests see what a real gateway does to the code around it.
import { createServer, type Server } from 'node:http';
import { HttpSmsSender } from '../platform/sms';
import type { TestApp } from './harness';

export interface SmsGateway {
  /** Where HttpSmsSender posts. */
  url: string;
  /** Texts received, in order (held ones included). */
  texts: { mobile: string; text: string }[];
  /** The HTTP status the next answers carry (200 unless set). */
  status: number;
  /** Holds every answer until the returned release is called. */
  hold(): () => void;
  /** Points the app's `sms` service at this gateway until the returned restore is called. */
  install(t: TestApp, timeoutMs?: number): () => void;
  close(): Promise<void>;
}

export async function startSmsGateway(): Promise<SmsGateway> {
  let held: Promise<void> | null = null;
  const gw: SmsGateway = {
    url: '',
    texts: [],
    status: 200,
    hold() {
      let release = () => {};
      held = new Promise<void>((r) => {
        release = r;
      });
      return () => {
        held = null;
        release();
      };
    },
    install(t, timeoutMs) {
      const before = t.deps.services.get('sms');
      t.deps.services.set('sms', new HttpSmsSender(gw.url, timeoutMs, () => {}));
      return () => t.deps.services.set('sms', before);
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      gw.texts.push(JSON.parse(raw) as { mobile: string; text: string });
      const status = gw.status;
      void (held ?? Promise.resolve()).then(() => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: status === 200 }));
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  gw.url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/sms`;
  return gw;
}

/** The token a text carries (the `token=` of its link, or the path's last part). */
export function tokenIn(text: string): string {
  const m = /token=([\w-]+)/.exec(text) ?? /\/([\w-]{20,})\s/.exec(text);
  if (!m?.[1]) throw new Error(`no link in: ${text}`);
  return m[1];
}
