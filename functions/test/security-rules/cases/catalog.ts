import { paths } from '@portal/domain';
import { ACTORS, type Actor } from '../support/actors';
import type { RuleCase } from '../support/matrix';
import { PRODUCT, validProduct, validSupportItem, validWholesalePrice } from '../support/seed';

/**
 * products/{id} and support_content/{id}: read by approved buyers (active products only) and
 * managers; written by managers with a validated shape. wholesale_prices/{id}: read by approved
 * wholesalers and managers only, written by managers.
 */

const readers: Actor[] = ['retailer', 'wholesaler', 'another', 'manager'];
const nonReaders: Actor[] = ['anonymous', 'pending', 'rejected', 'applicant'];
const nonManagers: Actor[] = [...ACTORS.filter((a) => a !== 'manager'), 'applicant'];
const PRODUCTS = 'products';
const SUPPORT = 'support_content';
const activeOnly = {
  where: [['is_active', '==', true]] as [string, '==', unknown][],
  orderBy: [['sort_order', 'asc']] as [string, 'asc'][],
};

export const productCases: RuleCase[] = [
  // get
  ...readers.map((actor): RuleCase => ({
    actor,
    op: 'get',
    path: paths.product(PRODUCT.active),
    expect: 'allow',
    why: 'active product',
  })),
  ...nonReaders.map((actor): RuleCase => ({
    actor,
    op: 'get',
    path: paths.product(PRODUCT.active),
    expect: 'deny',
    why: 'prices are for approved buyers',
  })),
  ...(['retailer', 'wholesaler', 'another'] as const).map((actor): RuleCase => ({
    actor,
    op: 'get',
    path: paths.product(PRODUCT.inactive),
    expect: 'deny',
    why: 'inactive product',
  })),
  {
    actor: 'manager',
    op: 'get',
    path: paths.product(PRODUCT.inactive),
    expect: 'allow',
    why: 'managers see the whole catalog',
  },

  // list
  ...readers.map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: PRODUCTS,
    query: activeOnly,
    expect: 'allow',
    why: 'the store query',
  })),
  ...nonReaders.map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: PRODUCTS,
    query: activeOnly,
    expect: 'deny',
    why: 'not approved',
  })),
  {
    actor: 'retailer',
    op: 'list',
    path: PRODUCTS,
    query: { where: [['is_active', '==', true]] },
    expect: 'allow',
    why: 'active filter without order (reorder)',
  },
  { actor: 'retailer', op: 'list', path: PRODUCTS, expect: 'deny', why: 'no is_active filter' },
  {
    actor: 'wholesaler',
    op: 'list',
    path: PRODUCTS,
    query: { orderBy: [['sort_order', 'asc']] },
    expect: 'deny',
    why: 'no is_active filter',
  },
  {
    actor: 'another',
    op: 'list',
    path: PRODUCTS,
    query: { where: [['is_active', '==', false]] },
    expect: 'deny',
    why: 'inactive products',
  },
  {
    actor: 'pending',
    op: 'list',
    path: PRODUCTS,
    query: { where: [['is_active', '==', true]], limit: 1 },
    expect: 'deny',
    why: 'a pending user reading prices',
  },
  {
    actor: 'manager',
    op: 'list',
    path: PRODUCTS,
    query: { orderBy: [['sort_order', 'asc']] },
    expect: 'allow',
    why: 'catalog editor',
  },

  // create
  {
    actor: 'manager',
    op: 'create',
    path: paths.product('new-product'),
    data: validProduct(),
    expect: 'allow',
  },
  ...nonManagers.map((actor): RuleCase => ({
    actor,
    op: 'create',
    path: paths.product('new-product'),
    data: validProduct(),
    expect: 'deny',
  })),
  {
    actor: 'manager',
    op: 'create',
    path: paths.product('new-product'),
    data: validProduct({ price_retailer: 34.99 }),
    expect: 'deny',
    why: 'price not in cents',
  },
  {
    actor: 'manager',
    op: 'create',
    path: paths.product('new-product'),
    data: validProduct({ price_retailer: -1 }),
    expect: 'deny',
    why: 'negative price',
  },
  {
    actor: 'manager',
    op: 'create',
    path: paths.product('new-product'),
    data: validProduct({ price_wholesaler: 2799 }),
    expect: 'deny',
    why: 'wholesale price in a product every buyer reads',
  },
  {
    actor: 'manager',
    op: 'create',
    path: paths.product('new-product'),
    data: validProduct({ price_retailer: 10_000_001 }),
    expect: 'deny',
    why: 'price above the maximum',
  },
  {
    actor: 'manager',
    op: 'create',
    path: paths.product('new-product'),
    data: validProduct({ price_retailer: '3499' }),
    expect: 'deny',
    why: 'price as a string',
  },
  {
    actor: 'manager',
    op: 'create',
    path: paths.product('new-product'),
    data: validProduct({ name: '' }),
    expect: 'deny',
    why: 'empty name',
  },
  {
    actor: 'manager',
    op: 'create',
    path: paths.product('new-product'),
    data: validProduct({ name: 'x'.repeat(121) }),
    expect: 'deny',
    why: 'name over 120',
  },
  {
    actor: 'manager',
    op: 'create',
    path: paths.product('new-product'),
    data: validProduct({ description: 'x'.repeat(1001) }),
    expect: 'deny',
    why: 'description over 1000',
  },
  {
    actor: 'manager',
    op: 'create',
    path: paths.product('new-product'),
    data: validProduct({ description: '' }),
    expect: 'allow',
    why: 'empty description',
  },
  {
    actor: 'manager',
    op: 'create',
    path: paths.product('new-product'),
    data: validProduct({ is_active: 'yes' }),
    expect: 'deny',
    why: 'is_active not a bool',
  },
  {
    actor: 'manager',
    op: 'create',
    path: paths.product('new-product'),
    data: validProduct({ sort_order: 1.5 }),
    expect: 'deny',
    why: 'fractional sort_order',
  },
  {
    actor: 'manager',
    op: 'create',
    path: paths.product('new-product'),
    data: validProduct({ featured: true }),
    expect: 'deny',
    why: 'unknown field',
  },
  {
    actor: 'manager',
    op: 'create',
    path: paths.product('new-product'),
    data: { name: 'Half a product', price_retailer: 100 },
    expect: 'deny',
    why: 'missing fields',
  },

  // update
  {
    actor: 'manager',
    op: 'update',
    path: paths.product(PRODUCT.active),
    data: validProduct({ price_retailer: 3999 }),
    expect: 'allow',
    why: 'editor save',
  },
  {
    actor: 'manager',
    op: 'update',
    path: paths.product(PRODUCT.active),
    data: { is_active: false },
    expect: 'allow',
    why: 'deactivate',
  },
  {
    actor: 'manager',
    op: 'update',
    path: paths.product(PRODUCT.active),
    data: { price_retailer: 'free' },
    expect: 'deny',
    why: 'bad price',
  },
  {
    actor: 'manager',
    op: 'update',
    path: paths.product(PRODUCT.active),
    data: { price_wholesaler: 2799 },
    expect: 'deny',
    why: 'adding the wholesale price to a product',
  },
  {
    actor: 'manager',
    op: 'update',
    path: paths.product(PRODUCT.active),
    replace: true,
    data: validProduct({ price_wholesaler: 2799 }),
    expect: 'deny',
    why: 'overwrite carrying the wholesale price',
  },
  {
    actor: 'manager',
    op: 'update',
    path: paths.product(PRODUCT.active),
    replace: true,
    data: validProduct({ price_retailer: 3999 }),
    expect: 'allow',
    why: 'editor save (full overwrite in the batch)',
  },
  {
    actor: 'manager',
    op: 'update',
    path: paths.product(PRODUCT.active),
    data: { stock: 5 },
    expect: 'deny',
    why: 'unknown field',
  },
  ...nonManagers.map((actor): RuleCase => ({
    actor,
    op: 'update',
    path: paths.product(PRODUCT.active),
    data: { price_retailer: 1 },
    expect: 'deny',
    why: 'only managers set prices',
  })),
  {
    actor: 'wholesaler',
    op: 'update',
    path: paths.product(PRODUCT.inactive),
    data: { is_active: true },
    expect: 'deny',
    why: 'reactivating a product',
  },

  // delete
  { actor: 'manager', op: 'delete', path: paths.product(PRODUCT.inactive), expect: 'allow' },
  ...nonManagers.map((actor): RuleCase => ({
    actor,
    op: 'delete',
    path: paths.product(PRODUCT.active),
    expect: 'deny',
  })),

  // revoked: approved claims in a token issued before the profile was rejected.
  {
    actor: 'revoked',
    op: 'get',
    path: paths.product(PRODUCT.active),
    expect: 'deny',
    why: 'rejected after the token was issued',
  },
  {
    actor: 'revoked',
    op: 'list',
    path: PRODUCTS,
    query: activeOnly,
    expect: 'deny',
    why: 'rejected after the token was issued',
  },
];

export const supportContentCases: RuleCase[] = [
  // get and list
  ...readers.map((actor): RuleCase => ({
    actor,
    op: 'get',
    path: paths.supportItem('tutorial-1'),
    expect: 'allow',
  })),
  ...nonReaders.map((actor): RuleCase => ({
    actor,
    op: 'get',
    path: paths.supportItem('tutorial-1'),
    expect: 'deny',
  })),
  ...readers.map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: SUPPORT,
    query: { orderBy: [['category', 'asc']] },
    expect: 'allow',
  })),
  ...nonReaders.map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: SUPPORT,
    query: { orderBy: [['category', 'asc']] },
    expect: 'deny',
  })),

  // create
  {
    actor: 'manager',
    op: 'create',
    path: paths.supportItem('new-tutorial'),
    data: validSupportItem(),
    expect: 'allow',
  },
  ...nonManagers.map((actor): RuleCase => ({
    actor,
    op: 'create',
    path: paths.supportItem('new-tutorial'),
    data: validSupportItem(),
    expect: 'deny',
  })),
  {
    actor: 'manager',
    op: 'create',
    path: paths.supportItem('new-tutorial'),
    data: validSupportItem({ video_url: 'javascript:alert(1)' }),
    expect: 'deny',
    why: 'not an http(s) URL',
  },
  {
    actor: 'manager',
    op: 'create',
    path: paths.supportItem('new-tutorial'),
    data: validSupportItem({ title: '' }),
    expect: 'deny',
    why: 'empty title',
  },
  {
    actor: 'manager',
    op: 'create',
    path: paths.supportItem('new-tutorial'),
    data: validSupportItem({ category: 'x'.repeat(61) }),
    expect: 'deny',
    why: 'category over 60',
  },
  {
    actor: 'manager',
    op: 'create',
    path: paths.supportItem('new-tutorial'),
    data: validSupportItem({ views: 0 }),
    expect: 'deny',
    why: 'unknown field',
  },

  // update
  {
    actor: 'manager',
    op: 'update',
    path: paths.supportItem('tutorial-1'),
    data: { title: 'Daily cleaning, updated' },
    expect: 'allow',
  },
  {
    actor: 'manager',
    op: 'update',
    path: paths.supportItem('tutorial-1'),
    data: { video_url: 'ftp://videos.example.com/x' },
    expect: 'deny',
    why: 'not an http(s) URL',
  },
  ...nonManagers.map((actor): RuleCase => ({
    actor,
    op: 'update',
    path: paths.supportItem('tutorial-1'),
    data: { title: 'Defaced' },
    expect: 'deny',
  })),

  // delete
  { actor: 'manager', op: 'delete', path: paths.supportItem('tutorial-1'), expect: 'allow' },
  ...nonManagers.map((actor): RuleCase => ({
    actor,
    op: 'delete',
    path: paths.supportItem('tutorial-1'),
    expect: 'deny',
  })),

  // revoked: approved claims in a token issued before the profile was rejected.
  {
    actor: 'revoked',
    op: 'get',
    path: paths.supportItem('tutorial-1'),
    expect: 'deny',
    why: 'rejected after the token was issued',
  },
  {
    actor: 'revoked',
    op: 'list',
    path: SUPPORT,
    query: { orderBy: [['category', 'asc']] },
    expect: 'deny',
    why: 'rejected after the token was issued',
  },
];

const WHOLESALE = 'wholesale_prices';
/** Every caller that must never receive a wholesale price. */
const noWholesale: Actor[] = [
  'anonymous',
  'applicant',
  'pending',
  'pendingWholesaler',
  'rejected',
  'revoked',
  'revokedWholesaler',
  'retailer',
  'another',
];
const priceWriters: Actor[] = ['manager'];
const notPriceWriters: Actor[] = [...ACTORS.filter((a) => a !== 'manager'), 'applicant'];
const why = (actor: Actor): string =>
  ({
    anonymous: 'a consumer',
    applicant: 'signed up, no profile',
    pending: 'a pending applicant',
    pendingWholesaler: 'a pending wholesaler applicant',
    rejected: 'rejected wholesaler',
    revoked: 'rejected after the token was issued',
    revokedWholesaler: 'wholesaler rejected after the token was issued',
    retailer: 'retailers never see wholesale prices',
    another: 'another buyer (retailer)',
    wholesaler: 'approved wholesaler',
    manager: 'manager',
  })[actor];

export const wholesalePriceCases: RuleCase[] = [
  // get
  ...(['wholesaler', 'manager'] as const).map((actor): RuleCase => ({
    actor,
    op: 'get',
    path: paths.wholesalePrice(PRODUCT.active),
    expect: 'allow',
    why: why(actor),
  })),
  ...noWholesale.map((actor): RuleCase => ({
    actor,
    op: 'get',
    path: paths.wholesalePrice(PRODUCT.active),
    expect: 'deny',
    why: why(actor),
  })),
  {
    actor: 'retailer',
    op: 'get',
    path: paths.wholesalePrice(PRODUCT.missing),
    expect: 'deny',
    why: 'not even whether one exists',
  },

  // list: the store's join lists the whole collection
  ...(['wholesaler', 'manager'] as const).map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: WHOLESALE,
    expect: 'allow',
    why: why(actor),
  })),
  ...noWholesale.map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: WHOLESALE,
    expect: 'deny',
    why: why(actor),
  })),
  {
    actor: 'retailer',
    op: 'list',
    path: WHOLESALE,
    query: { where: [['price_wholesaler', '>=', 0]], limit: 1 },
    expect: 'deny',
    why: 'a filtered query is no way in',
  },
  {
    actor: 'another',
    op: 'list',
    path: WHOLESALE,
    query: { aggregate: { sum: 'price_wholesaler' } },
    expect: 'deny',
    why: 'nor an aggregation',
  },

  // create
  ...priceWriters.map((actor): RuleCase => ({
    actor,
    op: 'create',
    path: paths.wholesalePrice('new-product'),
    data: validWholesalePrice(),
    expect: 'allow',
  })),
  ...notPriceWriters.map((actor): RuleCase => ({
    actor,
    op: 'create',
    path: paths.wholesalePrice('new-product'),
    data: validWholesalePrice(),
    expect: 'deny',
    why: 'only managers set prices',
  })),
  ...(
    [
      [{ price_wholesaler: 27.99 }, 'price not in cents'],
      [{ price_wholesaler: -1 }, 'negative price'],
      [{ price_wholesaler: 10_000_001 }, 'price above the maximum'],
      [{ price_wholesaler: '2799' }, 'price as a string'],
      [{}, 'missing price'],
      [{ price_wholesaler: 2799, price_retailer: 3499 }, 'unknown field'],
    ] as const
  ).map(([data, reason]): RuleCase => ({
    actor: 'manager',
    op: 'create',
    path: paths.wholesalePrice('new-product'),
    data,
    expect: 'deny',
    why: reason,
  })),
  {
    actor: 'manager',
    op: 'create',
    path: paths.wholesalePrice('new-product'),
    data: validWholesalePrice({ price_wholesaler: 0 }),
    expect: 'allow',
    why: 'zero is a price',
  },

  // update
  {
    actor: 'manager',
    op: 'update',
    path: paths.wholesalePrice(PRODUCT.active),
    data: { price_wholesaler: 2599 },
    expect: 'allow',
    why: 'editor save',
  },
  {
    actor: 'manager',
    op: 'update',
    path: paths.wholesalePrice(PRODUCT.active),
    data: { price_wholesaler: 25.99 },
    expect: 'deny',
    why: 'price not in cents',
  },
  {
    actor: 'manager',
    op: 'update',
    path: paths.wholesalePrice(PRODUCT.active),
    data: { note: 'promo' },
    expect: 'deny',
    why: 'unknown field',
  },
  ...notPriceWriters.map((actor): RuleCase => ({
    actor,
    op: 'update',
    path: paths.wholesalePrice(PRODUCT.active),
    data: { price_wholesaler: 1 },
    expect: 'deny',
    why:
      actor === 'wholesaler' ? 'a wholesaler lowering their own price' : 'only managers set prices',
  })),

  // delete
  { actor: 'manager', op: 'delete', path: paths.wholesalePrice(PRODUCT.inactive), expect: 'allow' },
  ...notPriceWriters.map((actor): RuleCase => ({
    actor,
    op: 'delete',
    path: paths.wholesalePrice(PRODUCT.active),
    expect: 'deny',
  })),
];
