// Vite build step: writes sw.js, the service worker of the installable app (docs/phone.md "离线使用"), from
// scripts/sw-worker.js with this build's hash and the app shell to precache: index.html, the entry chunk and the
// chunks and styles it imports, the manifest and the icons. Lazy pages are cached as they are opened.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const PUBLIC_FILES = ['/manifest.webmanifest', '/icon.svg', '/icon-192.png', '/icon-512.png'];

export function serviceWorker(): Plugin {
  return {
    name: 'sk-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const shell = new Set<string>(['/index.html', ...PUBLIC_FILES]);
      const visit = (name: string) => {
        const chunk = bundle[name];
        if (!chunk || shell.has(`/${name}`)) return;
        shell.add(`/${name}`);
        if (chunk.type !== 'chunk') return;
        for (const css of chunk.viteMetadata?.importedCss ?? []) shell.add(`/${css}`);
        for (const dep of chunk.imports) visit(dep);
      };
      for (const [name, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(name);
      const precache = [...shell].sort();
      const build = createHash('sha256').update(Object.keys(bundle).sort().join('\n')).digest('hex').slice(0, 12);
      const worker = readFileSync(path.join(import.meta.dirname, 'sw-worker.js'), 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `const BUILD = ${JSON.stringify(build)};\nconst PRECACHE = ${JSON.stringify(precache)};\n${worker}`,
      });
    },
  };
}
