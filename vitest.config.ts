import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The server's tests spend most of their time waiting on PostgreSQL, so they run more files at once than there are
// cores; and a worker keeps its loaded modules between files (isolate: false), which saves importing the whole app
// again for each of ~170 files. Each file still gets its own database copy and app instance.
const cores = os.availableParallelism();

/**
 * Vitest's own order (the projects apart; in each the files that failed last, then the longest first),
 * with the durations in test-durations.json for the files this checkout has no timings for. A fresh clone has none, and
 * vitest then orders by file size: the long files (small ones among them) ran on alone at the end while the other
 * workers idled. `npm run test:durations` refreshes the file from the last run's timings.
 */
// By name, as vitest orders them: the server's files first (mostly waiting on PostgreSQL) and the web's (jsdom, all CPU)
// beside their tail. The web's first took 411 s against 348–457 s in four runs of this order, from fresh clones.
const PROJECT_ORDER = ['bench', 'server', 'shared', 'web'];
const committed: Record<string, number> = JSON.parse(readFileSync(new URL('./test-durations.json', import.meta.url), 'utf8'));
class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const key = (f: TestSpecification) => `${f.project.name}:${path.relative(this.ctx.config.root, f.moduleId)}`;
    const failed = (f: TestSpecification) => (cache.getFileTestResults(key(f))?.failed ? 1 : 0);
    // A file with no timing anywhere is new: it runs first, as vitest runs unknown files first.
    const duration = (f: TestSpecification) => cache.getFileTestResults(key(f))?.duration ?? committed[key(f)] ?? Number.MAX_SAFE_INTEGER;
    const project = (f: TestSpecification) => PROJECT_ORDER.indexOf(f.project.name);
    return [...files].sort((a, b) => project(a) - project(b) || failed(b) - failed(a) || duration(b) - duration(a));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    maxWorkers: Math.max(2, cores * 2),
    projects: [
      // A busy machine (the server's files run beside these) makes jsdom and property tests slow, not wrong: 30 s each.
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      // The bench's own helpers (the load generator against a local HTTP server): no database, about a second.
      { test: { name: 'bench', include: ['bench/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 30_000,
          // Each file still gets a fresh DOM; keeping antd and React loaded between files took the web files' CPU
          // time from about 6 minutes to 2. Tests restore what they stub (timers, globals).
          isolate: false,
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
