// Table configuration on the server (/fr/table/cfg/*): a user's column choice follows them to
// other browsers. The local cache stays the first source (instant, offline); the server's copy fills a browser
// that has none, and every choice is written back.
import { preferencesContract as P } from '@sk/shared/forms/preferences.contract';
import { useCallback, useEffect, useRef } from 'react';
import { call } from '../../lib/api';
import { cache } from '../../lib/cache';
import { type ColumnChoice, columnCacheKey } from './useColumnChoice';

/** Table keys are route keys the contract accepts. */
const tableKeyOf = (routeKey: string): string | null => (/^[\w/\-|.:]+$/.test(routeKey) && routeKey.length <= 100 ? routeKey : null);

export function useTableConfig(routeKey: string, choice: ColumnChoice, enabled = true): ColumnChoice {
  const tableKey = enabled ? tableKeyOf(routeKey) : null;
  const local = useRef(choice);
  local.current = choice;
  const touched = useRef(false);

  useEffect(() => {
    touched.current = false;
    if (!tableKey || cache.get(columnCacheKey(routeKey))) return;
    let live = true;
    call(P.tableParams, { tableKey }, { silent: true, noRedirect: true }).then(
      (cols) => {
        const keys = cols.map((c) => c.key);
        // the user chose meanwhile, or the server has nothing: keep what is shown
        if (!live || touched.current || keys.length === 0) return;
        local.current.onChange(keys);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [tableKey, routeKey]);

  const { onChange } = choice;
  const save = useCallback(
    (keys: string[]) => {
      touched.current = true;
      onChange(keys);
      if (!tableKey) return;
      // what the local choice kept (defaults are stored as "no choice")
      const saved = cache.get<{ keys?: string[] }>(columnCacheKey(routeKey))?.keys ?? [];
      const columns = saved.map((key) => ({ key, width: null, fixed: null }));
      call(P.tableUpdate, { tableKey, columns }, { silent: true, noRedirect: true, noCancel: true }).catch(() => {});
    },
    [onChange, tableKey, routeKey],
  );
  return { ...choice, onChange: save };
}
