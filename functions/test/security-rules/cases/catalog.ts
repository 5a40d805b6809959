import { readFileSync } from 'node:fs';
import { serverTimestamp, Timestamp } from 'firebase/firestore/lite';
import { COLLECTIONS, paths } from '@portal/domain';
import { ACTORS, type Actor } from '../support/actors';
import type { RuleCase } from '../support/matrix';
import {
  catalogProduct,
  CREATED_AT,
  FIVE_BREAKS,
  PRODUCT,
  validProduct,
  validSupportItem,
  validWholesalePrice,
} from '../support/seed';

/**
 * products/{id} and support_content/{id}: read by approved buyers (active products only) and
 * managers; written by managers with a validated shape. wholesale_prices/{id}: read by approved
 * wholesalers and managers only, written by managers.
 */

/** Approved members (owners, buyers and viewers alike) and managers. */
const readers: Actor[] = [
  'retailer',
  'wholesaler',
  'another',
  'buyerA',
  'viewerA',
  'memberB',
  'manager',
];
const nonReaders: Actor[] = ['anonymous', 'pending', 'rejected', 'applicant', 'removedA'];
const nonManagers: Actor[] = [...ACTORS.filter((a) => a !== 'manager'), 'applicant'];
const PRODUCTS = 'products';
const SUPPORT = 'support_content';
const activeOnly = {
  where: [['is_active', '==', true]] as [string, '==', unknown][],
  orderBy: [['sort_order', 'asc']] as [string, 'asc'][],
};

const NEW = paths.product('new-product');
const STOCKED = paths.product(PRODUCT.stocked);
const OWED = paths.product(PRODUCT.owed);

function withoutKey(data: Record<string, unknown>, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([k]) => k !== key));
}

/** A manager's create of a product with `data`, expected to be refused because `why`. */
const refusedCreate = (data: Record<string, unknown>, why: string): RuleCase => ({
  actor: 'manager',
  op: 'create',
  path: NEW,
  data,
  expect: 'deny',
  why,
});

/** The demo catalog the stack starts with (emulator-data/firestore.json), by collection. */
const demo = JSON.parse(
  readFileSync(new URL('../../../../emulator-data/firestore.json', import.meta.url), 'utf8'),
) as { documents: Record<string, Record<string, unknown>> };
const demoDocuments = (collection: string) =>
  Object.entries(demo.documents)
    .filter(([path]) => path.split('/').length === 2 && path.startsWith(`${collection}/`))
    .map(([path, data]) => [path.split('/')[1] as string, data] as const);

/**
 * The searchable catalog's fields (SKU, category, images, case pack, minimum, price breaks,
 * stock, creation time): checked like productSchema; stock_reserved and created_at are set on
 * create only (0 and the server's time) and never changed by a client afterwards.
 */
const catalogFieldCases: RuleCase[] = [
  // create
  {
    actor: 'manager',
    op: 'create',
    path: NEW,
    data: catalogProduct({ stock_reserved: 0, created_at: serverTimestamp() }),
    expect: 'allow',
    why: 'the editor create: nothing reserved, the server time',
  },
  {
    actor: 'manager',
    op: 'create',
    path: NEW,
    data: catalogProduct(),
    expect: 'allow',
    why: 'catalog fields without stock_reserved and created_at',
  },
  {
    actor: 'manager',
    op: 'create',
    path: NEW,
    data: catalogProduct({
      sku: '',
      category: '',
      images: [],
      case_pack: 1,
      min_quantity: 1,
      price_breaks: [],
      stock_on_hand: null,
    }),
    expect: 'allow',
    why: 'the defaults: no SKU yet, no category, by the unit, untracked stock',
  },
  {
    actor: 'manager',
    op: 'create',
    path: NEW,
    data: catalogProduct({
      sku: 'A'.repeat(40),
      images: Array.from({ length: 8 }, (_, i) => `/products/p-${i}.svg`),
      price_breaks: FIVE_BREAKS,
      case_pack: 999,
      min_quantity: 999,
      stock_on_hand: 1_000_000,
    }),
    expect: 'allow',
    why: 'every limit reached',
  },
  {
    actor: 'manager',
    op: 'create',
    path: NEW,
    data: catalogProduct({ sku: 'CUP-16.OZ_2' }),
    expect: 'allow',
    why: 'SKU with digits, dot, dash and underscore',
  },
  // Every demo product is one the editor could have created (same fields, the server's time).
  ...demoDocuments(COLLECTIONS.products).map(([id, data]): RuleCase => ({
    actor: 'manager',
    op: 'create',
    path: paths.product(`demo-${id}`),
    data: { ...data, created_at: serverTimestamp() },
    expect: 'allow',
    why: `the demo product ${id}`,
  })),
  ...nonManagers.map((actor): RuleCase => ({
    actor,
    op: 'create',
    path: NEW,
    data: catalogProduct({ stock_reserved: 0, created_at: serverTimestamp() }),
    expect: 'deny',
    why: 'a buyer adding a product with stock',
  })),
  refusedCreate(catalogProduct({ stock_reserved: 5 }), 'created with units reserved'),
  refusedCreate(catalogProduct({ stock_reserved: '0' }), 'stock_reserved as a string'),
  refusedCreate(catalogProduct({ stock_allotted: 100 }), 'created as if its shards were folded'),
  refusedCreate(
    catalogProduct({ stock_folded_at: serverTimestamp() }),
    'created with a fold time (only the functions fold stock)',
  ),
  refusedCreate(
    catalogProduct({ image_sizes: { p1: [{ width: 400, url: 'https://example.com/a.webp' }] } }),
    'created with photo sizes (only the functions make them)',
  ),
  refusedCreate(
    catalogProduct({ created_at: Timestamp.fromDate(new Date('2020-01-01T00:00:00Z')) }),
    'backdated created_at (the Newest sort)',
  ),
  refusedCreate(catalogProduct({ created_at: '2025-01-01' }), 'created_at as a string'),
  refusedCreate(catalogProduct({ sku: 'syr-purple' }), 'lower-case SKU'),
  refusedCreate(catalogProduct({ sku: 'SYR PURPLE' }), 'SKU with a space'),
  refusedCreate(catalogProduct({ sku: '-SYR' }), 'SKU starting with a dash'),
  refusedCreate(catalogProduct({ sku: 'SYR/PURPLE' }), 'SKU with a slash'),
  refusedCreate(catalogProduct({ sku: 'A'.repeat(41) }), 'SKU over 40'),
  refusedCreate(catalogProduct({ sku: 42 }), 'SKU as a number'),
  refusedCreate(catalogProduct({ category: 'x'.repeat(61) }), 'category over 60'),
  refusedCreate(catalogProduct({ category: null }), 'category null'),
  refusedCreate(
    catalogProduct({ images: Array.from({ length: 9 }, (_, i) => `/products/p-${i}.svg`) }),
    'nine more images',
  ),
  refusedCreate(catalogProduct({ images: ['/a.svg', ''] }), 'an empty image URL'),
  refusedCreate(catalogProduct({ images: ['/a.svg', 7] }), 'an image that is not a string'),
  refusedCreate(catalogProduct({ images: '/a.svg' }), 'images not a list'),
  refusedCreate(catalogProduct({ case_pack: 0, min_quantity: 8 }), 'case pack 0'),
  refusedCreate(catalogProduct({ case_pack: 1000, min_quantity: 1000 }), 'case pack over 999'),
  refusedCreate(catalogProduct({ case_pack: 2.5, min_quantity: 5 }), 'fractional case pack'),
  refusedCreate(catalogProduct({ min_quantity: 0 }), 'minimum 0'),
  refusedCreate(catalogProduct({ min_quantity: 6 }), 'minimum not a whole number of cases'),
  refusedCreate(
    withoutKey(catalogProduct({ case_pack: 12 }), 'min_quantity'),
    'case pack with the default minimum of 1 (not a whole case)',
  ),
  refusedCreate(catalogProduct({ stock_on_hand: -1 }), 'negative stock'),
  refusedCreate(catalogProduct({ stock_on_hand: 1_000_001 }), 'stock over the maximum'),
  refusedCreate(catalogProduct({ stock_on_hand: 2.5 }), 'fractional stock'),
  refusedCreate(catalogProduct({ stock_on_hand: '10' }), 'stock as a string'),
  refusedCreate(catalogProduct({ stock: 10 }), 'stock under another name'),
  refusedCreate(
    catalogProduct({ price_breaks: [...FIVE_BREAKS, { min_quantity: 999, unit_amount: 1 }] }),
    'six price breaks',
  ),
  refusedCreate(
    catalogProduct({ price_breaks: [{ min_quantity: 1, unit_amount: 3000 }] }),
    'a break from 1 unit',
  ),
  refusedCreate(
    catalogProduct({ price_breaks: [{ min_quantity: 1000, unit_amount: 3000 }] }),
    'a break over the line cap',
  ),
  refusedCreate(
    catalogProduct({ price_breaks: [{ min_quantity: 24.5, unit_amount: 3000 }] }),
    'a break from a fraction of a unit',
  ),
  refusedCreate(
    catalogProduct({ price_breaks: [{ min_quantity: 24, unit_amount: 3499 }] }),
    'a break no cheaper than the price',
  ),
  refusedCreate(
    catalogProduct({ price_breaks: [{ min_quantity: 24, unit_amount: 29.99 }] }),
    'a break price not in cents',
  ),
  refusedCreate(
    catalogProduct({ price_breaks: [{ min_quantity: 24, unit_amount: -1 }] }),
    'a negative break price',
  ),
  refusedCreate(
    catalogProduct({ price_breaks: [{ min_quantity: 24, unit_amount: 0 }] }),
    'a free break (0 cents)',
  ),
  refusedCreate(
    catalogProduct({
      price_breaks: [
        { min_quantity: 48, unit_amount: 2999 },
        { min_quantity: 24, unit_amount: 2899 },
      ],
    }),
    'breaks out of order',
  ),
  refusedCreate(
    catalogProduct({
      price_breaks: [
        { min_quantity: 24, unit_amount: 3199 },
        { min_quantity: 24, unit_amount: 2999 },
      ],
    }),
    'two breaks from the same quantity',
  ),
  refusedCreate(
    catalogProduct({
      price_breaks: [
        { min_quantity: 24, unit_amount: 2999 },
        { min_quantity: 48, unit_amount: 3199 },
      ],
    }),
    'a later break dearer than the one before',
  ),
  refusedCreate(
    catalogProduct({
      price_breaks: [...FIVE_BREAKS.slice(0, 4), { min_quantity: 999, unit_amount: 3100 }],
    }),
    'the fifth break no cheaper than the fourth',
  ),
  refusedCreate(
    catalogProduct({ price_breaks: [{ min_quantity: 24 }] }),
    'a break without a price',
  ),
  refusedCreate(
    catalogProduct({ price_breaks: [{ min_quantity: 24, unit_amount: 3000, role: 'retailer' }] }),
    'a break with an unknown key',
  ),
  refusedCreate(catalogProduct({ price_breaks: [3000] }), 'a break that is not a map'),
  refusedCreate(
    catalogProduct({ price_breaks: { min_quantity: 24, unit_amount: 3000 } }),
    'breaks not a list',
  ),

  // backorders (docs/catalog.md#backorders)
  {
    actor: 'manager',
    op: 'create',
    path: NEW,
    data: catalogProduct({
      stock_reserved: 0,
      created_at: serverTimestamp(),
      backorders_allowed: true,
      restock_date: '2026-12-10',
    }),
    expect: 'allow',
    why: 'created taking backorders, with a restock date',
  },
  {
    actor: 'manager',
    op: 'create',
    path: NEW,
    data: catalogProduct({
      stock_reserved: 0,
      created_at: serverTimestamp(),
      backorders_allowed: false,
      restock_date: null,
    }),
    expect: 'allow',
    why: 'created without backorders, no restock date',
  },
  refusedCreate(catalogProduct({ backorders_allowed: 'yes' }), 'backorders_allowed as a string'),
  refusedCreate(catalogProduct({ restock_date: '2026-13-01' }), 'a restock date in month 13'),
  refusedCreate(catalogProduct({ restock_date: '12/10/2026' }), 'a restock date not YYYY-MM-DD'),
  refusedCreate(catalogProduct({ restock_date: '2026-12-10T00:00' }), 'a restock date and time'),
  refusedCreate(
    catalogProduct({ restock_date: Timestamp.fromDate(CREATED_AT) }),
    'a restock date as a timestamp',
  ),
  refusedCreate(
    catalogProduct({ stock_reserved: 0, created_at: serverTimestamp(), stock_on_hand: -4 }),
    'created owing units',
  ),
  {
    actor: 'manager',
    op: 'update',
    path: STOCKED,
    data: { backorders_allowed: true, restock_date: '2027-01-31' },
    expect: 'allow',
    why: 'a manager allows backorders with a restock date',
  },
  {
    actor: 'manager',
    op: 'update',
    path: OWED,
    data: { backorders_allowed: false, restock_date: null },
    expect: 'allow',
    why: 'a manager stops backorders and clears the date',
  },
  {
    actor: 'manager',
    op: 'update',
    path: STOCKED,
    data: { restock_date: '2027-02-30x' },
    expect: 'deny',
    why: 'a bad restock date',
  },
  {
    actor: 'manager',
    op: 'update',
    path: STOCKED,
    data: { stock_on_hand: -1 },
    expect: 'deny',
    why: 'a manager sets stock below 0 (only backorders take it there)',
  },
  {
    actor: 'manager',
    op: 'update',
    path: OWED,
    data: { stock_on_hand: -5 },
    expect: 'deny',
    why: 'a manager changes owed stock to another number below 0',
  },
  {
    actor: 'manager',
    op: 'update',
    path: OWED,
    data: catalogProduct({
      name: 'Owed Syrup, 1 gal',
      stock_on_hand: -4,
      backorders_allowed: true,
      restock_date: '2026-12-24',
    }),
    expect: 'allow',
    why: 'the editor save of an owing product, its stock as stored',
  },
  {
    actor: 'manager',
    op: 'update',
    path: OWED,
    replace: true,
    data: catalogProduct({
      name: 'Owed Syrup',
      stock_on_hand: -4,
      stock_reserved: 0,
      backorders_allowed: true,
      restock_date: '2026-12-10',
      created_at: Timestamp.fromDate(CREATED_AT),
    }),
    expect: 'allow',
    why: 'overwrite of an owing product keeping its stock as stored',
  },
  {
    actor: 'manager',
    op: 'update',
    path: OWED,
    data: { stock_on_hand: 16 },
    expect: 'allow',
    why: 'stock arrives: the count after the owed units',
  },
  ...(['retailer', 'wholesaler', 'buyerA', 'anonymous'] as const).map((actor): RuleCase => ({
    actor,
    op: 'update',
    path: STOCKED,
    data: { backorders_allowed: true, restock_date: '2026-12-10' },
    expect: 'deny',
    why: 'only managers allow backorders',
  })),
  {
    actor: 'retailer',
    op: 'update',
    path: OWED,
    data: { stock_on_hand: 0 },
    expect: 'deny',
    why: "a buyer clears a product's owed stock",
  },

  // update
  {
    actor: 'manager',
    op: 'update',
    path: STOCKED,
    data: { stock_on_hand: 200 },
    expect: 'allow',
    why: 'a manager sets stock on hand',
  },
  {
    actor: 'manager',
    op: 'update',
    path: STOCKED,
    data: { stock_on_hand: null },
    expect: 'allow',
    why: 'stops tracking stock',
  },
  {
    actor: 'manager',
    op: 'update',
    path: STOCKED,
    data: catalogProduct({ name: 'Purple Dream Syrup, 1 gal', stock_on_hand: 96 }),
    expect: 'allow',
    why: 'the editor save: every edited field, field-level',
  },
  {
    actor: 'manager',
    op: 'update',
    path: STOCKED,
    replace: true,
    data: catalogProduct({
      stock_reserved: 5,
      created_at: Timestamp.fromDate(CREATED_AT),
      stock_on_hand: 96,
    }),
    expect: 'allow',
    why: 'overwrite keeping stock_reserved and created_at as stored',
  },
  {
    actor: 'manager',
    op: 'update',
    path: STOCKED,
    data: { stock_reserved: 0 },
    expect: 'deny',
    why: 'clearing the reservations of open checkouts',
  },
  {
    actor: 'manager',
    op: 'update',
    path: STOCKED,
    data: { image_sizes: { p1: [{ width: 400, url: 'https://example.com/a.webp' }] } },
    expect: 'deny',
    why: 'writing photo sizes (only the functions make them)',
  },
  {
    actor: 'manager',
    op: 'update',
    path: STOCKED,
    data: { stock_reserved: 6 },
    expect: 'deny',
    why: 'reserving units',
  },
  {
    actor: 'manager',
    op: 'update',
    path: STOCKED,
    data: { stock_allotted: 1000 },
    expect: 'deny',
    why: 'marking the shards balanced against another count (only the fold does)',
  },
  {
    actor: 'manager',
    op: 'update',
    path: STOCKED,
    data: { stock_folded_at: serverTimestamp() },
    expect: 'deny',
    why: 'writing the fold time (only the fold does)',
  },
  {
    actor: 'manager',
    op: 'update',
    path: STOCKED,
    replace: true,
    data: catalogProduct({ created_at: Timestamp.fromDate(CREATED_AT) }),
    expect: 'deny',
    why: 'overwrite dropping stock_reserved',
  },
  {
    actor: 'manager',
    op: 'update',
    path: STOCKED,
    data: { created_at: serverTimestamp() },
    expect: 'deny',
    why: 'moving created_at',
  },
  {
    actor: 'manager',
    op: 'update',
    path: paths.product(PRODUCT.active),
    data: { stock_reserved: 0 },
    expect: 'deny',
    why: 'adding stock_reserved to an older product',
  },
  {
    actor: 'manager',
    op: 'update',
    path: paths.product(PRODUCT.active),
    data: { created_at: serverTimestamp() },
    expect: 'deny',
    why: 'adding created_at to an older product',
  },
  {
    actor: 'manager',
    op: 'update',
    path: paths.product(PRODUCT.active),
    data: {
      sku: 'SYR-PURPLE',
      category: 'Syrups',
      case_pack: 1,
      min_quantity: 1,
      stock_on_hand: 50,
    },
    expect: 'allow',
    why: 'an older product gets catalog fields',
  },
  {
    actor: 'manager',
    op: 'update',
    path: STOCKED,
    data: { price_retailer: 2999 },
    expect: 'deny',
    why: 'a base price no dearer than its breaks',
  },
  {
    actor: 'manager',
    op: 'update',
    path: STOCKED,
    data: { case_pack: 3 },
    expect: 'deny',
    why: 'a case pack the minimum is not a multiple of',
  },
  {
    actor: 'manager',
    op: 'update',
    path: STOCKED,
    data: { sku: 'bad sku' },
    expect: 'deny',
    why: 'a bad SKU',
  },
  {
    actor: 'manager',
    op: 'update',
    path: STOCKED,
    data: { price_breaks: [{ min_quantity: 12, unit_amount: 3600 }] },
    expect: 'deny',
    why: 'a break dearer than the price',
  },
  {
    actor: 'manager',
    op: 'update',
    path: STOCKED,
    data: { stock_on_hand: -5 },
    expect: 'deny',
    why: 'negative stock on hand',
  },
  ...(['retailer', 'wholesaler', 'another', 'pending', 'anonymous'] as const).map(
    (actor): RuleCase => ({
      actor,
      op: 'update',
      path: STOCKED,
      data: { stock_on_hand: 100_000 },
      expect: 'deny',
      why: 'only managers set stock',
    }),
  ),
  ...(['retailer', 'wholesaler'] as const).map((actor): RuleCase => ({
    actor,
    op: 'update',
    path: STOCKED,
    data: { stock_reserved: 0 },
    expect: 'deny',
    why: 'a buyer freeing reserved units',
  })),
  {
    actor: 'wholesaler',
    op: 'update',
    path: STOCKED,
    data: { price_breaks: [{ min_quantity: 2, unit_amount: 1 }] },
    expect: 'deny',
    why: 'a buyer adding a price break',
  },

  // reads: the catalog fields change nothing about who reads
  {
    actor: 'retailer',
    op: 'get',
    path: STOCKED,
    expect: 'allow',
    why: 'an active product with stock and breaks',
  },
  {
    actor: 'pending',
    op: 'get',
    path: STOCKED,
    expect: 'deny',
    why: 'stock levels are for approved buyers',
  },
];

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

  ...catalogFieldCases,
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
  'buyerA',
  'viewerA',
  'removedA',
  'memberB',
  'movedDown',
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
    movedUp: 'moved to wholesale prices since the token (the profile decides)',
    movedDown: 'moved to retail prices since the token (the profile decides)',
    revoked: 'rejected after the token was issued',
    revokedWholesaler: 'wholesaler rejected after the token was issued',
    retailer: 'retailers never see wholesale prices',
    another: 'another buyer (retailer)',
    buyerA: 'a buyer of a retailer company',
    viewerA: 'a viewer of a retailer company',
    removedA: 'removed from a retailer company',
    memberB: 'a buyer of another retailer company',
    wholesaler: 'approved wholesaler',
    manager: 'manager',
    revokedManager: 'a manager revoked since the token was issued',
  })[actor];

export const wholesalePriceCases: RuleCase[] = [
  // get
  ...(['wholesaler', 'manager', 'movedUp'] as const).map((actor): RuleCase => ({
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
  ...(['wholesaler', 'manager', 'movedUp'] as const).map((actor): RuleCase => ({
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

  // quantity breaks, checked against the wholesale price
  ...demoDocuments(COLLECTIONS.wholesalePrices).map(([id, data]): RuleCase => ({
    actor: 'manager',
    op: 'create',
    path: paths.wholesalePrice(`demo-${id}`),
    data,
    expect: 'allow',
    why: `the demo wholesale price of ${id}`,
  })),
  {
    actor: 'manager',
    op: 'create',
    path: paths.wholesalePrice('new-product'),
    data: validWholesalePrice({
      price_breaks: [
        { min_quantity: 24, unit_amount: 2499 },
        { min_quantity: 48, unit_amount: 2299 },
      ],
    }),
    expect: 'allow',
    why: 'with wholesale breaks',
  },
  {
    actor: 'manager',
    op: 'create',
    path: paths.wholesalePrice('new-product'),
    data: validWholesalePrice({ price_breaks: [] }),
    expect: 'allow',
    why: 'no breaks',
  },
  {
    actor: 'manager',
    op: 'create',
    path: paths.wholesalePrice('new-product'),
    data: validWholesalePrice({ price_wholesaler: 3499, price_breaks: FIVE_BREAKS }),
    expect: 'allow',
    why: 'five breaks',
  },
  ...(
    [
      [
        { price_breaks: [{ min_quantity: 24, unit_amount: 2799 }] },
        'a break no cheaper than the price',
      ],
      [{ price_breaks: [{ min_quantity: 24, unit_amount: 3199 }] }, 'a break at the retail level'],
      [
        {
          price_wholesaler: 3499,
          price_breaks: [...FIVE_BREAKS, { min_quantity: 999, unit_amount: 1 }],
        },
        'six breaks',
      ],
      [{ price_breaks: [{ min_quantity: 1, unit_amount: 2000 }] }, 'a break from 1 unit'],
      [
        {
          price_breaks: [
            { min_quantity: 48, unit_amount: 2299 },
            { min_quantity: 24, unit_amount: 2199 },
          ],
        },
        'breaks out of order',
      ],
      [{ price_breaks: [{ min_quantity: 24, unit_amount: '24.99' }] }, 'a break price as a string'],
      [
        { price_breaks: [{ min_quantity: 24, unit_amount: 2499, note: 'x' }] },
        'a break with an unknown key',
      ],
      [{ price_breaks: 'none' }, 'breaks not a list'],
    ] as const
  ).map(([overrides, reason]): RuleCase => ({
    actor: 'manager',
    op: 'create',
    path: paths.wholesalePrice('new-product'),
    data: validWholesalePrice(overrides),
    expect: 'deny',
    why: reason,
  })),

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
    path: paths.wholesalePrice(PRODUCT.stocked),
    data: { price_breaks: [{ min_quantity: 12, unit_amount: 2599 }] },
    expect: 'allow',
    why: 'new breaks',
  },
  {
    actor: 'manager',
    op: 'update',
    path: paths.wholesalePrice(PRODUCT.stocked),
    data: { price_wholesaler: 2299 },
    expect: 'deny',
    why: 'a price no dearer than its breaks',
  },
  {
    actor: 'wholesaler',
    op: 'update',
    path: paths.wholesalePrice(PRODUCT.stocked),
    data: { price_breaks: [{ min_quantity: 2, unit_amount: 1 }] },
    expect: 'deny',
    why: 'a wholesaler giving themselves a break',
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
