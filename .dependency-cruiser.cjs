/**
 * What may import what (docs/architecture.md, "Layers"): `npm run lint:deps`, part of `npm run lint`.
 * Imports are resolved as the repository's tests and dev server resolve them: `zap1` by its
 * `zap1-source` condition, to the package's TypeScript sources, so a cycle through the package shows.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-runtime-cycle',
      comment: 'A module never reaches itself again through imports that run (type-only imports aside).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'package-stays-inside',
      comment: 'The zap1 package imports only itself, its dependencies and the platform.',
      severity: 'error',
      from: { path: '^packages/zap1/' },
      to: { pathNot: ['^packages/zap1/', 'node_modules/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'package-by-name',
      comment:
        'Everything else reaches the package by its name (zap1, zap1/verify, …), never by a relative path.',
      severity: 'error',
      from: { pathNot: '^packages/' },
      to: { path: '^packages/', dependencyTypesNot: ['aliased-workspace'] },
    },
    {
      name: 'devchain-stands-alone',
      comment:
        'The development chain is built on the library alone; it knows nothing of the service or the app.',
      severity: 'error',
      from: { path: '^devchain/' },
      to: { path: '^(server|src|test|e2e|bench)/' },
    },
    {
      name: 'service-starts-devchain-in-one-place',
      comment: 'The service reaches the development chain only where it starts it (its tests may drive it).',
      severity: 'error',
      from: {
        path: '^server/',
        pathNot: ['^server/anchor/runtime\\.ts$', '\\.test\\.ts$', 'test-helpers\\.ts$'],
      },
      to: { path: '^devchain/' },
    },
    {
      name: 'app-not-service',
      comment: 'The app and the service share code only through the package.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(server|devchain)/' },
    },
    {
      name: 'service-not-app',
      severity: 'error',
      from: { path: '^(server|devchain)/' },
      to: { path: '^src/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|dist-server|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.server-test.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['zap1-source', 'import', 'types', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
