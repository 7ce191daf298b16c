import type { Config } from '../config';
import type { Database, Db } from '../db/client';

/** Everything a handler may use besides the request. Built once per app. */
export interface Deps {
  db: Db;
  database: Database;
  config: Config;
  /** Extra services modules register (sms, storage, jobs …), looked up by name. */
  services: Map<string, unknown>;
}

export function service<T>(deps: Deps, name: string): T {
  const s = deps.services.get(name);
  if (!s) throw new Error(`service ${name} is not registered`);
  return s as T;
}
