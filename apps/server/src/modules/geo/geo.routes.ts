import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import type { DemoStep } from '../../platform/demo/data';
import type { Deps } from '../../platform/deps';
import { addSweep, registerJobHandler } from '../../platform/jobs';
import { enabledEngineers, orderPins, placeEngineer } from './geo.repo';
import { GEO_BACKFILL_JOB, GEO_REFINE_JOB, GEO_TABLES, type GeoTable, backfillBatch, geocodePending, refine } from './geo.service';

/** Demo data: every address placed before the first login, and the engineers shown near the orders they serve. */
async function seedDemoGeo(tx: Tx, enterpriseId: number): Promise<void> {
  for (const table of GEO_TABLES) await geocodePending(tx, table, { enterpriseId, limit: 100_000 });
  const engineers = await enabledEngineers(tx, enterpriseId);
  const pins = await orderPins(tx, enterpriseId);
  for (const [i, e] of engineers.entries()) {
    const pin = pins[(i * 3) % Math.max(pins.length, 1)];
    if (!pin) break;
    // A few kilometres from an order, as if on the way.
    const lat = pin.latitude + 0.02 * Math.cos(i);
    const lng = pin.longitude + 0.02 * Math.sin(i);
    await placeEngineer(tx, enterpriseId, e.id, lat, lng);
  }
}
export const geoDemoStep: DemoStep = { name: 'geo.demo', run: seedDemoGeo };

/** Geocoding has no endpoints of its own: the save paths call geocodeSaved, the map reads the columns. */
export async function geoModule(_app: FastifyInstance, _deps: Deps): Promise<void> {}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireGeoRoutes(): void {
  registerJobHandler(GEO_REFINE_JOB, async (job, deps) => {
    const table = String(job.payload.table) as GeoTable;
    const ids = Array.isArray(job.payload.ids) ? job.payload.ids.map(Number).filter(Number.isInteger) : [];
    if (!job.enterpriseId || !ids.length) return;
    await refine(deps.db, deps.config, job.enterpriseId, table, ids, (m) => console.warn(m));
  });

  registerJobHandler(GEO_BACKFILL_JOB, async (_job, deps) => {
    await deps.db.transaction((tx) => backfillBatch(tx));
  });

  // Rows without coordinates (from before geocoding, imports, any writer that did not geocode) are filled within seconds.
  addSweep({ name: GEO_BACKFILL_JOB, everySeconds: 15, kind: GEO_BACKFILL_JOB });
}
