import { create } from 'content-disposition';

/**
 * The Content-Disposition of a download (RFC 6266): the name in UTF-8 for browsers (filename*), and an ASCII name for
 * clients that read only `filename` — `fallback`, or the name with every character outside printable ASCII replaced.
 */
export const dispositionOf = (name: string, o: { inline?: boolean; fallback?: string } = {}): string =>
  create(name, { type: o.inline ? 'inline' : 'attachment', fallback: o.fallback ?? asciiName(name) });

const asciiName = (name: string): string => name.replace(/[^\x20-\x7e]|["\\]/g, '_');
