import { memo, type ReactNode, useRef } from 'react';
import { type Location, UNSAFE_LocationContext as LocationContext, type NavigationType, useLocation, useNavigationType, useOutlet } from 'react-router';
import { tabsStore } from './tabs';

/**
 * How many pages stay mounted at most (the shown one included): the most recently shown. Each kept page holds its
 * whole DOM and its queries, and every change of page cost more with each one kept (a walk over a hundred entries
 * took twice as long per click at the end as at the start). An older tab's page opens afresh at its address.
 */
export const MAX_KEPT_PAGES = 10;

interface Kept {
  element: ReactNode;
  /** The location context the page reads: the same object until the page itself is shown at another location. */
  context: { location: Location; navigationType: NavigationType };
  /** When the page was last shown: the least recent goes first when there are too many. */
  shown: number;
}

/**
 * One kept page. Memoised on purpose: a navigation elsewhere passes the same element and context to a hidden page, so
 * it renders nothing (each hidden list page re-rendered about 400 components on every click in the menu).
 */
const KeptPage = memo(function KeptPage({ element, context, hidden }: Omit<Kept, 'shown'> & { hidden: boolean }) {
  return (
    <div className="sk-page" hidden={hidden} data-path={context.location.pathname}>
      <LocationContext.Provider value={context}>{element}</LocationContext.Provider>
    </div>
  );
});

/**
 * Renders the current page; pages of keep-alive routes stay mounted (hidden) while their tab is open.
 * A hidden page keeps the location it was showing, so it does not react to other pages' URLs.
 */
export function KeepAliveOutlet({ activeKey, keepAlive }: { activeKey: string | undefined; keepAlive: boolean }) {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const tabs = tabsStore.use();
  const kept = useRef(new Map<string, Kept>());
  const clock = useRef(0);

  if (keepAlive && activeKey) {
    const before = kept.current.get(activeKey);
    const same = before?.context.location === location && before.context.navigationType === navigationType;
    if (!same) kept.current.set(activeKey, { element: outlet, context: { location, navigationType }, shown: 0 });
    kept.current.get(activeKey)!.shown = ++clock.current;
  }
  for (const key of kept.current.keys()) {
    if (key !== activeKey && !tabs.some((t) => t.key === key)) kept.current.delete(key);
  }
  while (kept.current.size > MAX_KEPT_PAGES) {
    const [oldest] = [...kept.current].reduce((a, b) => (b[1].shown < a[1].shown ? b : a));
    kept.current.delete(oldest);
  }

  return (
    <>
      {[...kept.current].map(([key, k]) => (
        <KeptPage key={key} element={k.element} context={k.context} hidden={key !== activeKey} />
      ))}
      {!keepAlive && (
        <div key={`live:${activeKey ?? location.pathname}`} className="sk-page" data-path={location.pathname}>
          {outlet}
        </div>
      )}
    </>
  );
}
