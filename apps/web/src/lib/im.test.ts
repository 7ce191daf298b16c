import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffMs, ImClient, type ImFrame, ImHub, NOT_OPEN } from './im';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(s: string) {
    this.sent.push(s);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

const make = (onFrame?: (f: ImFrame) => void) =>
  new ImClient({ url: 'ws://x/api/kefuuser/kefuUserSocketHandler', WebSocketImpl: FakeSocket as unknown as typeof WebSocket, onFrame });

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('instant-message client', () => {
  it("refuses to send while not open with 'websocket is not open'", () => {
    const c = make();
    expect(() => c.send({ eventType: 'text', payload: 'hi' })).toThrow(NOT_OPEN);
    c.connect();
    expect(() => c.send({ eventType: 'text', payload: 'hi' })).toThrow(NOT_OPEN);
    FakeSocket.all[0]!.open();
    c.send({ eventType: 'text', payload: 'hi' });
    expect(FakeSocket.all[0]!.sent).toEqual(['{"eventType":"text","payload":"hi"}']);
  });

  it('answers heartbeat pings and passes other frames on', () => {
    const frames: ImFrame[] = [];
    const c = make((f) => frames.push(f));
    c.connect();
    const s = FakeSocket.all[0]!;
    s.open();
    s.onmessage?.({ data: '{"eventType":"ping"}' });
    s.onmessage?.({ data: '{"eventType":"message","data":{"id":1}}' });
    expect(s.sent).toEqual(['{"eventType":"pong"}']);
    expect(frames).toEqual([{ eventType: 'message', data: { id: 1 } }]);
  });

  it('reconnects after 2^attempts seconds, and starts over after a successful open', async () => {
    const c = make();
    c.connect();
    FakeSocket.all[0]!.drop();
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.drop();
    await vi.advanceTimersByTimeAsync(3999);
    expect(FakeSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(3);
    FakeSocket.all[2]!.open();
    FakeSocket.all[2]!.drop();
    await vi.advanceTimersByTimeAsync(2000);
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('does not reconnect after close()', async () => {
    const c = make();
    c.connect();
    c.close();
    FakeSocket.all[0]!.drop();
    await vi.advanceTimersByTimeAsync(100_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('backs off 2, 4, 8 … seconds, capped at 64', () => {
    expect([1, 2, 3, 6, 9].map(backoffMs)).toEqual([2000, 4000, 8000, 64_000, 64_000]);
  });
});

describe('the shared socket (ImHub)', () => {
  const hub = () => new ImHub((o) => new ImClient({ ...o, url: 'ws://x/im', WebSocketImpl: FakeSocket as unknown as typeof WebSocket }));

  it('opens one socket for every listener and hands each frame to all of them', () => {
    const h = hub();
    const a: string[] = [];
    const b: string[] = [];
    h.subscribe({ onFrame: (f) => a.push(f.eventType) });
    h.subscribe({ onFrame: (f) => b.push(f.eventType) });
    expect(FakeSocket.all).toHaveLength(1);
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.onmessage?.({ data: '{"eventType":"notice"}' });
    expect(a).toEqual(['notice']);
    expect(b).toEqual(['notice']);
  });

  it('tells a late listener the state it joins, and sends on the one socket', () => {
    const h = hub();
    h.subscribe({});
    FakeSocket.all[0]!.open();
    const states: string[] = [];
    h.subscribe({ onState: (s) => states.push(s) });
    expect(states).toEqual(['open']);
    h.send({ eventType: 'text', payload: 'hi' });
    expect(FakeSocket.all[0]!.sent).toEqual(['{"eventType":"text","payload":"hi"}']);
  });

  it('closes the socket when the last listener leaves, not before, and opens a new one for the next', () => {
    const h = hub();
    const leaveA = h.subscribe({});
    const leaveB = h.subscribe({});
    FakeSocket.all[0]!.open();
    leaveA();
    leaveA();
    expect(FakeSocket.all[0]!.readyState).toBe(1);
    leaveB();
    expect(FakeSocket.all[0]!.readyState).toBe(3);
    expect(() => h.send({ eventType: 'text', payload: 'x' })).toThrow(NOT_OPEN);
    h.subscribe({});
    expect(FakeSocket.all).toHaveLength(2);
  });
});

describe('the shared socket after a reopen', () => {
  it("ignores the old socket's late close once a new one has replaced it", () => {
    const h = new ImHub((o) => new ImClient({ ...o, url: 'ws://x/im', WebSocketImpl: FakeSocket as unknown as typeof WebSocket }));
    h.subscribe({})();
    const states: string[] = [];
    h.subscribe({ onState: (s) => states.push(s) });
    FakeSocket.all[1]!.open();
    FakeSocket.all[0]!.onclose?.();
    expect(states).toEqual(['connecting', 'open']);
  });
});
