// ESLint rule: the folders under a root sit in declared layers, and imports only go down.
//
// Options: { root, layers, aliases? }
// - root: the folder whose children are layered, relative to the working directory
//   (e.g. 'functions/src').
// - layers: from the top down, each a folder or a file directly under the root ('handlers',
//   'index.ts'), or a path below it ('lib/testing'), or a list of such names sharing one rank.
// - aliases: import prefixes and the folder each stands for, relative to the working directory
//   (e.g. { '@/': 'web/src/' }).
// A file may import the files of its own entry and those of lower ranks. It may not import a
// higher rank, nor another entry of its own rank (entries sharing a rank are independent). A file
// or an import target under the root that no entry names is reported too, so a new folder gets a
// place in the order. Relative imports and aliases are resolved; packages and files outside the
// root are not this rule's concern. Type-only imports count like the others.
import path from 'node:path';

const EXTENSION = /\.(?:[cm]?[jt]sx?)$/;

/** A path relative to the root, with '/' separators and no source extension. */
function key(relative) {
  return relative.split(path.sep).join('/').replace(EXTENSION, '');
}

/** The layer entries with their ranks, most specific first. */
function entriesOf(layers) {
  const entries = [];
  layers.forEach((layer, rank) => {
    for (const name of Array.isArray(layer) ? layer : [layer]) {
      entries.push({ name, key: key(path.normalize(name)), rank });
    }
  });
  return entries.sort((a, b) => b.key.length - a.key.length);
}

/**
 * The entry a path belongs to: the entry that names it or one of its folders. Null when no
 * entry does; undefined when the path is not under the root.
 */
function entryOf(entries, rootDir, file) {
  const relative = path.relative(rootDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  // The root itself, imported as a folder, is its index file.
  const target = key(relative) || 'index';
  return (
    entries.find((entry) => target === entry.key || target.startsWith(`${entry.key}/`)) ?? null
  );
}

/** The first entry under the root that a path names (for the message about an unplaced one). */
function firstSegment(rootDir, file) {
  return path.relative(rootDir, file).split(path.sep)[0] || 'index';
}

/** The absolute path an import names, or null for a package. */
function resolveImport(cwd, fromFile, source, aliases) {
  for (const [prefix, folder] of Object.entries(aliases)) {
    if (source === prefix.replace(/\/$/, '') || source.startsWith(prefix)) {
      return path.resolve(cwd, folder, source.slice(prefix.length));
    }
  }
  if (source.startsWith('.')) return path.resolve(path.dirname(fromFile), source);
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep the folders under a root in declared layers: imports only go down' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string', minLength: 1 },
          layers: {
            type: 'array',
            minItems: 1,
            items: {
              anyOf: [
                { type: 'string', minLength: 1 },
                { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
              ],
            },
          },
          aliases: { type: 'object', additionalProperties: { type: 'string' } },
        },
        required: ['root', 'layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      upward:
        "'{{from}}' must not import '{{to}}' ('{{source}}'): {{to}} is a higher layer. Move the code both need down, or the caller up.",
      sibling:
        "'{{from}}' must not import '{{to}}' ('{{source}}'): they share a layer and stay independent. Move the code both need down, or give them an order.",
      unplacedFile:
        "'{{name}}' has no place in the layers of {{root}}: add it to the rule's order.",
      unplacedTarget:
        "'{{source}}' is in '{{name}}', which has no place in the layers of {{root}}: add it to the rule's order.",
    },
  },
  create(context) {
    const { root, layers, aliases = {} } = context.options[0];
    const cwd = context.cwd;
    const rootDir = path.resolve(cwd, root);
    const file = path.resolve(cwd, context.filename);
    const entries = entriesOf(layers);
    const from = entryOf(entries, rootDir, file);
    if (from === undefined) return {};

    function check(node, source) {
      if (typeof source !== 'string') return;
      const target = resolveImport(cwd, file, source, aliases);
      if (!target) return;
      const to = entryOf(entries, rootDir, target);
      if (to === undefined || to === from) return;
      if (to === null) {
        const name = firstSegment(rootDir, target);
        context.report({ node, messageId: 'unplacedTarget', data: { source, name, root } });
        return;
      }
      if (!from || to.rank > from.rank) return;
      const data = { from: from.name, to: to.name, source };
      context.report({ node, messageId: to.rank < from.rank ? 'upward' : 'sibling', data });
    }
    const fromSource = (node) => check(node, node.source?.value);

    return {
      Program(node) {
        if (from === null) {
          const name = firstSegment(rootDir, file);
          context.report({ node, messageId: 'unplacedFile', data: { name, root } });
        }
      },
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => check(node, node.source.value),
      // import x = require('...') (TypeScript).
      TSExternalModuleReference: (node) => check(node, node.expression.value),
      CallExpression(node) {
        const [argument] = node.arguments;
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && argument) {
          check(node, argument.value);
        }
      },
    };
  },
};

export const layers = { rules: { layers: rule } };
