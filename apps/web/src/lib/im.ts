// Customer-service instant messages over the websocket /api/kefuuser/kefuUserSocketHandler.
import { IM_SOCKET_PATH } from '@sk/shared/menu/im.contract';
import { API_PREFIX } from './api';

export type ImState = 'connecting' | 'open' | 'closed' | 'error';
export const NOT_OPEN = 'websocket is not open';
/** Reconnect after 2^attempts seconds; capped so a long outage retries about once a minute. */
export const MAX_BACKOFF_EXPONENT = 6;
const HEARTBEAT_MS = 30_000;

export interface ImFrame {
  eventType: string;
  [k: string]: unknown;
}

export interface ImClientOptions {
  url?: string;
  onFrame?: (frame: ImFrame) => void;
  onState?: (state: ImState) => void;
  /** For tests: a WebSocket-compatible constructor. */
  WebSocketImpl?: typeof WebSocket;
}

export const imUrl = (): string => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${API_PREFIX}${IM_SOCKET_PATH}`;

export const backoffMs = (attempts: number): number => 2 ** Math.min(attempts, MAX_BACKOFF_EXPONENT) * 1000;

export class ImClient {
  private ws: WebSocket | null = null;
  private attempts = 0;
  private stopped = false;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly opts: ImClientOptions = {}) {}

  connect(): void {
    this.stopped = false;
    const Impl = this.opts.WebSocketImpl ?? WebSocket;
    const ws = new Impl(this.opts.url ?? imUrl());
    this.ws = ws;
    this.opts.onState?.('connecting');
    ws.onopen = () => {
      this.attempts = 0;
      this.opts.onState?.('open');
      this.heartbeat = setInterval(() => this.trySend({ eventType: 'ping' }), HEARTBEAT_MS);
    };
    ws.onmessage = (ev: MessageEvent) => this.receive(ev.data);
    ws.onerror = () => this.opts.onState?.('error');
    ws.onclose = () => this.closed();
  }

  /** Sends a frame; throws 'websocket is not open' while the socket is not open. */
  send(frame: ImFrame): void {
    const ws = this.ws;
    if (ws?.readyState !== 1) throw new Error(NOT_OPEN);
    ws.send(JSON.stringify(frame));
  }

  close(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.stopHeartbeat();
    this.ws?.close();
    this.ws = null;
  }

  get state(): number {
    return this.ws?.readyState ?? 3;
  }

  private trySend(frame: ImFrame): void {
    try {
      this.send(frame);
    } catch {
      // The close handler reconnects.
    }
  }

  private receive(data: unknown): void {
    let frame: ImFrame;
    try {
      frame = JSON.parse(String(data)) as ImFrame;
    } catch {
      return;
    }
    // The server's heartbeat ping is answered at once.
    if (frame.eventType === 'ping') this.trySend({ eventType: 'pong' });
    else if (frame.eventType !== 'pong') this.opts.onFrame?.(frame);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private closed(): void {
    this.stopHeartbeat();
    this.opts.onState?.('closed');
    if (this.stopped) return;
    this.attempts++;
    this.retry = setTimeout(() => this.connect(), backoffMs(this.attempts));
  }
}

export interface ImListener {
  onFrame?: (frame: ImFrame) => void;
  onState?: (state: ImState) => void;
}

/**
 * One socket per tab, shared by every part of the page that listens (chat, notices, the call pop, the schedule):
 * the first subscriber opens it, the last one to leave closes it.
 */
export class ImHub {
  private client: ImClient | null = null;
  private readonly listeners = new Set<ImListener>();
  private current: ImState = 'closed';

  constructor(private readonly make: (opts: ImClientOptions) => ImClient = (opts) => new ImClient(opts)) {}

  /** Adds a listener (a late one is told the current state at once); answers the function that removes it. */
  subscribe(listener: ImListener): () => void {
    this.listeners.add(listener);
    if (this.client) listener.onState?.(this.current);
    else {
      // A closed socket's late events must not reach the listeners of the one that replaced it.
      const client: ImClient = this.make({
        onFrame: (f) => {
          if (this.client === client) for (const l of [...this.listeners]) l.onFrame?.(f);
        },
        onState: (s) => {
          if (this.client !== client) return;
          this.current = s;
          for (const l of [...this.listeners]) l.onState?.(s);
        },
      });
      this.client = client;
      client.connect();
    }
    return () => this.leave(listener);
  }

  /** Sends on the shared socket; throws 'websocket is not open' when it is not. */
  send(frame: ImFrame): void {
    if (!this.client) throw new Error(NOT_OPEN);
    this.client.send(frame);
  }

  get size(): number {
    return this.listeners.size;
  }

  private leave(listener: ImListener): void {
    if (!this.listeners.delete(listener) || this.listeners.size > 0) return;
    this.client?.close();
    this.client = null;
    this.current = 'closed';
  }
}

export const imHub = new ImHub();
