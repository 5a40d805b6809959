import { paths } from '@portal/domain';
import { ACTORS, type Actor } from '../support/actors';
import type { RuleCase } from '../support/matrix';
import { PRODUCT, validProduct, validSupportItem } from '../support/seed';

/**
 * products/{id} and support_content/{id}: read by approved buyers (active products only) and
 * managers; written by managers with a validated shape.
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
    data: validProduct({ price_wholesaler: -1 }),
    expect: 'deny',
    why: 'negative price',
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
    data: { price_wholesaler: 'free' },
    expect: 'deny',
    why: 'bad price',
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
    data: { price_retailer: 1, price_wholesaler: 1 },
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
