import { useCallback, useMemo, useState } from 'react';
import { cache } from '../../lib/cache';

export const columnCacheKey = (routeKey: string): string => `columns:${routeKey}`;

export interface ColumnChoice {
  /** The keys shown now, in no particular order. */
  value: string[];
  /** Saves a choice for this route; an empty choice goes back to the defaults. */
  onChange: (keys: string[]) => void;
  defaults: string[];
}

/** The columns a user chose for one route, kept in the local cache (per route key). */
export function useColumnChoice(routeKey: string, allKeys: readonly string[], defaults: readonly string[]): ColumnChoice {
  const known = useMemo(() => new Set(allKeys), [allKeys]);
  const read = () => {
    const saved = cache.get<{ keys?: unknown }>(columnCacheKey(routeKey))?.keys;
    const keys = Array.isArray(saved) ? saved.filter((k): k is string => typeof k === 'string' && known.has(k)) : [];
    return keys.length ? keys : [...defaults];
  };
  const [state, setState] = useState(() => ({ routeKey, keys: read() }));
  // another route reuses this component: load that route's choice
  const value = state.routeKey === routeKey ? state.keys : read();
  if (state.routeKey !== routeKey) setState({ routeKey, keys: value });

  const onChange = useCallback(
    (keys: string[]) => {
      const valid = keys.filter((k) => known.has(k));
      // the defaults are not stored, so a page that changes its defaults reaches everyone who never chose
      const isDefault = !valid.length || (valid.length === defaults.length && defaults.every((k) => valid.includes(k)));
      if (isDefault) cache.remove(columnCacheKey(routeKey));
      else cache.set(columnCacheKey(routeKey), { keys: valid });
      setState({ routeKey, keys: isDefault ? [...defaults] : valid });
    },
    [routeKey, known, defaults],
  );
  return { value, onChange, defaults: [...defaults] };
}
