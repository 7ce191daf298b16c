import { searchContract as C } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll } from '../../platform/endpoint';
import { globalSearch } from './search.service';

/** GET /search: the header's global search (docs/lists.md "Global search"). */
export async function searchModule(app: FastifyInstance, deps: Deps): Promise<void> {
  registerAll(app, deps, C, {
    search: async ({ actor, query }) => globalSearch(deps.db, actor, query.q),
  });
}
