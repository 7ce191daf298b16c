import path from 'node:path';
import type { Config } from '../config';
import { type Database, openPglite, openPostgres } from './client';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR/pg. */
export function openDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL);
  return openPglite(path.join(config.dataDir, 'pg'));
}
