import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { layers } from '../../test-support/eslint-layers.js';

/**
 * The layers rule (test-support/eslint-layers.js), on a made-up tree: the files need not exist,
 * the rule only resolves the paths imports name. eslint.config.js applies it to functions/src.
 */
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
});

const options = [
  {
    root: 'app/src',
    layers: ['index.ts', 'handlers', ['checkout', 'migrations'], 'orders', 'lib'],
    aliases: { '@/': 'app/src/' },
  },
];

const ordersToCheckout = { from: 'orders', to: 'checkout' };

/** A file of the made-up tree, as ESLint names it. */
const file = (relative: string) => path.join(process.cwd(), 'app/src', relative);

tester.run('layers', layers.rules.layers, {
  valid: [
    // Down: an edge file to a service and to lib, a service to the one below it.
    {
      filename: file('handlers/refund.ts'),
      code: "import { refund } from '../orders/refunds';\nimport { log } from '../lib/log';",
      options,
    },
    {
      filename: file('checkout/create.ts'),
      code: "import type { OrderDoc } from '../orders/record';\nexport * from '../lib/errors';",
      options,
    },
    // Within its own folder, and to the root's wiring from above.
    { filename: file('orders/refunds.ts'), code: "import { a } from './record';", options },
    { filename: file('index.ts'), code: "export { refund } from './handlers/refund';", options },
    // Down through an alias, and a lazy import.
    {
      filename: file('handlers/refund.ts'),
      code: "import { log } from '@/lib/log';\nconst later = () => import('../orders/refunds');",
      options,
    },
    // Packages and files outside the root are not the rule's concern.
    {
      filename: file('lib/log.ts'),
      code: "import { z } from 'zod';\nimport { paths } from '@portal/domain';\nimport fs from 'node:fs';",
      options,
    },
    {
      filename: path.join(process.cwd(), 'app/test/refunds.test.ts'),
      code: "import { refund } from '../src/orders/refunds';",
      options,
    },
  ],
  invalid: [
    // Up: lib importing a service, a service importing the edge (also through an alias).
    {
      filename: file('lib/context.ts'),
      code: "import { stripeClient } from '../orders/stripe-client';",
      options,
      errors: [
        {
          messageId: 'upward',
          data: { from: 'lib', to: 'orders', source: '../orders/stripe-client' },
        },
      ],
    },
    {
      filename: file('orders/refunds.ts'),
      code: "import { supportOf } from '@/handlers/site';",
      options,
      errors: [
        {
          messageId: 'upward',
          data: { from: 'orders', to: 'handlers', source: '@/handlers/site' },
        },
      ],
    },
    // A type-only import, a re-export and a lazy import count like any other.
    {
      filename: file('orders/record.ts'),
      code: [
        "import type { CheckoutSource } from '../checkout/lines';",
        "export { session } from '../checkout/session';",
        "const later = () => import('../checkout/create');",
      ].join('\n'),
      options,
      errors: [
        { messageId: 'upward', data: { ...ordersToCheckout, source: '../checkout/lines' } },
        { messageId: 'upward', data: { ...ordersToCheckout, source: '../checkout/session' } },
        { messageId: 'upward', data: { ...ordersToCheckout, source: '../checkout/create' } },
      ],
    },
    // The wiring file is the top layer: nothing imports it.
    {
      filename: file('handlers/refund.ts'),
      code: "import { app } from '../index';",
      options,
      errors: [
        { messageId: 'upward', data: { from: 'handlers', to: 'index.ts', source: '../index' } },
      ],
    },
    // Two folders of one rank stay independent.
    {
      filename: file('migrations/refunds.ts'),
      code: "import { readCheckout } from '../checkout/record';",
      options,
      errors: [
        {
          messageId: 'sibling',
          data: { from: 'migrations', to: 'checkout', source: '../checkout/record' },
        },
      ],
    },
    // A folder the order does not name, as the file's home and as an import's target.
    {
      filename: file('reports/daily.ts'),
      code: "import { log } from '../lib/log';",
      options,
      errors: [{ messageId: 'unplacedFile', data: { name: 'reports', root: 'app/src' } }],
    },
    {
      filename: file('handlers/daily.ts'),
      code: "import { daily } from '../reports/daily';",
      options,
      errors: [
        {
          messageId: 'unplacedTarget',
          data: { name: 'reports', root: 'app/src', source: '../reports/daily' },
        },
      ],
    },
  ],
});
