// For the tests of the start-up warm-up. The web tests share a worker between files (isolate: false): a page chunk a
// warm-up started loading must finish in the file that started it. Left pending, it is still being imported when that
// file's DOM is torn down, and the worker then fails the files it runs next (CI of stop 54: nine files, no test run).
import { matchPath } from 'react-router';

/** Waits until the pages of these addresses have loaded their code (the routes of the module graph now current). */
export async function settlePreloads(paths: string[]): Promise<void> {
  const { layoutRoutes } = await import('./routes');
  const routes = layoutRoutes().filter((r) => paths.some((p) => matchPath({ path: r.path, caseSensitive: false }, p)));
  await Promise.all(routes.map((r) => r.page.preload()));
}
