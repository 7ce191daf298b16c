import { IM_SOCKET_PATH } from '@sk/shared';
import type { FastifyInstance } from 'fastify';

type Frame = Record<string, any>;

/** A socket through app.injectWS that records every frame and the close. */
export class Peer {
  frames: Frame[] = [];
  closed: { code: number; reason: string } | null = null;
  private waiters: (() => void)[] = [];
  ws: any;

  static async open(app: FastifyInstance, o: { cookie?: string; query?: string; origin?: string } = {}): Promise<Peer> {
    const p = new Peer();
    const headers: Record<string, string> = {};
    if (o.cookie) headers.cookie = o.cookie;
    if (o.origin) headers.origin = o.origin;
    p.ws = await app.injectWS(`/api${IM_SOCKET_PATH}${o.query ?? ''}`, { headers } as never, {
      onInit: (ws: any) => {
        ws.on('message', (d: Buffer) => p.push(() => p.frames.push(JSON.parse(d.toString()))));
        ws.on('close', (code: number, reason: Buffer) => p.push(() => (p.closed = { code, reason: reason.toString() })));
      },
    });
    return p;
  }

  private push(f: () => void) {
    f();
    for (const w of this.waiters.splice(0)) w();
  }

  async until<T>(get: () => T | undefined | null | false, ms = 3000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = get();
      if (v) return v;
      if (Date.now() > end) throw new Error(`timed out; frames ${JSON.stringify(this.frames)}`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 50);
      });
    }
  }

  frame(eventType: string, n = 1) {
    return this.until(() => this.frames.filter((f) => f.eventType === eventType)[n - 1]);
  }

  send(v: unknown) {
    this.ws.send(typeof v === 'string' ? v : JSON.stringify(v));
  }

  close() {
    this.ws.terminate();
  }
}
