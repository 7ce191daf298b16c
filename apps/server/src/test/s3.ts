import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** A local server speaking the S3 protocol (s3rver, files in a temporary folder), with the requests it saw. */
export interface FakeS3 {
  endpoint: string;
  bucket: string;
  /** Each request as 'METHOD /path?query'. */
  seen: string[];
  /**
   * Leaves the requests `match` accepts unanswered until `release()` (then they are served, unless their client went
   * away); `first` resolves with the first held request's user agent (AWS_SDK_UA_APP_ID names the instance in it).
   */
  hold(match: (method: string, url: string) => boolean): { first: Promise<string>; release(): void };
  /** The environment that points the app at it. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startFakeS3(bucket = 'sk-files'): Promise<FakeS3> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sk-s3-'));
  const s3 = new S3rver({ directory: dir, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3.configureBuckets();
  const seen: string[] = [];
  const handle = s3.callback();
  let holding: { match: (method: string, url: string) => boolean; found: (ua: string) => void; held: [http.IncomingMessage, http.ServerResponse][] } | null =
    null;
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    if (holding?.match(req.method ?? '', req.url ?? '')) {
      holding.held.push([req, res]);
      holding.found(`${req.headers['user-agent'] ?? ''} ${req.headers['x-amz-user-agent'] ?? ''}`);
      return;
    }
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    seen,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    },
    hold: (match) => {
      let found: (ua: string) => void = () => {};
      const first = new Promise<string>((resolve) => {
        found = resolve;
      });
      const h = { match, found, held: [] as [http.IncomingMessage, http.ServerResponse][] };
      holding = h;
      return {
        first,
        release: () => {
          if (holding === h) holding = null;
          for (const [req, res] of h.held.splice(0)) if (!req.socket.destroyed) handle(req, res);
        },
      };
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
