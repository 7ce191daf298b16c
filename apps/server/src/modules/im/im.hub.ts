import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../platform/deps';
import type { Executor } from '../../db/client';
import * as repo from './im.repo';
import { listen, type Unlisten } from './listen';

import { IM_CHANNEL } from './channel';

export { IM_CHANNEL };

/** The part of a ws WebSocket the channel uses (ws ships no types here). */
export interface ImSocket {
  readonly readyState: number;
  readonly OPEN: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', fn: (raw: Buffer | ArrayBuffer | Buffer[]) => void): void;
  on(event: 'close', fn: () => void): void;
}

export interface Conn {
  key: string;
  enterpriseId: number;
  userId: number;
  timeZone: string;
  socket: ImSocket;
}

/**
 * The sockets connected to this instance, per enterprise. Messages reach other instances through
 * PostgreSQL NOTIFY (ids only); each instance loads the message and sends it to its own sockets.
 */
export class ImHub {
  private byEnterprise = new Map<number, Set<Conn>>();
  private unlisten: Promise<Unlisten> | null = null;
  private closed = false;

  constructor(
    private deps: Deps,
    private log: FastifyBaseLogger,
  ) {}

  async add(socket: ImSocket, who: { enterpriseId: number; userId: number; timeZone: string }): Promise<Conn> {
    const conn: Conn = { key: randomUUID(), socket, ...who };
    const set = this.byEnterprise.get(who.enterpriseId) ?? new Set<Conn>();
    set.add(conn);
    this.byEnterprise.set(who.enterpriseId, set);
    await this.ensureListening();
    return conn;
  }

  remove(conn: Conn): void {
    const set = this.byEnterprise.get(conn.enterpriseId);
    set?.delete(conn);
    if (set && set.size === 0) this.byEnterprise.delete(conn.enterpriseId);
  }

  /** Listens once, lazily: an instance nobody connects to holds no extra connection. */
  private ensureListening(): Promise<Unlisten> {
    this.unlisten ??= listen(
      this.deps.database,
      IM_CHANNEL,
      (p) => this.onSignal(p),
      () => this.onLost(),
    ).catch((err) => {
      this.unlisten = null;
      throw err;
    });
    return this.unlisten;
  }

  private onLost(attempt = 0): void {
    this.unlisten = null;
    if (this.closed) return;
    if (attempt === 0) this.log.warn('im listener lost; listening again');
    // Until it listens again: the database may be away for a while (a restart), so keep trying, slower each time.
    setTimeout(
      () => {
        if (this.closed || this.byEnterprise.size === 0) return;
        this.ensureListening().catch(() => this.onLost(attempt + 1));
      },
      Math.min(1000 * 2 ** attempt, 10_000),
    ).unref();
  }

  private onSignal(payload: string): void {
    this.deliver(payload).catch((err) => this.log.error(err));
  }

  private async deliver(payload: string): Promise<void> {
    // u: one user's sockets only (a notice for him); o: the sender's own socket is skipped.
    const s = JSON.parse(payload) as { e: number; id: number; o?: string; t?: string; d?: unknown; u?: number };
    const targets = [...(this.byEnterprise.get(s.e) ?? [])].filter(
      (c) => c.key !== s.o && c.socket.readyState === c.socket.OPEN && (s.u == null || c.userId === Number(s.u)),
    );
    if (targets.length === 0) return;
    if (s.t) return this.sendAll(targets, JSON.stringify({ eventType: s.t, data: s.d ?? null }));
    const msg = await repo.messageById(this.deps.db, s.e, s.id, targets[0]?.timeZone ?? 'Asia/Shanghai');
    if (!msg) return;
    const frame = JSON.stringify({ eventType: 'message', data: msg });
    for (const c of targets) c.socket.send(frame);
  }

  private sendAll(targets: Conn[], frame: string): void {
    for (const c of targets) c.socket.send(frame);
  }

  async close(): Promise<void> {
    this.closed = true;
    const un = this.unlisten;
    this.unlisten = null;
    if (un) await (await un.catch(() => null))?.();
  }
}

/**
 * An event for every socket of the enterprise on every instance (e.g. the dispatch board's 'schedule'), sent as
 * `{ eventType, data }` once the caller's transaction commits (NOTIFY is transactional). Keep `data` small: ids.
 */
export async function broadcast(ex: Executor, enterpriseId: number, eventType: string, data: object): Promise<void> {
  await repo.notifyBroadcast(ex, IM_CHANNEL, { e: enterpriseId, t: eventType, d: data });
}
