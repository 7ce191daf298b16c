import type { FileExt } from '@sk/shared';

/** How many leading bytes the checks below need. */
export const SNIFF_BYTES = 64;

const startsWith = (head: Buffer, sig: number[] | string, at = 0): boolean => {
  const bytes = typeof sig === 'string' ? Buffer.from(sig, 'latin1') : Buffer.from(sig);
  return head.length >= at + bytes.length && head.subarray(at, at + bytes.length).equals(bytes);
};

const ZIP = (h: Buffer) => startsWith(h, [0x50, 0x4b, 0x03, 0x04]) || startsWith(h, [0x50, 0x4b, 0x05, 0x06]);
const OLE2 = (h: Buffer) => startsWith(h, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ISO_MEDIA = (h: Buffer) => startsWith(h, 'ftyp', 4);
/** Old QuickTime files may open with another atom than ftyp. */
const QUICKTIME = (h: Buffer) => ISO_MEDIA(h) || ['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].some((a) => startsWith(h, a, 4));

/** Plain text: no NUL and no other control bytes besides tab, newlines, form feed and escape. */
function looksLikeText(h: Buffer): boolean {
  for (const b of h) if (b === 0 || (b < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d, 0x1b].includes(b))) return false;
  return true;
}

const CHECKS: Record<FileExt, (h: Buffer) => boolean> = {
  png: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  jpeg: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  gif: (h) => startsWith(h, 'GIF87a') || startsWith(h, 'GIF89a'),
  mp4: ISO_MEDIA,
  mov: QUICKTIME,
  avi: (h) => startsWith(h, 'RIFF') && startsWith(h, 'AVI ', 8),
  mkv: (h) => startsWith(h, [0x1a, 0x45, 0xdf, 0xa3]),
  // An ID3 tag, or an MPEG audio frame's sync bits.
  mp3: (h) => startsWith(h, 'ID3') || (h.length > 1 && h[0] === 0xff && ((h[1] ?? 0) & 0xe0) === 0xe0),
  m4a: ISO_MEDIA,
  amr: (h) => startsWith(h, '#!AMR'),
  wav: (h) => startsWith(h, 'RIFF') && startsWith(h, 'WAVE', 8),
  ogg: (h) => startsWith(h, 'OggS'),
  webm: (h) => startsWith(h, [0x1a, 0x45, 0xdf, 0xa3]),
  pdf: (h) => startsWith(h, '%PDF-'),
  doc: OLE2,
  xls: OLE2,
  ppt: OLE2,
  docx: ZIP,
  xlsx: ZIP,
  pptx: ZIP,
  zip: ZIP,
  txt: looksLikeText,
};

/** Whether the first bytes of a file are what its extension claims. */
export const contentMatches = (ext: FileExt, head: Buffer): boolean => head.length > 0 && CHECKS[ext](head);
