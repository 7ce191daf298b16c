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

export type LazyPage = LazyExoticComponent<ComponentType>;

export const lazyPage = (load: () => Promise<{ default: ComponentType }>): LazyPage => lazy(() => withTimeout(load()));
