// Every page is its own chunk; a chunk that neither loads nor fails within 120 s is reported as failed.
import { type ComponentType, createElement, lazy } from 'react';

export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor() {
    super('页面加载失败，请检查网络后刷新重试');
    this.name = 'ChunkLoadError';
  }
}

export function withTimeout<T>(p: Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new ChunkLoadError()), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      () => {
        clearTimeout(t);
        reject(new ChunkLoadError());
      },
    );
  });
}

/** A lazy page that can start loading its chunk before it renders (the page of the address being opened). */
export type LazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * A page whose code is loaded (the opening page, which the shell waits for: lib/firstPage.ts; or one opened before)
 * renders at once; only a page whose code has not loaded suspends (React.lazy). A React.lazy page suspends on its
 * first render even when its promise has settled, and React retries it at a low priority, behind the shell's renders.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | null = null;
  let loaded: ComponentType | null = null;
  const start = () => {
    loading ??= withTimeout(load()).then((m) => {
      loaded = m.default;
      return m;
    });
    return loading;
  };
  const Lazy = lazy(start);
  // A failed preload is reported when the page renders (React.lazy gets the same rejected promise); the promise
  // settles when the chunk has loaded or failed.
  const preload = () =>
    start().then(
      () => {},
      () => {},
    );
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route at start-up (routes.ts), never during a render
  function Page() {
    return createElement(loaded ?? Lazy);
  }
  return Object.assign(Page, { preload });
}
