/** Architecture rules, checked in CI (`npm run depcheck`). */

/**
 * Rules that make the folders under `root` depend one way: each imports only folders listed before
 * it, so no chain of imports can lead back. A loop needs one import against the order, and
 * `no-circular` would miss it unless it also ran between files. The order is written down because
 * dependency-cruiser's folder-level cycle check compares folders of one depth only and so misses a
 * loop such as `access/` → `keys/domain/` → … → `access/`. A folder missing from the list fails,
 * so a new one is placed when it is made.
 */
function dependOneWay(name, root, lowestFirst) {
  const rules = lowestFirst.slice(0, -1).map((folder, index) => ({
    name,
    comment: `${root}/${folder} imports none of the folders listed after it.`,
    severity: 'error',
    from: { path: `^${root}/${folder}/` },
    to: { path: `^${root}/(${lowestFirst.slice(index + 1).join('|')})/` },
  }));
  rules.push({
    name,
    comment: `Every folder of ${root} has its place in the order.`,
    severity: 'error',
    from: { path: `^${root}/[^/]+/`, pathNot: `^${root}/(${lowestFirst.join('|')})/` },
    to: {},
  });
  return rules;
}

module.exports = {
  forbidden: [
    // Lowest first. The platform stands beside the contexts and imports none of them (below).
    ...dependOneWay('contexts-depend-one-way', 'libs', [
      'shared',
      'jobs',
      'platform',
      'organisations',
      'practitioners',
      'membership',
      'wallet',
      'events',
      'scheduling',
      'payments-and-claims',
      'notifications',
      'composition',
    ]),
    ...dependOneWay('platform-folders-depend-one-way', 'libs/platform/src', ['health', 'metrics', 'keys', 'rate-limit', 'access', 'idempotency', 'api-keys']),
    // Payments' rooms, lowest first: the ledger holds every record of money and claims and the one
    // repository that writes them together; each room above it is one capability.
    ...dependOneWay('payments-rooms-depend-one-way', 'libs/payments-and-claims/src', [
      'ledger',
      'invoices',
      'claims',
      'card-payments',
      'payment-links',
      'checkout',
      'payouts',
      'remittances',
      'stripe',
      'http',
    ]),
    {
      name: 'domain-is-plain-typescript',
      comment: 'A domain/ folder imports no framework, ORM or HTTP library.',
      severity: 'error',
      from: { path: '^libs/.+/domain/' },
      to: { path: 'node_modules/(@nestjs|@mikro-orm|express|class-validator|class-transformer|pg)/' },
    },
    {
      name: 'domain-uses-only-plain-shared',
      comment: 'A domain/ folder reaches the shared library only through @app/shared/domain.',
      severity: 'error',
      from: { path: '^libs/.+/domain/' },
      to: { path: '^libs/shared/src/', pathNot: '^libs/shared/src/domain/' },
    },
    {
      name: 'contexts-meet-through-index',
      comment:
        "A context reaches another only through that context's index.ts, and its http layer also through the other's http/index.ts (the response DTOs its answers embed).",
      severity: 'error',
      from: { path: '^libs/([^/]+)/src/' },
      to: { path: '^libs/([^/]+)/src/', pathNot: ['^libs/$1/src/', '^libs/[^/]+/src/index\\.ts$', '^libs/[^/]+/src/http/index\\.ts$', '^libs/shared/src/'] },
    },
    {
      name: 'application-reads-through-ports',
      comment:
        "An application/ folder, and the composition root outside an infrastructure/ folder, reads through query ports: SqlReader, and @app/shared/sql that exports it, are infrastructure's. The shared index does not export the reader.",
      severity: 'error',
      from: {
        path: ['^libs/.+/application/', '^libs/composition/src/'],
        pathNot: ['^libs/composition/src/infrastructure/', '^libs/composition/src/.+/infrastructure/'],
      },
      to: { path: '^libs/shared/src/sql/(sql-reader|index)\\.ts$' },
    },
    {
      name: 'only-http-imports-http',
      comment:
        "domain/, application/ and infrastructure/ never import an http/ folder (their own or another context's): use cases return views, the http layer renders them.",
      severity: 'error',
      from: { path: ['^libs/[^/]+/src/(domain|application|infrastructure)/', '^libs/platform/src/[^/]+/(domain|application|infrastructure)/'] },
      to: { path: ['^libs/[^/]+/src/http/', '^libs/platform/src/[^/]+/http/'], pathNot: '^libs/shared/src/http/' },
    },
    {
      name: 'index-exports-no-dto',
      comment: "A context's index.ts (what other contexts' code may call) exports nothing from its http/ folder: no DTO crosses a context that way.",
      severity: 'error',
      from: { path: '^libs/[^/]+/src/index\\.ts$' },
      to: { path: ['^libs/[^/]+/src/http/', '^libs/platform/src/[^/]+/http/'], pathNot: '^libs/shared/src/http/' },
    },
    {
      name: 'platform-depends-on-no-context',
      comment: 'The platform (keys, access, limits) asks contexts through ports the composition root binds.',
      severity: 'error',
      from: { path: '^libs/platform/' },
      to: { path: '^libs/', pathNot: ['^libs/platform/', '^libs/shared/'] },
    },
    {
      name: 'libs-do-not-reach-into-the-app',
      severity: 'error',
      from: { path: '^libs/' },
      to: { path: '^apps/' },
    },
    {
      name: 'scripts-do-not-import-bench',
      comment: 'The bench uses the scripts (building, memory settings), never the other way round.',
      severity: 'error',
      from: { path: '^scripts/' },
      to: { path: '^bench/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^dist/|\\.spec\\.ts$|\\.int-spec\\.ts$)' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
