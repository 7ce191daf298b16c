import type { Executor } from '../db/client';
import type { Actor } from './actor';

/** The download centre's export shapes (platform/exports.ts registers them; exports.writer.ts streams them). */
export interface ExportColumn {
  key: string;
  header: string;
  width?: number;
}

/** Who the export runs for: scope and visibility come from here, never from the request. */
/** The export's owner as the scopes see them (the same actor the list had). */
export type ExportUser = Actor;

export interface ExportDef<P = Record<string, unknown>> {
  title: string;
  /** The sheet's columns; a function picks them from the export's params (the list's chosen columns). */
  columns: ExportColumn[] | ((params: P) => ExportColumn[]);
  /** Batches of rows, read with keyset paging (see keysetPages) so memory stays flat. */
  rows: (ex: Executor, user: ExportUser, params: P) => AsyncIterable<Record<string, unknown>[]>;
  count: (ex: Executor, user: ExportUser, params: P) => Promise<number>;
}
