// npm start: builds the web app once if no build exists, then runs the server (TypeScript through tsx)
// in production mode unless NODE_ENV says otherwise.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { register } from 'tsx/esm/api';

if (!process.env.WEB_DIST && !existsSync('apps/web/dist/index.html')) {
  console.info('首次启动：正在构建前端（apps/web/dist）…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
process.env.NODE_ENV ??= 'production';
register();
await import('../apps/server/src/main.ts');
