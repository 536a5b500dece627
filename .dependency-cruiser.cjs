/**
 * The layers of docs/ARCHITECTURE.md, checked on every `npm run lint`: `tsc -b` builds an engine that imports the AI
 * without a word (workspace packages resolve through node_modules whatever the project references say), so the
 * direction of the arrows is enforced here. Each rule names the layer it keeps and what it may not reach.
 */
const ENGINES = '^packages/(hive|junqi|abalone|chinese-checkers)/';
const ABOVE_ENGINES = '^(packages/(ai|games|protocol|server|tournament)|apps)/';

module.exports = {
  forbidden: [
    {
      name: 'core-stands-alone',
      comment: 'packages/core is the contract every game implements: it imports no other workspace package.',
      severity: 'error',
      from: { path: '^packages/core/' },
      to: { path: '^(packages|apps)/', pathNot: '^packages/core/' },
    },
    {
      name: 'engines-on-core-only',
      comment:
        'A rules engine depends on core only: never on the AI, the registry, the protocol, the server or an app.',
      severity: 'error',
      from: { path: ENGINES },
      to: { path: ABOVE_ENGINES },
    },
    {
      name: 'engines-apart',
      comment: 'One engine never imports another: each game is its own package.',
      severity: 'error',
      from: { path: '^packages/([^/]+)/', pathNot: '^packages/(core|ai|games|protocol|server|tournament)/' },
      to: { path: ENGINES, pathNot: '^packages/$1/' },
    },
    {
      name: 'games-registry-below-ai',
      comment: 'The engine-level registry (@qiyuan/games) lists engines: it imports core and the engines only.',
      severity: 'error',
      from: { path: '^packages/games/' },
      to: { path: '^(packages/(ai|protocol|server|tournament)|apps)/' },
    },
    {
      name: 'ai-below-server-and-apps',
      comment: 'The AI plays engines; it never imports the protocol, the server, the tournaments or an app.',
      severity: 'error',
      from: { path: '^packages/ai/' },
      to: { path: '^(packages/(protocol|server|tournament)|apps)/' },
    },
    {
      name: 'tournament-on-core-only',
      comment: 'Pairing and standings are pure functions over core types.',
      severity: 'error',
      from: { path: '^packages/tournament/' },
      to: { path: '^(packages|apps)/', pathNot: '^packages/(core|tournament)/' },
    },
    {
      name: 'protocol-on-core-only',
      comment: 'The wire format is shared by the server and the web app: it knows core types only.',
      severity: 'error',
      from: { path: '^packages/protocol/' },
      to: { path: '^(packages|apps)/', pathNot: '^packages/(core|protocol)/' },
    },
    {
      name: 'packages-below-apps',
      comment: 'No package imports an app: the web app and the CLI sit on top.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-src-not-server',
      comment: "The web app's own code runs in the browser: the server is for its tests only.",
      severity: 'error',
      from: { path: '^apps/web/src/' },
      to: { path: '^(packages/server|apps/cli)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    // a workspace package is reached through its node_modules link: its real path is what the rules read
    preserveSymlinks: false,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
