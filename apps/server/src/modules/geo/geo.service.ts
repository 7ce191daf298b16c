import { GEO_PROVIDER_OPTIONS } from '@sk/shared';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { GEO_NONE, type GeoPrecision, type Geocoder, type GeoTable, rank } from '../../platform/geo/geocoder';

export type { GeoTable };
import { offlineGeocode } from '../../platform/geo/offline';
import { GEO_DEFAULT_URLS, type GeoProviderName, onlineGeocoder } from '../../platform/geo/providers';
import { type RoutingService, routingService } from '../../platform/geo/routing';
import { enqueue } from '../../platform/jobs';
import { openSecret } from '../../platform/secrets';
import { getSetting } from '../settings/index';
import { geoRowsOf, pendingGeoRows, writeGeo } from './geo.repo';

/**
 * Every saved address gets coordinates and a precision. Saving geocodes offline in the writer's transaction (no
 * network while rows are locked); an enterprise that chose an online provider then gets a refine job that asks it
 * after commit. Rows an older save path or an import left without (geo_precision null, the derived trigger marks
 * every address change so) are filled by the backfill sweep, in batches.
 */
export const GEO_TABLES: readonly GeoTable[] = ['orders', 'customer_addresses', 'events'];
export const GEO_REFINE_JOB = 'geo.refine';
export const GEO_BACKFILL_JOB = 'geo.backfill';
const BATCH = 500;

const same = (a: number, b: number) => Math.abs(a - b) < 1e-6;

/**
 * geocodePending's rule for one row about to be inserted, so the insert writes its pin itself (no read back, no update):
 * typed coordinates are kept ('exact', or the table's precision when they are the table's own); otherwise the offline
 * table's pin (`placed`: an online provider may refine it later, refineSaved), or none.
 */
export function geoColumnsOf(r: {
  provinceCode: string | null;
  cityCode: string | null;
  districtCode: string | null;
  fullAddress: string | null;
  latitude: number | null;
  longitude: number | null;
}): { longitude: number | null; latitude: number | null; precision: string; placed: boolean } {
  const off = offlineGeocode({ provinceCode: r.provinceCode, cityCode: r.cityCode, districtCode: r.districtCode, text: r.fullAddress });
  if (r.latitude != null && r.longitude != null) {
    const copied = off && same(off.latitude, r.latitude) && same(off.longitude, r.longitude);
    return { longitude: r.longitude, latitude: r.latitude, precision: copied ? off.precision : 'exact', placed: false };
  }
  if (off) return { longitude: off.longitude, latitude: off.latitude, precision: off.precision, placed: true };
  return { longitude: null, latitude: null, precision: GEO_NONE, placed: false };
}

/** After an insert that wrote geoColumnsOf's pin: the rows the offline table placed go to the online provider, if any. */
export async function refineSaved(ex: Executor, table: GeoTable, enterpriseId: number, ids: number[]): Promise<void> {
  await refineLater(
    ex,
    table,
    ids.map((id) => ({ enterpriseId, id })),
  );
}

/**
 * Geocodes rows not geocoded yet (all of an enterprise, some ids, or a batch of every enterprise's) with the offline
 * table. Coordinates that came with the row are kept: copied pins (the customer's address on an order) keep their
 * precision, any other given point is exact. An address that cannot be placed is marked 'none' (no pin, not retried).
 */
export async function geocodePending(
  ex: Executor,
  table: GeoTable,
  opts: { enterpriseId?: number; ids?: number[]; limit?: number } = {},
): Promise<{ enterpriseId: number; id: number }[]> {
  if (opts.ids && opts.ids.length === 0) return [];
  const found = await pendingGeoRows(ex, table, { enterpriseId: opts.enterpriseId, ids: opts.ids, limit: opts.limit ?? BATCH });
  const placed: { enterpriseId: number; id: number }[] = [];
  for (const r of found) {
    const off = offlineGeocode({ provinceCode: r.province_code, cityCode: r.city_code, districtCode: r.district_code, text: r.full_address });
    if (r.latitude != null && r.longitude != null) {
      const lat = r.latitude;
      const lng = r.longitude;
      const copied = off && same(off.latitude, lat) && same(off.longitude, lng);
      await writeGeo(ex, table, r.enterprise_id, r.id, lng, lat, copied ? off.precision : 'exact');
      continue;
    }
    if (off) {
      await writeGeo(ex, table, r.enterprise_id, r.id, off.longitude, off.latitude, off.precision);
      placed.push({ enterpriseId: r.enterprise_id, id: r.id });
    } else await writeGeo(ex, table, r.enterprise_id, r.id, null, null, GEO_NONE);
  }
  return placed;
}

const PROVIDERS: Record<string, GeoProviderName | undefined> = {
  [GEO_PROVIDER_OPTIONS[1]]: 'amap',
  [GEO_PROVIDER_OPTIONS[2]]: 'tencent',
  [GEO_PROVIDER_OPTIONS[3]]: 'baidu',
};

/** The enterprise's online geocoder, or null for the offline table (the default, or a provider without a usable key). */
export async function onlineFor(ex: Executor, config: Config, enterpriseId: number): Promise<Geocoder | null> {
  const provider = PROVIDERS[await getSetting(ex, enterpriseId, 'geo_provider')];
  if (!provider) return null;
  const sealed = await getSetting(ex, enterpriseId, 'geo_key');
  const key = sealed ? openSecret(config, sealed) : null;
  if (!key) return null;
  const urls: Record<GeoProviderName, string | undefined> = { amap: config.GEO_AMAP_URL, tencent: config.GEO_TENCENT_URL, baidu: config.GEO_BAIDU_URL };
  return onlineGeocoder(provider, key, urls[provider] ?? GEO_DEFAULT_URLS[provider]);
}

async function refineLater(ex: Executor, table: GeoTable, placed: { enterpriseId: number; id: number }[]) {
  const byEnterprise = new Map<number, number[]>();
  for (const p of placed) byEnterprise.set(p.enterpriseId, [...(byEnterprise.get(p.enterpriseId) ?? []), p.id]);
  for (const [enterpriseId, ids] of byEnterprise) {
    const provider = PROVIDERS[await getSetting(ex, enterpriseId, 'geo_provider')];
    if (provider) await enqueue(ex, { kind: GEO_REFINE_JOB, enterpriseId, payload: { table, ids }, maxAttempts: 1 });
  }
}

/** Called by the save paths after they wrote an address (inside their transaction). */
export async function geocodeSaved(ex: Executor, table: GeoTable, enterpriseId: number, ids: number[]): Promise<void> {
  await refineLater(ex, table, await geocodePending(ex, table, { enterpriseId, ids }));
}

/** One batch of every table, every enterprise; how many rows were geocoded. */
export async function backfillBatch(ex: Executor, limit = BATCH): Promise<number> {
  let n = 0;
  for (const table of GEO_TABLES) {
    const placed = await geocodePending(ex, table, { limit });
    await refineLater(ex, table, placed);
    n += placed.length;
  }
  return n;
}

/**
 * Asks the enterprise's provider for the rows the offline table placed. A provider error is logged and the offline
 * pin stays; a less precise answer does not replace it; an address edited meanwhile is left to its own job.
 */
export async function refine(ex: Executor, config: Config, enterpriseId: number, table: GeoTable, ids: number[], log: (msg: string) => void): Promise<number> {
  const online = await onlineFor(ex, config, enterpriseId);
  if (!online || !GEO_TABLES.includes(table)) return 0;
  const found = await geoRowsOf(ex, table, enterpriseId, ids);
  let n = 0;
  for (const r of found) {
    if (!r.full_address || r.geo_precision === 'exact') continue;
    try {
      const g = await online.geocode({ text: r.full_address });
      if (g && rank(g.precision) >= rank(r.geo_precision as GeoPrecision)) {
        await writeGeo(ex, table, enterpriseId, r.id, g.longitude, g.latitude, g.precision, r.full_address);
        n++;
      }
    } catch (e) {
      log(`[geo] ${table} ${r.id}: ${(e as Error).message}; the offline pin stays`);
    }
  }
  return n;
}

/** Where each provider's driving route is asked (config, else the public endpoint). */
const routeUrl = (config: Config, p: GeoProviderName) => ({ amap: config.ROUTE_AMAP_URL, tencent: config.ROUTE_TENCENT_URL, baidu: config.ROUTE_BAIDU_URL })[p];

/**
 * The enterprise's routing service for road travel (the dispatch assistant), or null (travel by estimate): the driving
 * route of the provider it geocodes with (高德, 腾讯 or 百度), with its key.
 */
export async function routingFor(ex: Executor, config: Config, enterpriseId: number): Promise<RoutingService | null> {
  const provider = PROVIDERS[await getSetting(ex, enterpriseId, 'geo_provider')];
  if (!provider) return null;
  const sealed = await getSetting(ex, enterpriseId, 'geo_key');
  const key = sealed ? openSecret(config, sealed) : null;
  return key ? routingService(provider, key, routeUrl(config, provider)) : null;
}
