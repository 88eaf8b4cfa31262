/**
 * Imports point down (docs/architecture.md). Each top-level part of src/ sits in a layer; a module
 * imports from its own part or from a lower layer, never from a higher one or a peer in its own
 * layer. Inside src/domain each capability is a part of its own: it imports another capability
 * only through that capability's index.ts, and nothing outside src/domain. Code outside src/domain
 * also reaches a capability through its index.ts. The rule resolves relative specifiers against the
 * importing file, so it judges where an import lands, not how it is spelt; it has no exceptions.
 */
const path = require('node:path');

const srcRoot = path.resolve(__dirname, '..', 'src');

/** From the bottom up; parts in one row are peers and may not import each other. */
const layers = [
  ['domain', 'generated', 'config'],
  ['logger', 'observability'],
  ['db', 'storage'],
  ['reference', 'jobs'],
  ['http'],
  ['handlers', 'web'],
  ['hosts'],
  ['server', 'process-lifecycle'],
  ['main', 'worker', 'admin-cli'],
];
const rankOf = new Map(layers.flatMap((row, rank) => row.map((part) => [part, rank])));

/** `src/handlers/x.ts` → `handlers`; `src/main.ts` → `main`; null outside src. */
function partOf(file) {
  const relative = path.relative(srcRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [first] = relative.split(path.sep);
  return first.replace(/\.(ts|js|mjs|cjs)$/, '');
}

/** `src/domain/tariff/engine/x.ts` → `tariff`; null outside src/domain. */
function capabilityOf(file) {
  const relative = path.relative(path.join(srcRoot, 'domain'), file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0].replace(/\.ts$/, '');
}

/** A specifier that names a capability's facade: `src/domain/<capability>` or `…/<capability>/index`. */
function isFacade(target, capability) {
  const facade = path.join(srcRoot, 'domain', capability);
  const bare = target.replace(/\.(ts|js)$/, '');
  return bare === facade || bare === path.join(facade, 'index');
}

function problem(file, target) {
  const from = partOf(file);
  const to = partOf(target);
  if (from === null || to === null) return null;
  const where = (p) => path.relative(path.dirname(srcRoot), p);
  if (!rankOf.has(from))
    return `${where(file)}: src/${from} is not in the layer table (eslint-rules/import-layers.cjs, docs/architecture.md)`;
  if (!rankOf.has(to))
    return `src/${to} is not in the layer table (eslint-rules/import-layers.cjs, docs/architecture.md)`;
  if (from === 'domain' && to === 'domain') {
    const a = capabilityOf(file);
    const b = capabilityOf(target);
    if (a !== b && !isFacade(target, b))
      return `domain/${a} reaches into domain/${b}: import '${where(path.join(srcRoot, 'domain', b))}' (its index.ts) instead`;
    return null;
  }
  if (from === to) return null;
  if (rankOf.get(to) >= rankOf.get(from)) {
    const how = rankOf.get(to) === rankOf.get(from) ? 'a peer in the same layer' : 'a higher layer';
    return `${from}/ may not import ${to}/ (${how}): imports point down (docs/architecture.md)`;
  }
  if (to === 'domain' && !isFacade(target, capabilityOf(target))) {
    return `${from}/ reaches into domain/${capabilityOf(target)}: import its index.ts instead`;
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports point down the layers of src/ (docs/architecture.md)' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (partOf(file) === null) return {};
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const message = problem(file, path.resolve(path.dirname(file), source.value));
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      TSImportType: (node) => check(node, node.argument && node.argument.literal),
      'CallExpression[callee.name="require"]': (node) => check(node, node.arguments[0]),
    };
  },
};

module.exports = { rule, layers };
