import { createRequire } from 'node:module';
import { type Area, areas } from './areas';
import type { GeoPrecision, GeoQuery, GeoResult, Geocoder } from './geocoder';

/**
 * The default geocoder: no network. The centre of the most precise area an address names — by its picked codes, else
 * by the province, city and district names found in its text (with or without 省/市/区, municipalities included).
 * Centres come from centres.json (scripts/geo-centres.mjs), read on first use.
 */
let centres: Record<string, [number, number]> | null = null;
const centreOf = (code: string): [number, number] | undefined => {
  centres ??= createRequire(import.meta.url)('./centres.json') as Record<string, [number, number]>;
  return centres[code];
};

const MUNICIPALITIES = new Set(['11', '12', '31', '50']);

let flat: { cities: Area[]; districts: Area[] } | null = null;
function everything() {
  if (flat) return flat;
  const cities = areas().provinces.flatMap((p) => p.children);
  flat = { cities, districts: cities.flatMap((c) => c.children) };
  return flat;
}

/** The area whose name (or short name) appears first in the text; the longer name wins at the same place. */
function firstNamed(pool: Area[], text: string, fullNamesOnly = false): { a: Area; end: number } | undefined {
  let best: { a: Area; at: number; len: number } | undefined;
  let ties = 0;
  for (const a of pool) {
    for (const name of fullNamesOnly ? a.aliases.slice(0, 1) : a.aliases) {
      const at = text.indexOf(name);
      if (at < 0) continue;
      if (!best || at < best.at || (at === best.at && name.length > best.len)) {
        best = { a, at, len: name.length };
        ties = 0;
      } else if (at === best.at && name.length === best.len && a !== best.a) ties++;
    }
  }
  // The same district name in two places of the country ('朝阳区') says nothing without its city.
  return best && !(fullNamesOnly && ties) ? { a: best.a, end: best.at + best.len } : undefined;
}

export function offlineGeocode(q: GeoQuery): GeoResult | null {
  const { byCode, provinces } = areas();
  const text = (q.text ?? '').replace(/\s+/g, '');
  const at = (code: string | null | undefined, level: 1 | 2 | 3) => {
    const a = code ? byCode.get(code) : undefined;
    return a?.level === level ? a : undefined;
  };
  let prov = at(q.provinceCode, 1);
  let city = at(q.cityCode, 2);
  let dist = at(q.districtCode, 3);
  if (text) {
    // Each level is looked for after the one above it ('吉林省长春市…' is not 吉林市).
    let rest = text;
    const found = (pool: Area[], fullNamesOnly = false) => {
      const hit = firstNamed(pool, rest, fullNamesOnly);
      if (hit) rest = rest.slice(hit.end);
      return hit?.a;
    };
    prov ??= found(provinces);
    city ??= found(prov ? prov.children : everything().cities);
    prov ??= city ? byCode.get(city.parent as string) : undefined;
    if (!dist) {
      if (city) dist = found(city.children);
      else if (prov) dist = found(prov.children.flatMap((c) => c.children));
      else dist = found(everything().districts, true);
    }
  }
  if (dist) {
    city ??= byCode.get(dist.parent as string);
    prov ??= city ? byCode.get(city.parent as string) : undefined;
  }
  const pick = (a: Area | undefined, precision: GeoPrecision): GeoResult | null => {
    const c = a ? centreOf(a.code) : undefined;
    return c ? { longitude: c[0], latitude: c[1], precision } : null;
  };
  const municipal = prov && MUNICIPALITIES.has(prov.code);
  return pick(dist, 'district') ?? pick(city, 'city') ?? pick(prov, municipal ? 'city' : 'province');
}

export class OfflineGeocoder implements Geocoder {
  readonly name = 'offline';
  async geocode(q: GeoQuery): Promise<GeoResult | null> {
    return offlineGeocode(q);
  }
}
