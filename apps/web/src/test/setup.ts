import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The first render of an antd page can take over a second on a busy 2-core machine (CI runs two test files per
// core): findBy/waitFor wait up to 10 s instead of 1 s. A passing test is no slower; only a failing one waits longer.
configure({ asyncUtilTimeout: 10_000 });

// Files share one DOM within a worker (isolate: false), so a file that forgot its cleanup left its tree for the next
// file to find: every test unmounts what it rendered.
afterEach(() => cleanup());

// Web unit tests open no network connection: whatever listens on this machine (the app on its default port 3000, say)
// must not change a result. The live-notice socket never connects in jsdom (a test that wants frames hands the client
// its own WebSocketImpl), and a fetch a test did not stub is refused with a message that says so.
class OfflineSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = 0;
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  constructor(readonly url: string) {
    super();
  }
  send(): void {
    throw new Error('websocket is not open');
  }
  close(): void {
    this.readyState = 3;
  }
}
globalThis.WebSocket = OfflineSocket as unknown as typeof WebSocket;
globalThis.fetch = async (input: RequestInfo | URL) => {
  throw new TypeError(`web unit tests open no network connection: stub the API for ${String(input instanceof Request ? input.url : input)}`);
};
