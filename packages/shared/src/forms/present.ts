import { FIELD_LIMITS, FILE_EXTS, LINK_KINDS } from './forms.constants';
import type { ExtField, ExtValues, FieldDef } from './forms.schema';
import type { FileInfo } from './validate';
import { shownFields, visibleToRoles } from './validate';

export interface PresentOptions {
  /** File details by id (name, ext, url) for file-like fields. */
  files?: Map<number, FileInfo>;
  /** Labels of linked records, keyed `${kind}:${id}`. */
  links?: Map<string, string>;
  /** Only fields these roles may see. */
  roles?: readonly number[];
  system?: Record<string, unknown>;
  /** URL of a stored file when `files` has none. */
  fileUrl?: (id: number) => string;
}

export const defaultFileUrl = (id: number): string => `/api/upload/file/${id}`;

type Attr = ExtField['fieldAttributeList'][number];
const attr = (type: string, value: unknown): Attr => ({ type, value: String(value) });

function attributes(f: FieldDef): Attr[] {
  const list: Attr[] = f.options.map((o) => attr('option', o));
  if (f.type === 19) list.push(attr('formula', f.formula));
  if (f.type === 22) list.push(attr('stars', f.stars ?? FIELD_LIMITS.stars));
  if (f.type === 30 && f.linkKind) list.push(attr('linkKind', f.linkKind));
  if (f.type === 14 || f.type === 20) list.push(attr('text', f.type === 14 ? f.help : (f.defaultValue ?? '')));
  return list;
}

function display(f: FieldDef, v: unknown, o: PresentOptions): { text: string; pics: string[]; extra: Attr[] } {
  const none = { text: '', pics: [] as string[], extra: [] as Attr[] };
  if (f.type === 20) return { ...none, text: String(f.defaultValue ?? '') };
  if (f.type === 14) return { ...none, text: f.help };
  if (v === null || v === undefined) return none;
  const url = o.fileUrl ?? defaultFileUrl;
  switch (f.type) {
    case 8:
    case 24:
    case 25:
      return { ...none, text: (v as unknown[]).join(f.type === 8 ? ',' : ' ~ ') };
    case 18:
      return { ...none, text: (v as unknown[]).join('/') };
    case 10:
    case 15:
    case 21:
    case 26: {
      const infos = (v as number[]).map((id) => o.files?.get(id) ?? { id, ext: '', url: url(id) });
      const urls = infos.map((x) => x.url ?? url(x.id));
      const images = infos.filter((x) => f.type !== 15 || (FILE_EXTS.image as readonly string[]).includes(x.ext.toLowerCase()));
      const names = f.type === 15 ? infos.map((x) => attr('file', x.name ?? `附件${x.id}`)) : [];
      return { text: urls.join(','), pics: images.map((x) => x.url ?? url(x.id)), extra: names };
    }
    case 11: {
      const p = v as { address: string; lng: number; lat: number };
      return { ...none, text: `${p.address},${p.lng},${p.lat}` };
    }
    case 17: {
      const h = v as { url: string; text: string };
      return { ...none, text: h.url, extra: [attr('text', h.text)] };
    }
    case 30: {
      const label = f.linkKind ? o.links?.get(`${f.linkKind}:${v}`) : undefined;
      return { ...none, text: label ?? String(v), extra: [attr('linkName', label ?? `${LINK_KINDS[f.linkKind ?? 'order']}${v}`)] };
    }
    default:
      return { ...none, text: String(v) };
  }
}

/**
 * A record's custom values in the spec's ExtField shape (id, type, tfname, tfvvalue, ovalue,
 * fieldAttributeList, realPic), in field order. Fields a condition hides are left out.
 */
export function presentExtValues(fields: FieldDef[], ext: ExtValues | null | undefined, o: PresentOptions = {}): ExtField[] {
  const values = ext ?? {};
  const sorted = [...fields].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const shown = shownFields(sorted, values, undefined, o.system);
  return sorted
    .filter((f) => shown.has(f.id) && visibleToRoles(f, o.roles))
    .map((f) => {
      const v = values[String(f.id)];
      const d = display(f, v, o);
      return {
        id: f.id,
        type: f.type,
        tfname: f.name,
        tfvvalue: d.text,
        ovalue: v ?? null,
        fieldAttributeList: [...attributes(f), ...d.extra],
        realPic: d.pics.join(','),
      };
    });
}

/** File ids a record's values refer to (for loading their details before presenting). */
export function fileIdsOf(fields: FieldDef[], ext: ExtValues | null | undefined): number[] {
  const ids = fields
    .filter((f) => [10, 15, 21, 26].includes(f.type))
    .flatMap((f) => (Array.isArray(ext?.[String(f.id)]) ? (ext?.[String(f.id)] as number[]) : []));
  return [...new Set(ids)];
}
