// The layering of src/, checked by `npm run check` (depcruise). Layers, bottom up:
//   infrastructure  common, config, database, redis, jobs, web, work-pool (the worker threads)
//   framework       mcp (the tool contract and endpoint), providers (the third-party HTTP client),
//                   outbound (the SSRF-safe fetcher of callers' links)
//   domain modules  accounts, oauth, firms, workspaces, analysis (the engine), documents (the store,
//                   read by the engine), document-analysis (the tools), billing, ...
//   edges           discovery, health, cli, app.*, main.ts: composition roots, may import anything
// A module reaches another only through its public surface (below); the database layer may list
// every module's entities, which is the one upward import allowed. No two folders import each other
// (src/cli/folder-layers.reporter.mjs, the second half of `npm run lint:deps`).
const INFRASTRUCTURE = '(common|config|database|redis|jobs|web|work-pool)';
const FRAMEWORK = '(mcp|providers|outbound)';
const EDGES = '(discovery|health|cli)';

/**
 * What another module may import: its Nest module, its exported services and guards, decorators,
 * DTOs, entities (for entity lists and relations), exceptions, and the few files that publish
 * types or constants other modules are built on.
 */
const PUBLIC_SURFACE = [
  '[.](module|service|guard|decorator|entity|exception|exceptions|interceptors?|counter|schema)[.]ts$',
  '/dto/',
  '^src/oauth/tokens/principal[.]ts$',
  '^src/mcp/tools/tool-call[.]ts$',
  // The engine's port, its result vocabulary and the page layout documents store (the engine's
  // module and AnalysisService match the general patterns above).
  '^src/analysis/(analysis-engine[.]port|analysis[.]types|page-layout)[.]ts$',
  '^src/jobs/periodic-tasks[.]ts$',
  '^src/jobs/durable-queue[.]ts$',
  // The third-party HTTP client that provider adapters are built on (ProviderHttpClients hands it out).
  '^src/providers/http/provider-http-clients?[.]ts$',
  '^src/web/',
  '^src/common/',
  '^src/config/',
  '^src/database/',
  '^src/redis/',
  '^src/work-pool/',
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules form a tree: no import cycle.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'infrastructure-imports-no-module-above',
      severity: 'error',
      comment: 'Infrastructure serves every module and knows none, except the entity lists of the database layer.',
      from: { path: `^src/${INFRASTRUCTURE}/` },
      to: { path: '^src/', pathNot: [`^src/${INFRASTRUCTURE}/`, '[.]entity[.]ts$'] },
    },
    {
      name: 'mcp-tools-imports-no-domain-module',
      severity: 'error',
      comment: 'The tool contract depends on nothing a tool is written in: tools declare, the steps act.',
      from: { path: '^src/mcp/tools/' },
      to: { path: '^src/', pathNot: ['^src/(common|config|database)/', '^src/mcp/tools/'] },
    },
    {
      name: 'framework-imports-no-domain-module',
      severity: 'error',
      comment: 'The MCP endpoint and the provider client serve the domain modules; only authentication (oauth/tokens) is below them.',
      from: { path: `^src/${FRAMEWORK}/` },
      to: { path: '^src/', pathNot: [`^src/${INFRASTRUCTURE}/`, `^src/${FRAMEWORK}/`, '^src/oauth/tokens/'] },
    },
    {
      name: 'no-reaching-into-another-module',
      severity: 'error',
      comment: 'A module uses another through its public surface (PUBLIC_SURFACE), never its internals.',
      from: { path: '^src/([^/]+)/', pathNot: [`^src/${EDGES}/`] },
      to: { path: '^src/[^/]+/', pathNot: ['^src/$1/', ...PUBLIC_SURFACE] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^src/api-metadata[.]ts$', '[.]spec[.]ts$'] },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
