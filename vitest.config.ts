import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The server's tests spend most of their time waiting on PostgreSQL, so they run more files at once than there are
// cores; and a worker keeps its loaded modules between files (isolate: false), which saves importing the whole app
// again for each of ~170 files. Each file still gets its own database copy and app instance.
const cores = os.availableParallelism();

/**
 * Files that run for a minute or more start first. A fresh clone has no timings cached, and vitest then starts the
 * largest files first: these are small files, so they started last and ran on alone while the other workers idled.
 */
const LONG = /contracts\.fuzz\.\d|crash\.test|outage\.test|older-server\.test|scope\.walk|ListPage\.test/;
class LongFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => LONG.test(f.moduleId)), ...sorted.filter((f) => !LONG.test(f.moduleId))];
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongFirst },
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
