import { fileSize } from '@sk/shared';

/** A byte count as '1.5MB' (steps of 1024). */
export function FileSize({ bytes }: { bytes: number | null | undefined }) {
  return bytes === null || bytes === undefined ? null : <span>{fileSize(bytes)}</span>;
}
