// ESLint rule for the web app's layering (bulletproof-react style):
//   shared (components, config, lib, testing) -> features -> app
// - a feature never imports another feature;
// - shared code never imports a feature or the app;
// - a feature never imports the app.
// Imports are resolved from `@/x` (alias of web/src) and from relative paths.
import path from 'node:path';

const SHARED = new Set(['components', 'config', 'lib', 'assets', 'styles']);
// testing/ (render helpers) may use app/ providers, but like shared code never a feature.

/** @param {string} file absolute path; @returns {{layer: string, feature?: string} | null} */
function classify(file) {
  const marker = `${path.sep}web${path.sep}src${path.sep}`;
  const at = file.lastIndexOf(marker);
  if (at < 0) return null;
  const parts = file.slice(at + marker.length).split(path.sep);
  if (parts[0] === 'features') return { layer: 'feature', feature: parts[1] };
  if (parts[0] === 'app') return { layer: 'app' };
  if (parts[0] === 'testing') return { layer: 'testing' };
  if (SHARED.has(parts[0] ?? '')) return { layer: 'shared' };
  return { layer: 'root' };
}

function resolveTarget(fromFile, source) {
  if (source.startsWith('@/')) {
    const marker = `${path.sep}web${path.sep}src${path.sep}`;
    const root = fromFile.slice(0, fromFile.lastIndexOf(marker) + marker.length);
    return path.join(root, source.slice(2));
  }
  if (source.startsWith('.')) return path.resolve(path.dirname(fromFile), source);
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep features independent and shared code free of features' },
    schema: [],
    messages: {
      crossFeature:
        "Feature '{{from}}' must not import feature '{{to}}'; move shared code to components/ or lib/, or compose them in app/.",
      sharedToFeature: "Shared code must not import from features/ or app/ ('{{source}}').",
      featureToApp: "A feature must not import from app/ ('{{source}}').",
    },
  },
  create(context) {
    const file = context.filename;
    const from = classify(file);
    if (!from) return {};
    function check(node) {
      const source = node.source && node.source.value;
      if (typeof source !== 'string') return;
      const target = resolveTarget(file, source);
      if (!target) return;
      const to = classify(target + path.sep + 'x');
      if (!to) return;
      if (from.layer === 'feature' && to.layer === 'feature' && to.feature !== from.feature) {
        context.report({
          node,
          messageId: 'crossFeature',
          data: { from: from.feature, to: to.feature },
        });
      } else if (
        (from.layer === 'shared' && (to.layer === 'feature' || to.layer === 'app')) ||
        (from.layer === 'testing' && to.layer === 'feature')
      ) {
        context.report({ node, messageId: 'sharedToFeature', data: { source } });
      } else if (from.layer === 'feature' && to.layer === 'app') {
        context.report({ node, messageId: 'featureToApp', data: { source } });
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (node) => check({ source: node.source }),
    };
  },
};

export const featureBoundaries = { rules: { 'feature-boundaries': rule } };
