// Test helpers for the widget tests (jsdom): the providers the app gives every page, and the browser APIs antd expects.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { expect, vi } from 'vitest';
import { bindToast } from './toast';

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
// jsdom cannot compute pseudo-element styles; antd asks for them when measuring scrollbars
const computed = window.getComputedStyle.bind(window);
window.getComputedStyle = (el: Element) => computed(el);

/** Toasts render inside the tested tree (as the shell does with antd's App), so cleanup() removes them. */
function BindToast({ children }: { children: ReactNode }) {
  bindToast(App.useApp().message);
  return <>{children}</>;
}

/** Renders inside the app's providers (also on rerender): zh_CN antd with App, a fresh query client (or `client`), a router at `path`. */
export function renderWithApp(ui: ReactElement, path = '/test', client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ConfigProvider locale={zhCN}>
      <App>
        <BindToast>
          <QueryClientProvider client={client}>
            <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
          </QueryClientProvider>
        </BindToast>
      </App>
    </ConfigProvider>
  );
  return render(ui, { wrapper });
}

/** A request as stubApi's routes see it. */
export interface ApiRequest {
  url: string;
  method: string;
  /** The JSON body sent (undefined for a GET). */
  body: unknown;
}

/** What a route answers: data (the envelope's `data`), or a refusal (`refusal(code, message)`). */
type Route = unknown | ((req: ApiRequest) => unknown);

class Refusal {
  constructor(
    readonly code: string,
    readonly message: string,
  ) {}
}
/** A route's answer that the server refused the request (success false, with the code and its message). */
export const refusal = (code: string, message: string): Refusal => new Refusal(code, message);

/**
 * The app's API as the test answers it (fetch stubbed until vi.unstubAllGlobals()): the first route whose key is part
 * of the URL answers, a function with what it returns (it may wait: a held answer), anything else answers `fallback`.
 * Answers every URL asked and every body sent, in order.
 */
export function stubApi(routes: Record<string, Route>, fallback: unknown = []): { asked: string[]; sent: ApiRequest[] } {
  const asked: string[] = [];
  const sent: ApiRequest[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const req: ApiRequest = { url: String(url), method: init?.method ?? 'GET', body: init?.body == null ? undefined : JSON.parse(String(init.body)) };
    asked.push(req.url);
    if (req.body !== undefined) sent.push(req);
    const key = Object.keys(routes).find((k) => req.url.includes(k));
    const route = key === undefined ? fallback : routes[key];
    const data = typeof route === 'function' ? await (route as (r: ApiRequest) => unknown)(req) : route;
    const envelope = data instanceof Refusal ? { success: false, code: data.code, message: data.message } : { success: true, message: '', data };
    return new Response(JSON.stringify(envelope), { status: 200 });
  });
  return { asked, sent };
}

/** A promise the test settles by hand, to look at a component while its work is pending. */
export function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * The upload service as antd's Upload sends to it (XMLHttpRequest, stubbed until vi.unstubAllGlobals()): the n-th file
 * sent (from 0) is answered as file 31 + n once `held(n)` settles (`held` itself: every file waits for it).
 */
export function holdUploads(held: Promise<void> | ((n: number) => Promise<void>)): void {
  let sent = 0;
  class HeldUpload {
    upload = {};
    status = 0;
    responseText = '';
    withCredentials = false;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    abort() {}
    send(body: FormData) {
      const n = sent++;
      const file = body.get('file') as File;
      void (typeof held === 'function' ? held(n) : held).then(() => {
        const id = 31 + n;
        const image = file.type.startsWith('image/');
        const data = {
          id,
          name: file.name,
          url: `/api/file/${id}`,
          ext: file.name.split('.').pop(),
          mime: file.type,
          size: file.size,
          kind: image ? 'image' : 'doc',
        };
        this.status = 200;
        this.responseText = JSON.stringify({ success: true, message: '', data });
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', HeldUpload);
}

/** Chooses `file` in an upload field's file input (the first on the page without `input`). */
export function chooseFile(file: File, input = document.querySelector('input[type="file"]')): void {
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

/** Whether an upload field shows a file still going up (not counting one that has gone up: its item's leaving motion stays in jsdom). */
export const uploadUnderWay = () => [...document.querySelectorAll('.ant-upload-list-item-uploading')].some((item) => !item.closest('[class*="-leave"]'));

/** After a click on a save while a file goes up: it said 文件上传中，请稍候 and `sent` (the save's requests) is empty. */
export async function expectHeldBack(sent: unknown[]): Promise<void> {
  const told = () => screen.queryByText('文件上传中，请稍候') !== null;
  await vi.waitFor(() => expect(sent.length > 0 || told(), 'neither saved nor told to wait').toBe(true));
  expect(sent, 'saved while the file was still uploading').toEqual([]);
  expect(told()).toBe(true);
}
