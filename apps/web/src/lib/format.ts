import { DISPLAY_DATE } from '@sk/shared';
import dayjs from 'dayjs';

// elapsed() and fileSize() live in @sk/shared (common/format.ts); this file holds the web-only bits.

/** File types the spec names. */
export const VIDEO_EXTS = ['mp4', 'avi', 'mkv', 'mov'] as const;
export const IMAGE_EXTS = ['png', 'jpg', 'jpeg', 'gif'] as const;

export type FileKind = 'video' | 'image' | 'file';

/** The lower-case extension of a file name or URL (query and hash ignored); '' when none. */
export function extOf(nameOrUrl: string): string {
  const path = nameOrUrl.split(/[?#]/)[0] ?? '';
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export function fileKind(nameOrUrl: string): FileKind {
  const ext = extOf(nameOrUrl);
  if ((VIDEO_EXTS as readonly string[]).includes(ext)) return 'video';
  if ((IMAGE_EXTS as readonly string[]).includes(ext)) return 'image';
  return 'file';
}

/** A date for display: YYYY/MM/DD; '' for empty or unreadable input. */
export function displayDate(value: string | Date | number | null | undefined, format: string = DISPLAY_DATE): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(format) : '';
}

/** A date and time for display: YYYY/MM/DD HH:mm. */
export const displayDateTime = (value: string | Date | number | null | undefined): string => displayDate(value, `${DISPLAY_DATE} HH:mm`);
