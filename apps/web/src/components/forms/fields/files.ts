// Uploaded files a form refers to by id: what the upload answered (name, url), remembered for this page session.
import type { UploadedFile } from '@sk/shared/files/files.contract';
import { defaultFileUrl, FILE_EXTS, type FieldDef } from '@sk/shared/forms/index';

export interface KnownFile {
  id: number;
  name: string;
  url: string;
  ext: string;
}

const known = new Map<number, KnownFile>();

export function rememberFile(f: UploadedFile): KnownFile {
  const k = { id: f.id, name: f.name, url: f.url, ext: f.ext.toLowerCase() };
  known.set(f.id, k);
  return k;
}

/** A file by id: remembered from an upload, given by the page (`files`), or its plain URL. */
export function fileOf(id: number, files?: Map<number, { name?: string; url?: string; ext?: string }>): KnownFile {
  const mine = known.get(id);
  if (mine) return mine;
  const given = files?.get(id);
  const url = given?.url ?? defaultFileUrl(id);
  return { id, name: given?.name ?? `文件${id}`, url, ext: given?.ext ?? '' };
}

/** Extensions a file field accepts (pictures and signatures: images only). */
export function acceptedExts(f: Pick<FieldDef, 'type' | 'fileKinds'>): string[] {
  if (f.type !== 15) return [...FILE_EXTS.image];
  const kinds = f.fileKinds.length ? f.fileKinds : (['image', 'video', 'doc'] as const);
  return kinds.flatMap((k) => [...FILE_EXTS[k]]);
}

/** The upload kind query of POST /upload/save: one kind narrows the server's check. */
export function uploadKind(f: Pick<FieldDef, 'type' | 'fileKinds'>): string | undefined {
  if (f.type !== 15) return 'image';
  return f.fileKinds.length === 1 ? f.fileKinds[0] : undefined;
}
