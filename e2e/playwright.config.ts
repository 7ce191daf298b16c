import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** Two workers, each with its own app and database (so no spec sees another's changes); CI machines have two cores. */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
// Playwright loads this file in each worker too, with the worker's slot in TEST_PARALLEL_INDEX: slot i talks to app i.
const SLOT = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
/**
 * Debian's Chromium in its headless shell (package chromium-headless-shell: the same build and engine, without the
 * desktop browser around it; Playwright's own default for headless runs), else the full browser. The full browser's
 * own process took as much CPU as the pages' renderer (shell and org specs on one worker: 73 s against 17 s, all of
 * Chromium 167 s against 115 s), and on CI's two cores the browser tests are bound by CPU.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  // A test that passes only on its retry fails the run: flakiness is a defect to fix, not to hide.
  failOnFlakyTests: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT + SLOT}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
    // The app turns antd's animations off for it: a click in a dialog still zooming in was lost on a busy machine.
    reducedMotion: 'reduce',
    // Blocked, except where the offline specs test the worker (test.use there): registered in every test's new context,
    // it precached the whole build (some 340 scripts and styles) each time, a fifth of the browser tests' wall time.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // A fake microphone, allowed without a prompt: the chat's voice message records from it.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        // V8's interpreter and baseline compiler only: a test's page lives seconds, and the optimising compilers' work
        // (TurboFan, Maglev) did not pay for itself there. a11y, dispatch-board and projects on one worker, paired runs
        // (load 6): Chromium's CPU 172 s -> 112 s and 104 s, the run 3.5 min -> 2.5 and 2.6 min. Three menu walks beside
        // a soak: 37 s in two runs against 44 s in four (all Chromium's processes; runs of one kind spread ±12 %).
        '--js-flags=--no-opt --no-maglev',
      ],
    },
  },
  webServer: Array.from({ length: WORKERS }, (_, i) => ({
    command: 'node server.mjs',
    url: `http://localhost:${PORT + i}/api/version/info`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { E2E_PORT: String(PORT + i) },
    // The app logs at warn (server.mjs): a request that hangs is named in the run's output (platform/ops.ts).
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM, not the default SIGKILL: the app then stops its embedded PostgreSQL before exiting.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
  })),
});
