// The house's rules (docs/architecture.md, "Layers and doors"), checked by `npm run lint`. Fix the design, never a rule.
const S = '^apps/server/src/';
const W = '^apps/web/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'No file reaches itself again through its imports.', from: {}, to: { circular: true } },
    {
      name: 'server-lower-floors-import-no-module',
      severity: 'error',
      comment: 'config, db and platform sit below the modules: what they need of one is registered by its wiring.',
      from: { path: `${S}(config\\.ts|db/|platform/)` },
      to: { path: `${S}(modules/|demo/|[^/]+\\.ts$)`, pathNot: `${S}config\\.ts$` },
    },
    {
      name: 'server-db-below-platform',
      severity: 'error',
      comment: 'db is the floor under platform.',
      from: { path: `${S}(config\\.ts|db/)` },
      to: { path: `${S}platform/` },
    },
    {
      name: 'server-module-through-its-door',
      severity: 'error',
      comment: "Another module's files are reached only through its index.ts.",
      from: { path: `${S}modules/([^/]+)/` },
      to: { path: `${S}modules/[^/]+/`, pathNot: [`${S}modules/$1/`, `${S}modules/[^/]+/index\\.ts$`] },
    },
    {
      name: 'server-composition-through-doors',
      severity: 'error',
      comment: 'The composition (app, main, migrate, seed, demo/, modules/index, wiring) reaches modules through their index.ts too.',
      from: { path: `${S}`, pathNot: `${S}modules/[^/]+/` },
      to: { path: `${S}modules/[^/]+/`, pathNot: `${S}modules/[^/]+/index\\.ts$` },
    },
    {
      name: 'server-composition-on-top',
      severity: 'error',
      comment: 'Nothing in a module imports the composition (app, main, migrate, seed, the demo, the module list, wiring).',
      from: { path: `${S}modules/[^/]+/` },
      to: { path: `${S}([^/]+\\.ts$|demo/|modules/[^/]+\\.ts$)`, pathNot: `${S}config\\.ts$` },
    },
    {
      name: 'web-app-imported-by-nobody',
      severity: 'error',
      comment: 'app/ is the composition root.',
      from: { path: W, pathNot: `${W}app/` },
      to: { path: `${W}app/` },
    },
    {
      name: 'web-shell-imports-no-feature',
      severity: 'error',
      comment: 'Features reach the shell through the slots app/ fills.',
      from: { path: `${W}shell/` },
      to: { path: `${W}features/` },
    },
    {
      name: 'web-lib-and-components-below',
      severity: 'error',
      comment: 'lib and components are shared below the shell and the features.',
      from: { path: `${W}(lib|components)/` },
      to: { path: `${W}(shell|features|app)/` },
    },
    {
      name: 'web-feature-through-its-door',
      severity: 'error',
      comment: "Another feature's files are reached only through its index.ts.",
      from: { path: `${W}features/([^/]+)/` },
      to: { path: `${W}features/[^/]+/`, pathNot: [`${W}features/$1/`, `${W}features/[^/]+/index\\.tsx?$`] },
    },
    {
      name: 'shared-imports-no-app',
      severity: 'error',
      comment: 'packages/shared is pure and knows neither side.',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'sides-apart',
      severity: 'error',
      comment: 'The server and the web app share only packages/shared.',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/(server|web)/', pathNot: '^apps/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests and their fixtures may open any file they test; the rules are about the product's own arrows.
    exclude: { path: '(\\.test\\.tsx?|\\.spec\\.ts|\\.fixtures\\.ts)$|/test/|/testing\\.ts$|test-helpers\\.ts$|node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
