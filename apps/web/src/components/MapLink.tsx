import { EnvironmentOutlined } from '@ant-design/icons';
import { type MapPlace, mapUrl } from '@sk/shared/schedule/maplink';
import { settingsContract } from '@sk/shared/settings/settings.contract';
import type { ReactNode } from 'react';
import { useApi } from '../lib/query';

/** The enterprise's map provider (geo_provider: 离线/高德/腾讯/百度), read once and kept: it names whose map app opens. */
export function useMapProvider(): string | undefined {
  const q = useApi(settingsContract.getByCode, { code: 'geo_provider' }, { call: { silent: true }, staleTime: 600_000 });
  return q.data?.value;
}

/**
 * An address as a navigation link: the phone's map app (or the web map) at the pin when it is the place itself,
 * else a search for the address text near the pin (mapUrl). Plain text when there is nothing to show on a map.
 */
export function MapLink({ place, children, empty = '—' }: { place: MapPlace; children?: ReactNode; empty?: ReactNode }) {
  const provider = useMapProvider();
  const url = mapUrl(place, provider);
  const text = children ?? place.address ?? '';
  if (!url) return <>{text || empty}</>;
  return (
    <a className="sk-map-link" href={url} target="_blank" rel="noreferrer" data-testid="map-link" title="在地图中打开并导航">
      <EnvironmentOutlined aria-hidden />
      <span>{text || '查看地图'}</span>
    </a>
  );
}
