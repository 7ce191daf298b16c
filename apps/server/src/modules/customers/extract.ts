import type { ExtractedCustomer } from '@sk/shared';
import { type Area, areas } from './areas';

/** Labels people paste in front of the values ('收货人：', '电话:'). */
const LABEL = /(收货人|收件人|联系人|客户名称|客户|姓名|名字|联系电话|联系方式|手机号码|手机号|手机|电话号码|电话|所在地区|收货地址|详细地址|地址)\s*[:：]/g;
const BARE_PHONE_LABEL = /(联系电话|手机号码|手机号|手机|电话|tel|TEL)(?=\s*\d)/g;
const MOBILE = /(?<!\d)1[3-9]\d(?:[\s-]?\d){8}(?!\d)/;
const LANDLINE = /(?<!\d)(0\d{2,3})[\s-]?(\d{7,8})(?:-(\d{1,6}))?(?!\d)/;
const SEPARATOR = /[\s,，;；、|/\\\n]+/;
const ADDRESS_HINT = /[省市区县镇乡村路街道巷弄号栋楼室幢单元]/;

const toHalfWidth = (s: string): string => s.replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');

/** Finds a phone (mobile first, then landline) and answers it with the text around it. */
function takePhone(text: string): { phone: string | null; rest: string } {
  const m = MOBILE.exec(text);
  if (m) return { phone: m[0].replace(/[\s-]/g, ''), rest: `${text.slice(0, m.index)} ${text.slice(m.index + m[0].length)}` };
  const l = LANDLINE.exec(text);
  if (l) {
    const phone = `${l[1]}-${l[2]}${l[3] ? `-${l[3]}` : ''}`;
    return { phone, rest: `${text.slice(0, l.index)} ${text.slice(l.index + l[0].length)}` };
  }
  return { phone: null, rest: text };
}

/** The longest alias of one of `list` that `s` starts with. */
function startsWithArea(s: string, list: Area[]): { area: Area; len: number } | null {
  let best: { area: Area; len: number } | null = null;
  for (const a of list) {
    for (const name of a.aliases) {
      if (s.startsWith(name) && (!best || name.length > best.len)) best = { area: a, len: name.length };
    }
  }
  return best;
}

const citiesOf = (provinces: Area[]): Area[] => provinces.flatMap((p) => p.children);
const districtsOf = (cities: Area[]): Area[] => cities.flatMap((c) => c.children);

interface ParsedAddress {
  province: Area | null;
  city: Area | null;
  district: Area | null;
  detail: string;
}

/** Reads province, city and district from the start of `s`; the rest is the detail. Null when none is found. */
function parseAddressAt(s: string): ParsedAddress | null {
  const { provinces } = areas();
  let rest = s;
  let province: Area | null = null;
  let city: Area | null = null;
  let district: Area | null = null;
  const p = startsWithArea(rest, provinces);
  if (p) {
    province = p.area;
    rest = rest.slice(p.len);
  }
  const c = startsWithArea(rest, province ? province.children : citiesOf(provinces));
  if (c) {
    city = c.area;
    rest = rest.slice(c.len);
  }
  const pool = city ? city.children : province ? districtsOf(province.children) : [];
  let d = startsWithArea(rest, pool);
  if (!d && !province && !city) {
    // A district on its own counts only when its full name is unique in the country ('浦东新区').
    const all = districtsOf(citiesOf(provinces)).filter((x) => rest.startsWith(x.name));
    if (all.length === 1 && all[0]) d = { area: all[0], len: all[0].name.length };
  }
  if (d) {
    district = d.area;
    rest = rest.slice(d.len);
  }
  if (!province && !city && !district) return null;
  const { byCode } = areas();
  city ??= district?.parent ? (byCode.get(district.parent) ?? null) : null;
  province ??= city?.parent ? (byCode.get(city.parent) ?? null) : null;
  return { province, city, district, detail: rest.trim() };
}

/** The first place in `s` where an address begins, with what precedes it. */
function findAddress(s: string): { before: string; address: ParsedAddress } | null {
  const chars = Array.from(s);
  for (let i = 0; i < chars.length; i++) {
    const tail = chars.slice(i).join('');
    const parsed = parseAddressAt(tail);
    if (parsed) return { before: chars.slice(0, i).join(''), address: parsed };
  }
  return null;
}

const looksLikeName = (s: string): boolean => /^[\u4e00-\u9fa5A-Za-z·.]{2,20}$/.test(s);

/** Free text such as '张三 13800138000 上海市浦东新区张江路88号' → name, phone and address fields. */
export function extractCustomerInfo(input: string): ExtractedCustomer {
  const text = toHalfWidth(input).replace(LABEL, ' ').replace(BARE_PHONE_LABEL, ' ');
  const { phone, rest } = takePhone(text);
  const parts = rest
    .split(SEPARATOR)
    .map((p) => p.trim())
    .filter(Boolean);
  let address: ParsedAddress | null = null;
  let addressPart = -1;
  const leftovers: string[] = [];
  parts.forEach((part, i) => {
    if (address) return;
    const found = findAddress(part);
    if (found) {
      address = found.address;
      addressPart = i;
      if (found.before) leftovers.push(found.before);
    }
  });
  // Parts after the address start belong to its detail ('张江路 88号 3楼').
  const found = address as ParsedAddress | null;
  if (found && addressPart >= 0)
    found.detail = [found.detail, ...parts.slice(addressPart + 1).filter((p) => !looksLikeName(p) || ADDRESS_HINT.test(p))].filter(Boolean).join('');
  const others = [
    ...leftovers,
    ...parts.filter((_, i) => addressPart < 0 || i < addressPart),
    ...(found ? parts.slice(addressPart + 1).filter((p) => looksLikeName(p) && !ADDRESS_HINT.test(p)) : []),
  ];
  const name = others.find(looksLikeName) ?? null;
  let detail = found?.detail || null;
  if (!found) {
    const plain = others.filter((p) => p !== name && ADDRESS_HINT.test(p));
    detail = plain.length ? plain.join('') : null;
  }
  return {
    name,
    phone,
    provinceCode: found?.province?.code ?? null,
    cityCode: found?.city?.code ?? null,
    districtCode: found?.district?.code ?? null,
    province: found?.province?.name ?? null,
    city: found?.city?.name ?? null,
    district: found?.district?.name ?? null,
    detail,
  };
}
