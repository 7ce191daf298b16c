import { PHONE } from '../common/zod';
import { FIELD_LIMITS, type FieldType } from './forms.constants';
import type { CascadeNode, FieldDef } from './field.types';

/** One value checked against its field: the canonical stored value, or the reason (without the field name). */
export type ValueResult = { ok: true; value: unknown } | { ok: false; error: string };

type Def = Partial<FieldDef> & { type: FieldType };

const ok = (value: unknown): ValueResult => ({ ok: true, value });
const bad = (error: string): ValueResult => ({ ok: false, error });

export const isEmptyValue = (v: unknown): boolean =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

const URL_RE = /^https?:\/\/[^\s]+$/i;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** 'YYYY-MM-DD' (also with slashes) for a real calendar day. */
export function normDate(v: unknown): string | null {
  const m = typeof v === 'string' ? /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(v.trim()) : null;
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d) return null;
  return `${y}-${pad(mo)}-${pad(d)}`;
}

/** 'HH:mm' or 'HH:mm:ss' to 'HH:mm:ss'. */
export function normTime(v: unknown): string | null {
  const m = typeof v === 'string' ? /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(v.trim()) : null;
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59) return null;
  return `${pad(Number(m[1]))}:${m[2]}:${m[3] ?? '00'}`;
}

/** 'YYYY-MM-DD HH:mm[:ss]' (or with T) to 'YYYY-MM-DD HH:mm:ss'. */
export function normDateTime(v: unknown): string | null {
  const m = typeof v === 'string' ? /^(\S+)[ T](\S+)$/.exec(v.trim()) : null;
  const d = m ? normDate(m[1]) : null;
  const t = m ? normTime(m[2]) : null;
  return d && t ? `${d} ${t}` : null;
}

const normalisers: Partial<Record<FieldType, (v: unknown) => string | null>> = { 4: normDate, 5: normTime, 6: normDateTime };
const FORMAT_HINT: Partial<Record<FieldType, string>> = {
  4: '请输入正确的日期（YYYY-MM-DD）',
  5: '请输入正确的时间（HH:mm）',
  6: '请输入正确的日期时间（YYYY-MM-DD HH:mm:ss）',
};

function bounds(f: Def, v: string | number): string | null {
  if (f.min !== null && f.min !== undefined && f.min !== '' && v < f.min) return `不能小于${f.min}`;
  if (f.max !== null && f.max !== undefined && f.max !== '' && v > f.max) return `不能大于${f.max}`;
  return null;
}

function text(f: Def, v: unknown, fallbackMax: number): ValueResult {
  if (typeof v !== 'string' && typeof v !== 'number') return bad('请输入文字');
  const s = String(v).trim();
  const max = f.maxLength ?? fallbackMax;
  return s.length > max ? bad(`长度不能超过${max}个字`) : ok(s);
}

function numeric(f: Def, v: unknown): ValueResult {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^[-+]?(\d+\.?\d*|\.\d+)$/.test(v.trim()) ? Number(v) : Number.NaN;
  if (!Number.isFinite(n)) return bad('请输入数字');
  if (f.precision !== null && f.precision !== undefined && Number(n.toFixed(f.precision)) !== n) return bad(`最多${f.precision}位小数`);
  return bounds(f, n) ? bad(bounds(f, n) as string) : ok(n);
}

function dateLike(f: Def, t: FieldType, v: unknown): ValueResult {
  const norm = (normalisers[t] as (v: unknown) => string | null)(v);
  if (!norm) return bad(FORMAT_HINT[t] as string);
  const b = bounds(f, norm);
  return b ? bad(b) : ok(norm);
}

function range(f: Def, item: FieldType, v: unknown): ValueResult {
  if (!Array.isArray(v) || v.length !== 2) return bad('请选择开始和结束');
  const a = dateLike(f, item, v[0]);
  if (!a.ok) return a;
  const b = dateLike(f, item, v[1]);
  if (!b.ok) return b;
  return (a.value as string) > (b.value as string) ? bad('开始不能晚于结束') : ok([a.value, b.value]);
}

function flag(v: unknown): ValueResult {
  if (v === true || v === 1 || v === '1' || v === 'true') return ok('1');
  if (v === false || v === 0 || v === '0' || v === 'false') return ok('0');
  return bad('请选择是或否');
}

function choice(f: Def, v: unknown): ValueResult {
  const s = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : null;
  return s !== null && (f.options ?? []).includes(s) ? ok(s) : bad('选项不存在');
}

function choices(f: Def, v: unknown): ValueResult {
  const list = Array.isArray(v) ? v : typeof v === 'string' ? [v] : null;
  if (!list) return bad('选项不存在');
  const out: string[] = [];
  for (const x of list) {
    const r = choice(f, x);
    if (!r.ok) return r;
    if (!out.includes(r.value as string)) out.push(r.value as string);
  }
  return ok(out);
}

function cascadePath(f: Def, v: unknown): ValueResult {
  const path = Array.isArray(v) ? v : typeof v === 'string' ? v.split('/') : null;
  if (!path || path.length === 0) return bad('请选择完整的级联选项');
  let level: CascadeNode[] | undefined = f.cascade ?? [];
  const out: string[] = [];
  for (const step of path) {
    const label = typeof step === 'string' || typeof step === 'number' ? String(step).trim() : null;
    const node: CascadeNode | undefined = label === null ? undefined : level?.find((n) => n.label === label);
    if (!node) return bad('选项不存在');
    out.push(node.label);
    level = node.children;
  }
  return level && level.length > 0 ? bad('请选择完整的级联选项') : ok(out);
}

function fileIds(f: Def, v: unknown, fallbackMax: number): ValueResult {
  const raw = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').filter((x) => x.trim()) : [v];
  const ids: number[] = [];
  for (const x of raw) {
    const r = typeof x === 'object' && x !== null && 'id' in x ? (x as { id: unknown }).id : x;
    const n = typeof r === 'number' ? r : typeof r === 'string' && r.trim() ? Number(r) : Number.NaN;
    if (!Number.isSafeInteger(n) || n <= 0) return bad('文件不存在');
    if (!ids.includes(n)) ids.push(n);
  }
  const max = f.maxCount ?? fallbackMax;
  return ids.length > max ? bad(`最多上传${max}个文件`) : ok(ids);
}

function location(v: unknown): ValueResult {
  type Loc = { address?: unknown; lng?: unknown; lat?: unknown };
  let o: Loc | null = null;
  if (typeof v === 'string') {
    const parts = v.split(',');
    if (parts.length >= 3) o = { address: parts.slice(0, -2).join(','), lng: parts[parts.length - 2], lat: parts[parts.length - 1] };
  } else if (v && typeof v === 'object') o = v as Loc;
  const coord = (x: unknown) => (typeof x === 'number' ? x : typeof x === 'string' && x.trim() ? Number(x) : Number.NaN);
  const lng = coord(o?.lng);
  const lat = coord(o?.lat);
  const address = typeof o?.address === 'string' ? o.address.trim() : '';
  if (!o || !Number.isFinite(lng) || !Number.isFinite(lat) || Math.abs(lng) > 180 || Math.abs(lat) > 90 || address.length > 200) {
    return bad('定位信息不正确');
  }
  return ok({ address, lng, lat });
}

function hyperlink(v: unknown): ValueResult {
  const o = typeof v === 'string' ? { url: v, text: '' } : v && typeof v === 'object' ? (v as { url?: unknown; text?: unknown }) : null;
  const url = typeof o?.url === 'string' ? o.url.trim() : '';
  if (!URL_RE.test(url) || url.length > 500) return bad('请输入正确的链接地址（http://或https://开头）');
  const t = typeof o?.text === 'string' && o.text.trim() ? o.text.trim().slice(0, 100) : url;
  return ok({ url, text: t });
}

function address(v: unknown): ValueResult {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    const s = ['province', 'city', 'district', 'detail']
      .map((k) => (typeof o[k] === 'string' ? (o[k] as string).trim() : ''))
      .filter(Boolean)
      .join(' ');
    return s.length > FIELD_LIMITS.text ? bad(`长度不能超过${FIELD_LIMITS.text}个字`) : ok(s);
  }
  return text({ type: 9 }, v, FIELD_LIMITS.text);
}

function rating(f: Def, v: unknown): ValueResult {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN;
  const max = f.stars ?? FIELD_LIMITS.stars;
  if (!Number.isInteger(n) || n < 0 || n > max) return bad(`评分需为1到${max}之间的整数`);
  return ok(n === 0 ? null : n);
}

function linkId(v: unknown): ValueResult {
  const raw = v && typeof v === 'object' && 'id' in v ? (v as { id: unknown }).id : v;
  // Only numbers and numeric text are ids; anything else (objects, symbols) is simply not a record.
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? ok(n) : bad('关联的记录不存在');
}

/**
 * Checks one non-empty value by its field's type and answers its canonical stored form.
 * Pure: file ownership and link targets are checked by the caller's hooks (see validateExt).
 */
export function checkValue(f: Def, v: unknown): ValueResult {
  switch (f.type) {
    case 1:
    case 12:
      return text(f, v, FIELD_LIMITS.text);
    case 13:
      return text(f, v, FIELD_LIMITS.textarea);
    case 23: {
      const s = typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '';
      return PHONE.test(s) ? ok(s) : bad('请输入正确的电话号码');
    }
    case 2:
      return numeric(f, v);
    case 3:
      return choice(f, v);
    case 8:
      return choices(f, v);
    case 4:
    case 5:
    case 6:
      return dateLike(f, f.type, v);
    case 24:
      return range(f, 4, v);
    case 25:
      return range(f, 6, v);
    case 7:
    case 16:
      return flag(v);
    case 9:
      return address(v);
    case 10:
      return fileIds(f, v, FIELD_LIMITS.defaultImages);
    case 21:
      return fileIds({ ...f, maxCount: 1 }, v, 1);
    case 26:
      return fileIds(f, v, FIELD_LIMITS.multiImages);
    case 15:
      return fileIds(f, v, FIELD_LIMITS.files);
    case 11:
      return location(v);
    case 17:
      return hyperlink(v);
    case 18:
      return cascadePath(f, v);
    case 22:
      return rating(f, v);
    case 30:
      return linkId(v);
    default:
      // 14 note, 19 formula, 20 plain value: no value of their own.
      return ok(null);
  }
}
