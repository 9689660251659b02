/**
 * The server's folders import one way (README, Layout): no folder reaches, directly or around a
 * ring of others, back into one that imports it; nor does any module. `npm run lint` runs this.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycles',
      comment:
        'A folder of apps/server/src may not import, through any path, a folder that imports it.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/server/src/[^/]+' },
      to: { circular: true },
    },
    {
      name: 'no-module-cycles',
      comment:
        'No module imports, through any path of imports that run code, a module that imports it.',
      severity: 'error',
      from: { path: '^apps/server/src/' },
      to: {
        circular: true,
        dependencyTypesNot: ['type-only'],
        viaOnly: { dependencyTypesNot: ['type-only'] },
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
