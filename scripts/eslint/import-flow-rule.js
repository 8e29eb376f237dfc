// Keeps imports flowing one way (docs/client-core.md, "Layers"):
//   src: app -> features -> domain -> core | ui | locales -> generated (domain: the room and people rules every
//   feature shares, docs/client-core.md)
//   a feature never imports another feature: what two need lives below them, and src/app composes one into
//   another (docs/client-core.md, "Layers");
//   server/ and src/ never import each other; nothing outside generator/, tests/ and scripts/ imports generator/.
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/** @param {string} specifier @param {string} importerFile @returns {string | null} absolute path or null for packages */
function resolveSpecifier(specifier, importerFile) {
  if (specifier.startsWith('@generated/')) return path.join(repoRoot, 'generated', specifier.slice('@generated/'.length));
  if (specifier.startsWith('@variant/')) return path.join(repoRoot, 'generated', 'variants', '_', specifier.slice('@variant/'.length));
  if (specifier.startsWith('@src/')) return path.join(repoRoot, 'src', specifier.slice('@src/'.length));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(importerFile), specifier);
  return null;
}

/** @param {string} absolutePath @returns {{top: string, layer: string, feature?: string}} */
function classify(absolutePath) {
  const parts = path.relative(repoRoot, absolutePath).split(path.sep);
  const top = parts[0] ?? '';
  if (top !== 'src') return { top, layer: top };
  const layer = parts[1] ?? '';
  if (layer === 'features') return { top, layer, feature: parts[2] };
  return { top, layer };
}

const srcLayerMayImport = {
  app: new Set(['app', 'features', 'domain', 'core', 'ui', 'locales', 'styles']),
  features: new Set(['features', 'domain', 'core', 'ui', 'locales', 'styles']),
  domain: new Set(['domain', 'core', 'locales']),
  core: new Set(['core', 'locales']),
  ui: new Set(['ui', 'core', 'locales', 'styles']),
  locales: new Set(['locales']),
  styles: new Set(['styles']),
};

/** @returns {string | null} the reason the import is refused */
function violation(from, to) {
  if (to.top === 'generator' && !['generator', 'tests', 'scripts'].includes(from.top)) {
    return 'only generator/, tests/ and scripts/ may import generator/';
  }
  if (from.top === 'server' && to.top === 'src') return 'server/ must not import src/';
  if (from.top === 'src' && to.top === 'server') return 'src/ must not import server/';
  if (from.top === 'generated' && to.top === 'src' && !to.layer.startsWith('app')) {
    return 'generated/ may only import the src/app entry';
  }
  if (from.top !== 'src' || to.top !== 'src') return null;
  const allowed = srcLayerMayImport[from.layer];
  if (allowed && !allowed.has(to.layer)) return `src/${from.layer} must not import src/${to.layer}`;
  if (from.layer === 'features' && to.layer === 'features' && from.feature !== to.feature) {
    return `feature '${from.feature}' must not import feature '${to.feature}' (compose them in src/app)`;
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const importFlowRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports flowing one way between the layers of the repository' },
    schema: [],
    messages: { refused: 'Import of "{{specifier}}" refused: {{reason}}.' },
  },
  create(context) {
    const importerFile = context.filename;
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const target = resolveSpecifier(specifier, importerFile);
      if (!target) return;
      const reason = violation(classify(importerFile), classify(target));
      if (reason) context.report({ node, messageId: 'refused', data: { specifier, reason } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export const importFlowPlugin = { rules: { 'import-flow': importFlowRule } };
