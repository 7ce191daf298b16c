import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Deps } from './deps';
import { registrationSite } from './registry';
import { createSmsSender } from './sms';

/** Background workers (job runner, schedulers) that modules register. */
export interface Background {
  name: string;
  start(deps: Deps, log: FastifyBaseLogger): Promise<void> | void;
  stop(): Promise<void> | void;
}
export const backgrounds: Background[] = [];
const sites = new Map<string, string>();
export const addBackground = (b: Background): void => {
  if (backgrounds.some((x) => x.name === b.name)) return;
  backgrounds.push(b);
  sites.set(b.name, registrationSite());
};
/** The background workers in start order, with where each was added (the wiring snapshot). */
export const backgroundEntries = (): { name: string; site: string }[] => backgrounds.map((b) => ({ name: b.name, site: sites.get(b.name) ?? '?' }));

export interface AppDeps extends Deps {
  startBackground(log: FastifyBaseLogger): Promise<void>;
  stopBackground(): Promise<void>;
}

export function createDeps(config: Config, database: Database, extra: Record<string, unknown> = {}): AppDeps {
  const services = new Map<string, unknown>([['sms', createSmsSender(config)], ...Object.entries(extra)]);
  const deps: AppDeps = {
    db: database.db,
    database,
    config,
    services,
    async startBackground(log) {
      for (const b of backgrounds) await b.start(deps, log);
    },
    async stopBackground() {
      for (const b of backgrounds) await b.stop();
    },
  };
  return deps;
}
