// Every page is its own chunk; a chunk that neither loads nor fails within 120 s is reported as failed.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

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
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<void> };

export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | null = null;
  const start = () => {
    loading ??= withTimeout(load());
    return loading;
  };
  // A failed preload is reported when the page renders (React.lazy gets the same rejected promise); the promise
  // settles when the chunk has loaded or failed.
  const preload = () =>
    start().then(
      () => {},
      () => {},
    );
  return Object.assign(lazy(start), { preload });
}
