// npm start: builds the web app once if no build exists, builds the server into apps/server/dist when that is missing
// or older than its sources, then runs the compiled server (plain JavaScript, source maps on) in production mode unless
// NODE_ENV says otherwise. `npm run dev` and the tests run the TypeScript through tsx instead.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const serverJs = path.join(root, 'apps/server/dist/main.js');

if (!process.env.WEB_DIST && !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.info('首次启动：正在构建前端（apps/web/dist）…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** The newest modification time of the files below `dir` (tests left out). */
function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile() && !e.name.includes('.test.')) t = Math.max(t, statSync(path.join(e.parentPath, e.name)).mtimeMs);
  }
  return t;
}
const built = existsSync(serverJs) ? statSync(serverJs).mtimeMs : 0;
if (built < Math.max(newest(path.join(root, 'apps/server/src')), newest(path.join(root, 'packages/shared/src')))) {
  console.info('正在构建服务端（apps/server/dist）…');
  const { buildServer } = await import('../apps/server/build.mjs');
  await buildServer();
}
process.env.NODE_ENV ??= 'production';
process.setSourceMapsEnabled(true);
await import(serverJs);
