import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { featureBoundaries } from './test-support/eslint-feature-boundaries.js';
import { layers } from './test-support/eslint-layers.js';

/** The repository's own rules: portal/feature-boundaries, portal/layers. */
const portal = { rules: { ...featureBoundaries.rules, ...layers.rules } };

/**
 * The layers of functions/src from the top down (docs/architecture.md, "The functions"): the
 * wiring, the edge, the services, lib. A file imports its own folder and the layers below it;
 * folders that share a line are independent. A new folder gets its place here. Quotes sit above
 * checkout and terms (accepting one opens a checkout or places an order on terms), but the
 * quote's record and its moves inside the order's transactions (quote-payments.ts) sit below
 * them: checkout's webhook and terms' booking accept the quote in their own commit.
 */
const FUNCTIONS_LAYERS = [
  'index.ts',
  'handlers',
  ['stripe-events', 'migrations'],
  'order-lists',
  'quotes',
  'claims',
  'terms',
  'checkout',
  ['standing-orders', 'accounts', 'newsletter'],
  'tax',
  'companies',
  'quotes/quote-payments',
  'orders',
  'store-credit',
  'stock-alerts',
  'mail',
  ['stripe', 'insights', 'catalog', 'pricing', 'site-content', 'photos', 'quotes/quote-record'],
  'lib',
];

/**
 * The web app's layers, from the top down: the entry, the app shell and routes, the features
 * (which never import each other: portal/feature-boundaries), the entities (one home per kind of
 * Firestore document), then the shared UI kit, then the shared code below it.
 */
const WEB_LAYERS = [
  'main.tsx',
  'app',
  'features',
  'entities',
  'components',
  'lib',
  'config',
  ['styles', 'build-id.d.ts'],
];

/**
 * The Stripe sandbox's layers, from the top down (emulators/stripe/README.md, "Layout"): the CLI
 * and its flags, the package entry, the hosted pages, the API server (its routes, the sandbox's
 * state), then the API resources, each over the ones it builds on, and core/ under all of them.
 * Folders that share a line are independent. A new folder gets its place here.
 */
const STRIPE_SANDBOX_LAYERS = [
  'cli.ts',
  'cli-options.ts',
  'index.ts',
  'hosted-pages',
  'server',
  'checkout',
  'billing',
  ['customers', 'payments', 'webhooks'],
  'core',
];

/**
 * The Firestore emulator's layers, from the top down (emulators/firestore/README.md, "Layout"):
 * the programs, the package entry, the server, the triggers, then the engine, the protos and the
 * rules engine, and the store under all of them. Folders that share a line are independent. A new
 * folder gets its place here.
 */
const FIRESTORE_EMULATOR_LAYERS = [
  ['build-cli.ts', 'cli.ts', 'firebase-tools', 'storage-rules'],
  'index.ts',
  'server',
  'triggers',
  ['engine', 'proto', 'rules'],
  'store',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'functions/lib/**',
      'coverage/**',
      'e2e/screenshots/**',
      'e2e/artifacts/**',
      // The local stack's run folder: its builds and generated configs (scripts/lib/stack.ts).
      '.portal-run/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-ignore': true, 'ts-expect-error': 'allow-with-description' },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, portal },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'portal/feature-boundaries': 'error',
    },
  },
  {
    // The entities (one home per kind of document) sit between shared code and the features:
    // features and app/ import them, they import neither.
    files: ['web/src/entities/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/|(\\.\\./)+)(features|app)(/|$)',
              message: 'An entity must not import a feature or app/: features compose entities.',
            },
          ],
        },
      ],
    },
  },
  {
    // Shared code (components, config, lib) stays below the entities.
    files: ['web/src/{components,config,lib}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/|(\\.\\./)+)entities(/|$)',
              message: 'Shared code must not import an entity: move it into the entity instead.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests may import anything; the functions' own files only downward.
    files: ['functions/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { portal },
    rules: { 'portal/layers': ['error', { root: 'functions/src', layers: FUNCTIONS_LAYERS }] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.bench.tsx', 'web/src/testing/**'],
    plugins: { portal },
    rules: {
      'portal/layers': [
        'error',
        { root: 'web/src', layers: WEB_LAYERS, aliases: { '@/': 'web/src/' } },
      ],
    },
  },
  {
    // Intl formatters are made on their first use (web/src/lib/intl-formats.ts; the domain's in the
    // function that needs one): a page's first one loads ICU's data, which at a module's top level
    // ran inside the task that evaluates the page's modules, before its first paint.
    files: ['web/src/**/*.{ts,tsx}', 'packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.bench.tsx', 'web/src/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // Any Intl formatter, with or without `new`, made when the module loads: not inside a
          // function, nor in a field each instance sets when it is made. (A function called at
          // the top level, or a top-level toLocaleString, escapes it: neither is in the code.)
          selector: `:matches(NewExpression, CallExpression)[callee.object.name='Intl'][callee.property.name=/^(DateTimeFormat|NumberFormat|Collator|PluralRules|RelativeTimeFormat|ListFormat|DisplayNames|Segmenter|DurationFormat)$/]:not(:function *, PropertyDefinition[static=false] *)`,
          message:
            'Not when the module loads: make it on first use (the web app: dateFormatter or numberFormatter from @/lib/intl-formats).',
        },
        {
          // A page's first collation loads ICU's collation data (about 9 ms of a laptop's main
          // thread in the render that sorts): names are put in order by the domain's compareText
          // (packages/domain/src/text-order.ts), identifiers and ISO dates by compareCodes.
          selector: `:matches(CallExpression[callee.property.name='localeCompare'], :matches(NewExpression, CallExpression)[callee.object.name='Intl'][callee.property.name='Collator'])`,
          message:
            'No collator in the app: compareText (names) or compareCodes (identifiers, ISO dates) from @portal/domain.',
        },
        {
          // A day without a time of day is the business's day (Pacific), the same on every page,
          // document and mail wherever the reader is; one in the device's time zone could name
          // another day than the invoice or the mail (docs/product.md, "Days and times").
          selector: `CallExpression[callee.name='dateFormatter'] > ObjectExpression:not(:has(Property[key.name=/^(timeZone|timeStyle|hour)$/]))`,
          message:
            "A day is the business's: businessDayFormat or businessDayLongFormat from @/lib/intl-formats (or name the time zone).",
        },
        {
          // The device's calendar, read field by field, is a day in the reader's time zone too.
          selector: `CallExpression[arguments.length=0][callee.property.name=/^(getDate|getDay|getMonth|getFullYear|toDateString|toLocaleDateString)$/]`,
          message:
            "A day is the business's: businessDay, businessDayFormat or businessDayLongFormat (or the UTC getters for a calendar day).",
        },
      ],
    },
  },
  {
    // The emulators' own files import only downward; their tests anything.
    files: ['emulators/stripe/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { portal },
    rules: {
      'portal/layers': ['error', { root: 'emulators/stripe/src', layers: STRIPE_SANDBOX_LAYERS }],
    },
  },
  {
    files: ['emulators/firestore/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { portal },
    rules: {
      'portal/layers': [
        'error',
        { root: 'emulators/firestore/src', layers: FIRESTORE_EMULATOR_LAYERS },
      ],
    },
  },
  {
    // The domain package is shared by the browser and the functions: no Firebase, no Node APIs.
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'firebase',
            'firebase/*',
            'firebase-admin',
            'firebase-admin/*',
            'firebase-functions',
            'firebase-functions/*',
            'node:*',
            'stripe',
          ],
        },
      ],
    },
  },
);
