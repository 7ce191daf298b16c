import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { orderContract } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client';
import type { Client } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import { newCustomer } from '../customers/test-helpers';
import { currentVersionOf } from '../forms/ext.service';

/** The enterprise's default order type (made on first use, as the create page does). */
export async function orderType(t: TestApp, ep: number): Promise<number> {
  return (await currentVersionOf(t.deps.db, ep, 1)).templateId;
}

export async function orderTag(t: TestApp, ep: number, name = `自动${Math.random().toString(36).slice(2, 6)}`): Promise<number> {
  const [r] = await rows<{ id: number }>(
    t.deps.db,
    sql`insert into tags (enterprise_id, code, name, color_rgb, sort) values (${ep}, 3, ${name}, '#1890ff', 99) returning id::int`,
  );
  return r?.id ?? 0;
}

/** Creates an order through POST /v2/order/add. */
export async function addOrder(c: Client, body: Record<string, unknown> = {}): Promise<number> {
  const customerId = await newCustomer(c);
  const r = await c.call(orderContract.add, { customerId, title: '空调不制冷', ...body });
  if (!r.success) throw new Error(r.message);
  return r.data.id;
}

export interface Received {
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local HTTP server that records every request and answers with the next status of `statuses` (then 200). */
export async function localServer(statuses: number[] = [], answer = '{"errcode":0}') {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      got.push({ url: req.url ?? '', headers: req.headers, body });
      res.writeHead(statuses.shift() ?? 200, { 'content-type': 'application/json' });
      res.end(answer);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, got, close: () => new Promise<void>((r) => server.close(() => r())) };
}

export const notify = (o: Record<string, unknown> = {}) => ({
  type: 'notify',
  channels: ['notice'],
  personTypes: [],
  roles: [],
  userIds: [],
  template: '',
  ...o,
});
