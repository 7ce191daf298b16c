import { type ReactNode, useRef } from 'react';
import { type Location, UNSAFE_LocationContext as LocationContext, useLocation, useNavigationType, useOutlet } from 'react-router';
import { tabsStore } from './tabs';

interface Kept {
  element: ReactNode;
  location: Location;
}

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

  if (keepAlive && activeKey) kept.current.set(activeKey, { element: outlet, location });
  for (const key of kept.current.keys()) {
    if (key !== activeKey && !tabs.some((t) => t.key === key)) kept.current.delete(key);
  }

  return (
    <>
      {[...kept.current].map(([key, k]) => (
        <div key={key} className="sk-page" hidden={key !== activeKey}>
          <LocationContext.Provider value={{ location: k.location, navigationType }}>{k.element}</LocationContext.Provider>
        </div>
      ))}
      {!keepAlive && (
        <div key={`live:${activeKey ?? location.pathname}`} className="sk-page">
          {outlet}
        </div>
      )}
    </>
  );
}
