// 智能填写: reads a customer out of pasted text — a chat message, an e-mail signature, a call note. Pure: the area
// tree is given (buildAreaIndex), so the server and tests run the same code.
//
// Two kinds of text are read. Labelled text ('客户：上海恒瑞物业管理有限公司 联系人：赵建国 电话 139… 地址：… 故障：…')
// is cut at its labels and each value goes to its field. Free text ('张三 13800138000 上海市浦东新区张江路88号') is cut
// at separators; the phone and the address are found by their shape, a company by its ending (公司, 医院 …), a person
// by a surname or a title, and what is left describes the problem.
import { AREA_PLACEHOLDERS, type Area, type AreaIndex } from './areas';
import type { ExtractedCustomer } from './customers.contract';

type Field = 'name' | 'contact' | 'phone' | 'address' | 'description';

/** Labels by field; a longer label wins over a shorter one it starts with ('联系电话' over '联系人' never clash, '客户名称' over '客户'). */
const LABELS: Record<Field, string[]> = {
  name: ['客户名称', '公司名称', '单位名称', '客户单位', '报修单位', '客户', '公司', '单位'],
  contact: ['联系人', '收货人', '收件人', '报修人', '姓名', '名字'],
  phone: ['联系电话', '联系方式', '手机号码', '手机号', '电话号码', '手机', '电话', '座机', '固话', 'tel', 'Tel', 'TEL', 'Phone', 'phone'],
  address: ['详细地址', '收货地址', '服务地址', '上门地址', '所在地区', '地址', '地点'],
  description: ['故障描述', '故障现象', '问题描述', '报修内容', '服务内容', '故障', '问题', '描述', '备注', '需求'],
};
const FIELD_OF = new Map<string, Field>(Object.entries(LABELS).flatMap(([f, names]) => names.map((n) => [n, f as Field] as const)));
const ALL_LABELS = [...FIELD_OF.keys()].sort((a, b) => b.length - a.length).join('|');
const PHONE_LABELS = [...LABELS.phone].sort((a, b) => b.length - a.length).join('|');
const BOUNDARY = String.raw`(?<=^|[\s,，;；。、|/\\()（）【】\[\]])`;
/** '电话：…' anywhere; '电话 …' after a separator; '电话139…' (a phone label right before digits) anywhere. */
const LABEL_RES = [
  new RegExp(String.raw`(${ALL_LABELS})\s*[:：]\s*`, 'g'),
  new RegExp(String.raw`${BOUNDARY}(${ALL_LABELS})[ \t\u3000]+`, 'g'),
  new RegExp(String.raw`(${PHONE_LABELS})\s*(?=[+\d(（])`, 'g'),
];

const MOBILE = /(?<!\d)(?:\+?86[\s-]?)?(1[3-9]\d(?:[\s-]?\d){8})(?!\d)/;
/** Area codes 010 and 02x have three digits, the others four; 7 or 8 digits follow, then maybe an extension. */
const LANDLINE = /(?<!\d)[(（]?(0(?:10|2\d|[3-9]\d{2}))[)）]?[\s-]?(\d{3,4})[\s-]?(\d{4})(?:\s*(?:-|转|ext\.?)\s*(\d{1,6}))?(?!\d)/;
const SERVICE_LINE = /(?<!\d)([48]00)[\s-]?(\d{3})[\s-]?(\d{4})(?!\d)/;

const SEPARATOR = /[\s,，;；、|/\\]+/;
const EDGE_PUNCT = /^[\s,，;；。、.:：|/\\-]+|[\s,，;；。、.:：|/\\-]+$/g;
/** A part that carries an address on after its start ('100', '号', '3栋2单元', '阳光花园'). */
const ADDRESS_TAIL = /(路|街|道|巷|弄|号|栋|楼|室|层|单元|幢|座|村|组|小区|大厦|广场|花园|苑|园|期|院|里|坊|庄|公寓|门|车间|仓库)$/;
const ADDRESS_HINT = /[省市区县镇乡村路街巷弄号栋楼室幢]/;
const COMPANY =
  /(公司|集团|中心|医院|诊所|学校|大学|学院|中学|小学|幼儿园|酒店|宾馆|饭店|餐厅|物业|工厂|厂|商行|商店|门店|店|银行|研究所|研究院|事务所|委员会|管理处|办事处|局|馆|站|社|协会|商场|超市|部|处|所)$/;
const TITLE = /(先生|女士|小姐|师傅|老师|经理|主任|总|工|阿姨|大爷|姐|哥)$/;
const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤常温康施文牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰焦俞左柳甘祝包宁尚符舒阮柯纪梅童凌毕单季裴霍涂成苗谷盛曲翁冉骆蓝路游辛靳管柴蒙鲍华喻祁蒲房滕屈饶解牟艾尤阳时穆农司卓古吉缪简车项连芦麦褚娄窦戚岑景党宫费卜冷晏席卫米柏宗瞿桂全佟应臧闵苟邬边卞姬师和仇栾隋商刁沙荣巫寇桑郎甄丛仲虞敖巩明佘池查麻苑迟邝';
const COMPOUND_SURNAMES = ['欧阳', '司马', '上官', '诸葛', '东方', '皇甫', '尉迟', '公孙', '慕容', '令狐', '长孙', '宇文', '司徒', '夏侯', '端木', '独孤'];

/** Full-width digits, letters and the marks phones are written with become half-width; Chinese punctuation stays. */
const toHalfWidth = (s: string): string =>
  s
    .replace(/[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a\uff0b\uff0d\uff08\uff09\uff03]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ');
/** Words around the facts in a chat message ('您好，我是黄女士，住在…'). */
const FILLER = /^(您好|你好|麻烦|请|帮忙|我是|我叫|本人|住在|家住|地址在|地址是|电话是|在)+/;
const GREETING = /^(您好|你好|hello|hi|谢谢|麻烦了|麻烦您了)$/i;
const clean = (s: string): string => s.replace(EDGE_PUNCT, '');
/** Spaces inside a Chinese address go ('张江路 100 号' → '张江路100号'); a space between two Latin words stays. */
const collapse = (s: string): string =>
  s.replace(/\s+/g, (m, at: number, all: string) => (/[A-Za-z]/.test(all[at - 1] ?? '') && /[A-Za-z]/.test(all[at + m.length] ?? '') ? ' ' : '')).trim();

const isCompany = (s: string): boolean => Array.from(s).length >= 3 && COMPANY.test(s) && !/\d/.test(s);
/** A person: 2–4 Chinese characters after a common surname, a surname with a title ('王师傅'), or a short Latin name. */
export function isPersonName(s: string): boolean {
  if (/^[A-Za-z][A-Za-z. ]{1,30}$/.test(s)) return true;
  const chars = Array.from(s);
  if (chars.length < 2 || chars.length > 5 || !/^[\u4e00-\u9fa5·]+$/.test(s)) return false;
  const surname = COMPOUND_SURNAMES.some((c) => s.startsWith(c)) || SURNAMES.includes(chars[0] as string);
  return surname && (chars.length <= 4 || TITLE.test(s));
}

/** The first phone in `text` (mobile, then landline, then a 400/800 line) and the text without it. */
export function takePhone(text: string): { phone: string | null; rest: string } {
  const cut = (m: RegExpExecArray, phone: string) => ({ phone, rest: `${text.slice(0, m.index)} ${text.slice(m.index + m[0].length)}` });
  const m = MOBILE.exec(text);
  if (m) return cut(m, (m[1] as string).replace(/[\s-]/g, ''));
  const l = LANDLINE.exec(text);
  if (l) return cut(l, `${l[1]}-${l[2]}${l[3]}${l[4] ? `-${l[4]}` : ''}`);
  const s = SERVICE_LINE.exec(text);
  if (s) return cut(s, `${s[1]}-${s[2]}-${s[3]}`);
  return { phone: null, rest: text };
}

// ---- addresses ----

interface ParsedAddress {
  province: Area | null;
  city: Area | null;
  district: Area | null;
  detail: string;
}

const districtCache = new WeakMap<AreaIndex, Area[]>();
function allDistricts(idx: AreaIndex): Area[] {
  let d = districtCache.get(idx);
  if (!d) {
    d = idx.provinces.flatMap((p) => p.children.flatMap((c) => c.children));
    districtCache.set(idx, d);
  }
  return d;
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

/** Province, city and district at the start of `s`; the rest is the detail. Null when none is there. */
function parseAddressAt(idx: AreaIndex, s: string): ParsedAddress | null {
  let rest = s;
  let province: Area | null = null;
  let city: Area | null = null;
  let district: Area | null = null;
  const p = startsWithArea(rest, idx.provinces);
  if (p) {
    province = p.area;
    rest = rest.slice(p.len);
  }
  const c = startsWithArea(rest, province ? province.children : idx.provinces.flatMap((x) => x.children));
  if (c) {
    city = c.area;
    rest = rest.slice(c.len);
  }
  const pool = city ? city.children : province ? province.children.flatMap((x) => x.children) : [];
  let d = startsWithArea(rest, pool);
  if (!d && !province && !city) {
    // A district on its own counts only when its full name is unique in the country ('浦东新区').
    const all = allDistricts(idx).filter((x) => rest.startsWith(x.name));
    if (all.length === 1 && all[0]) d = { area: all[0], len: all[0].name.length };
  }
  if (d) {
    district = d.area;
    rest = rest.slice(d.len);
  }
  if (!province && !city && !district) return null;
  city ??= district?.parent ? (idx.byCode.get(district.parent) ?? null) : null;
  province ??= city?.parent ? (idx.byCode.get(city.parent) ?? null) : null;
  return { province, city, district, detail: clean(rest) };
}

/** The first place in `s` where an address begins, with what precedes it. */
function findAddress(idx: AreaIndex, s: string): { before: string; address: ParsedAddress } | null {
  const chars = Array.from(s);
  for (let i = 0; i < chars.length; i++) {
    if (!/[\u4e00-\u9fa5]/.test(chars[i] as string)) continue;
    const parsed = parseAddressAt(idx, chars.slice(i).join(''));
    if (parsed) return { before: chars.slice(0, i).join(''), address: parsed };
  }
  return null;
}

// ---- labels ----

interface Segment {
  field: Field | null;
  value: string;
}

/** Cuts the text at its labels: what precedes the first label has no field. */
function segments(text: string): Segment[] {
  const hits: { at: number; end: number; field: Field }[] = [];
  for (const re of LABEL_RES) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) hits.push({ at: m.index, end: m.index + m[0].length, field: FIELD_OF.get(m[1] as string) as Field });
  }
  hits.sort((a, b) => a.at - b.at || b.end - a.end);
  const kept: typeof hits = [];
  for (const h of hits) if (!kept.length || h.at >= (kept[kept.length - 1] as (typeof hits)[number]).end) kept.push(h);
  const out: Segment[] = [{ field: null, value: text.slice(0, kept[0]?.at ?? text.length) }];
  kept.forEach((h, i) => {
    out.push({ field: h.field, value: text.slice(h.end, kept[i + 1]?.at ?? text.length) });
  });
  return out;
}

// ---- the whole ----

const none: ExtractedCustomer = {
  name: null,
  linkName: null,
  phone: null,
  provinceCode: null,
  cityCode: null,
  districtCode: null,
  province: null,
  city: null,
  district: null,
  detail: null,
  description: null,
};

/**
 * Reads customer name, contact, phone, address and the problem out of pasted text. `name` is the customer (a company
 * when one is named, else the person), `linkName` the contact person, `description` the problem (详细描述).
 */
export function parsePastedCustomer(input: string, idx: AreaIndex): ExtractedCustomer {
  const text = toHalfWidth(input).replace(/\r\n?/g, '\n');
  let name: string | null = null;
  let contact: string | null = null;
  let phone: string | null = null;
  let address: ParsedAddress | null = null;
  let plainDetail: string | null = null;
  const description: string[] = [];
  const free: string[] = [];

  const setAddress = (value: string) => {
    const v = collapse(value);
    if (!v) return;
    const found = parseAddressAt(idx, v) ?? findAddress(idx, v)?.address ?? null;
    if (found) address ??= found;
    else plainDetail ??= v;
  };
  /** A labelled name or contact: its first part; a phone or more text after it is read as free text. */
  const firstPart = (value: string): string | null => {
    const [head, ...tail] = value.split(SEPARATOR).filter(Boolean);
    if (tail.length) free.push(tail.join(' '));
    return head ? clean(head) || null : null;
  };

  for (const seg of segments(text)) {
    let value = seg.value.trim();
    if (seg.field !== 'description') {
      const p = takePhone(value);
      if (p.phone) {
        phone ??= p.phone;
        value = p.rest.trim();
      }
    }
    value = clean(value);
    if (!value) continue;
    if (seg.field === 'name') name ??= firstPart(value.replace(/\s+(?=(有限|股份|责任|公司|集团))/g, ''));
    else if (seg.field === 'contact') contact ??= firstPart(value);
    else if (seg.field === 'address') setAddress(value);
    else if (seg.field === 'description') description.push(value.replace(/\s*\n\s*/g, '，'));
    else free.push(value);
  }

  // Free text: parts cut at separators; the address starts at the first part where a place name does.
  const parts = free.join(' ').split(SEPARATOR).map(clean).filter(Boolean);
  const others: string[] = [];
  let inAddress = false;
  for (const part of parts) {
    if (inAddress && address && !isPersonName(part) && !isCompany(part) && (/^[\dA-Za-z#-]/.test(part) || ADDRESS_TAIL.test(part))) {
      address.detail += part;
      continue;
    }
    inAddress = false;
    if (!address) {
      const found = findAddress(idx, part);
      if (found && !isCompany(part)) {
        address = found.address;
        inAddress = true;
        if (found.before) others.push(found.before);
        continue;
      }
    }
    others.push(part);
  }
  const rest: string[] = [];
  for (const part of others.map((p) => clean(p.replace(FILLER, ''))).filter((p) => p && !GREETING.test(p))) {
    if (isCompany(part) && !name) name = part;
    else if (isPersonName(part) && !contact) contact = part;
    else rest.push(part);
  }
  for (const part of rest) {
    if (!address && !plainDetail && ADDRESS_HINT.test(part) && (ADDRESS_TAIL.test(part) || /\d/.test(part))) plainDetail = part;
    else if (!name && !contact && /^([\u4e00-\u9fa5·]{2,4}|[A-Za-z][A-Za-z .]{1,30})$/.test(part) && !description.length) contact = part;
    else description.push(part);
  }

  const found = address as ParsedAddress | null;
  const customer = name ?? contact;
  return {
    ...none,
    name: customer,
    linkName: contact ?? (customer && !isCompany(customer) ? customer : null),
    phone,
    provinceCode: found?.province?.code ?? null,
    cityCode: found?.city?.code ?? null,
    districtCode: found?.district?.code ?? null,
    province: found?.province?.name ?? null,
    city: found?.city && !AREA_PLACEHOLDERS.has(found.city.name) ? found.city.name : null,
    district: found?.district?.name ?? null,
    detail: (found ? found.detail : plainDetail) || null,
    description: description.length ? description.join('，') : null,
  };
}
