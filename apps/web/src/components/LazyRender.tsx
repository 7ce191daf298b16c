import { type ReactNode, useEffect, useState } from 'react';

export const LAZY_RENDER_MS = 60;

/** Renders its children after a short delay (60 ms by default) so a heavy part does not block the first paint. */
export function LazyRender({ delay = LAZY_RENDER_MS, fallback = null, children }: { delay?: number; fallback?: ReactNode; children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setReady(true), delay);
    return () => clearTimeout(t);
  }, [delay]);
  return <>{ready ? children : fallback}</>;
}
