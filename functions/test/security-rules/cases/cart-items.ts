import { doc, increment, serverTimestamp, Timestamp, writeBatch } from 'firebase/firestore/lite';
import { paths } from '@portal/domain';
import { ACTORS, uidOf, type Actor } from '../support/actors';
import type { RuleCase } from '../support/matrix';
import { PRODUCT, U } from '../support/seed';

/**
 * profiles/{uid}/cart_items/{productId}: private to its approved owner (each member of a company
 * keeps their own), quantities 1..999. Only members who order (company role owner or buyer) write
 * one; a viewer reads their own lines and changes none.
 */

/** Approved members who order: owners and buyers. */
const approvedBuyers: Actor[] = ['retailer', 'wholesaler', 'another', 'buyerA', 'memberB'];
/** Refused their own cart altogether (removedA: the profile names no company any more). */
const notApproved: Actor[] = [
  'anonymous',
  'pending',
  'rejected',
  'manager',
  'applicant',
  'removedA',
];

/** The cart write of the web client: the id is the product id, the time is the server's. */
function line(
  productId: string,
  quantity: unknown,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return { product_id: productId, quantity, updated_at: serverTimestamp(), ...overrides };
}

const own = (actor: Actor, productId: string = PRODUCT.active) =>
  paths.cartItem(uidOf(actor), productId);
const ownCart = (actor: Actor) => paths.cartItems(uidOf(actor));
const retailerLine = paths.cartItem(U.retailer, PRODUCT.active);
const buyerALine = paths.cartItem(U.buyerA, PRODUCT.active);
const VIEW_ONLY = 'a viewer does not order';
/** Why an actor of notApproved is refused their own cart. */
const refusal = (actor: Actor, what: string) =>
  actor === 'removedA' ? `${what}, removed from the company` : `${what}, not approved`;

export const cartItemCases: RuleCase[] = [
  // get
  ...approvedBuyers.map((actor): RuleCase => ({
    actor,
    op: 'get',
    path: own(actor),
    expect: 'allow',
    why: 'own cart line',
  })),
  {
    actor: 'viewerA',
    op: 'get',
    path: own('viewerA'),
    expect: 'allow',
    why: 'own line (from before the role changed): a viewer reads it',
  },
  {
    actor: 'retailer',
    op: 'get',
    path: own('retailer', PRODUCT.active2),
    expect: 'allow',
    why: 'own line not in the cart yet',
  },
  ...notApproved.map((actor): RuleCase => ({
    actor,
    op: 'get',
    path: own(actor),
    expect: 'deny',
    why: refusal(actor, 'own line'),
  })),
  ...ACTORS.filter((a) => a !== 'retailer').map((actor): RuleCase => ({
    actor,
    op: 'get',
    path: retailerLine,
    expect: 'deny',
    why: "another buyer's cart",
  })),
  {
    actor: 'retailer',
    op: 'get',
    path: buyerALine,
    expect: 'deny',
    why: "the owner reading their buyer's cart",
  },

  // list
  ...approvedBuyers.map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: ownCart(actor),
    expect: 'allow',
    why: 'own cart',
  })),
  ...notApproved.map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: ownCart(actor),
    expect: 'deny',
    why: refusal(actor, 'own cart'),
  })),
  {
    actor: 'viewerA',
    op: 'list',
    path: ownCart('viewerA'),
    expect: 'allow',
    why: 'own cart: a viewer reads it',
  },
  ...ACTORS.filter((a) => a !== 'retailer').map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: paths.cartItems(U.retailer),
    expect: 'deny',
    why: "another buyer's cart",
  })),
  {
    actor: 'retailer',
    op: 'list',
    path: paths.cartItems(U.buyerA),
    expect: 'deny',
    why: "the owner listing their buyer's cart",
  },
  {
    actor: 'retailer',
    op: 'list',
    path: ownCart('retailer'),
    query: { aggregate: 'count' },
    expect: 'allow',
    why: 'count own lines',
  },

  // create
  ...approvedBuyers.map((actor): RuleCase => ({
    actor,
    op: 'create',
    path: own(actor, PRODUCT.active2),
    data: line(PRODUCT.active2, 1),
    expect: 'allow',
    why: 'new line of an active product',
  })),
  ...notApproved.map((actor): RuleCase => ({
    actor,
    op: 'create',
    path: own(actor, PRODUCT.active2),
    data: line(PRODUCT.active2, 1),
    expect: 'deny',
    why: refusal(actor, 'own cart'),
  })),
  {
    actor: 'viewerA',
    op: 'create',
    path: own('viewerA', PRODUCT.active2),
    data: line(PRODUCT.active2, 1),
    expect: 'deny',
    why: VIEW_ONLY,
  },
  {
    actor: 'viewerA',
    op: 'create',
    path: own('viewerA', PRODUCT.active2),
    data: { product_id: PRODUCT.active2, quantity: increment(1), updated_at: serverTimestamp() },
    merge: true,
    expect: 'deny',
    why: `${VIEW_ONLY}: Add to Cart`,
  },
  {
    actor: 'another',
    op: 'create',
    path: paths.cartItem(U.retailer, PRODUCT.active2),
    data: line(PRODUCT.active2, 1),
    expect: 'deny',
    why: "writing into another buyer's cart",
  },
  ...(
    [
      ['retailer', U.buyerA, "the owner writing into their buyer's cart"],
      ['buyerA', U.retailer, "a buyer writing into their owner's cart"],
      ['viewerA', U.buyerA, "a viewer writing into a buyer's cart"],
      ['memberB', U.buyerA, "writing into another company's buyer's cart"],
      ['removedA', U.buyerA, "writing into a former colleague's cart"],
    ] as const
  ).map(([actor, uid, why]): RuleCase => ({
    actor,
    op: 'create',
    path: paths.cartItem(uid, PRODUCT.active2),
    data: line(PRODUCT.active2, 1),
    expect: 'deny',
    why,
  })),
  {
    actor: 'retailer',
    op: 'create',
    path: own('retailer', PRODUCT.active2),
    data: { product_id: PRODUCT.active2, quantity: increment(1), updated_at: serverTimestamp() },
    merge: true,
    expect: 'allow',
    why: 'Add to Cart: merge with increment(1) on a new line',
  },
  {
    actor: 'retailer',
    op: 'create',
    path: own('retailer', PRODUCT.active2),
    data: line(PRODUCT.active2, 999),
    expect: 'allow',
    why: 'quantity 999',
  },
  {
    actor: 'retailer',
    op: 'create',
    path: own('retailer', PRODUCT.active2),
    data: line(PRODUCT.active2, 0),
    expect: 'deny',
    why: 'quantity 0',
  },
  {
    actor: 'retailer',
    op: 'create',
    path: own('retailer', PRODUCT.active2),
    data: line(PRODUCT.active2, -3),
    expect: 'deny',
    why: 'negative quantity',
  },
  {
    actor: 'retailer',
    op: 'create',
    path: own('retailer', PRODUCT.active2),
    data: line(PRODUCT.active2, 1000),
    expect: 'deny',
    why: 'quantity 1000',
  },
  {
    actor: 'retailer',
    op: 'create',
    path: own('retailer', PRODUCT.active2),
    data: line(PRODUCT.active2, 1.5),
    expect: 'deny',
    why: 'fractional quantity',
  },
  {
    actor: 'retailer',
    op: 'create',
    path: own('retailer', PRODUCT.active2),
    data: line(PRODUCT.active2, '2'),
    expect: 'deny',
    why: 'quantity as a string',
  },
  {
    actor: 'retailer',
    op: 'create',
    path: own('retailer', PRODUCT.active2),
    data: line(PRODUCT.active, 1),
    expect: 'deny',
    why: 'product_id differs from the id',
  },
  {
    actor: 'retailer',
    op: 'create',
    path: own('retailer', PRODUCT.active2),
    data: line(PRODUCT.active2, 1, { unit_price: 1 }),
    expect: 'deny',
    why: 'a price in the cart',
  },
  {
    actor: 'retailer',
    op: 'create',
    path: own('retailer', PRODUCT.active2),
    data: line(PRODUCT.active2, 1, { user_id: U.another }),
    expect: 'deny',
    why: 'extra field',
  },
  {
    actor: 'retailer',
    op: 'create',
    path: own('retailer', PRODUCT.active2),
    data: line(PRODUCT.active2, 1, { updated_at: Timestamp.fromDate(new Date('2030-01-01')) }),
    expect: 'deny',
    why: 'client timestamp',
  },
  {
    actor: 'retailer',
    op: 'create',
    path: own('retailer', PRODUCT.inactive),
    data: line(PRODUCT.inactive, 1),
    expect: 'deny',
    why: 'inactive product',
  },
  {
    actor: 'retailer',
    op: 'create',
    path: own('retailer', PRODUCT.missing),
    data: line(PRODUCT.missing, 1),
    expect: 'deny',
    why: 'no such product',
  },
  {
    actor: 'wholesaler',
    op: 'create',
    path: own('wholesaler', PRODUCT.active2),
    expect: 'allow',
    why: 'Reorder: one batch of merged lines',
    run: (db) => {
      const batch = writeBatch(db);
      for (const productId of [PRODUCT.active, PRODUCT.active2]) {
        batch.set(doc(db, paths.cartItem(U.wholesaler, productId)), line(productId, 4), {
          merge: true,
        });
      }
      return batch.commit();
    },
  },
  {
    actor: 'wholesaler',
    op: 'create',
    path: own('wholesaler', PRODUCT.inactive),
    expect: 'deny',
    why: 'a batch with one bad line fails as a whole',
    run: (db) => {
      const batch = writeBatch(db);
      for (const productId of [PRODUCT.active2, PRODUCT.inactive]) {
        batch.set(doc(db, paths.cartItem(U.wholesaler, productId)), line(productId, 1), {
          merge: true,
        });
      }
      return batch.commit();
    },
  },

  // update
  ...approvedBuyers.map((actor): RuleCase => ({
    actor,
    op: 'update',
    path: own(actor),
    data: { quantity: 5, updated_at: serverTimestamp() },
    expect: 'allow',
    why: 'quantity stepper',
  })),
  ...(['pending', 'rejected', 'manager', 'removedA'] as const).map((actor): RuleCase => ({
    actor,
    op: 'update',
    path: own(actor),
    data: { quantity: 5, updated_at: serverTimestamp() },
    expect: 'deny',
    why: refusal(actor, 'own line'),
  })),
  {
    actor: 'viewerA',
    op: 'update',
    path: own('viewerA'),
    data: { quantity: 5, updated_at: serverTimestamp() },
    expect: 'deny',
    why: VIEW_ONLY,
  },
  ...(
    [
      ['retailer', "the owner changing their buyer's line"],
      ['viewerA', "a viewer changing a buyer's line"],
      ['memberB', "another company's buyer's line"],
    ] as const
  ).map(([actor, why]): RuleCase => ({
    actor,
    op: 'update',
    path: buyerALine,
    data: { quantity: 5, updated_at: serverTimestamp() },
    expect: 'deny',
    why,
  })),
  {
    actor: 'anonymous',
    op: 'update',
    path: retailerLine,
    data: { quantity: 5, updated_at: serverTimestamp() },
    expect: 'deny',
  },
  {
    actor: 'another',
    op: 'update',
    path: retailerLine,
    data: { quantity: 5, updated_at: serverTimestamp() },
    expect: 'deny',
    why: "another buyer's line",
  },
  {
    actor: 'wholesaler',
    op: 'update',
    path: retailerLine,
    data: { quantity: 5, updated_at: serverTimestamp() },
    expect: 'deny',
    why: "another buyer's line",
  },
  {
    actor: 'retailer',
    op: 'update',
    path: own('retailer'),
    data: { product_id: PRODUCT.active, quantity: increment(1), updated_at: serverTimestamp() },
    merge: true,
    expect: 'allow',
    why: 'Add to Cart on an existing line (merge, increment)',
  },
  {
    actor: 'retailer',
    op: 'update',
    path: own('retailer'),
    data: { quantity: 999, updated_at: serverTimestamp() },
    expect: 'allow',
    why: 'quantity 999',
  },
  {
    actor: 'retailer',
    op: 'update',
    path: own('retailer'),
    data: { quantity: 0, updated_at: serverTimestamp() },
    expect: 'deny',
    why: 'quantity below 1',
  },
  {
    actor: 'retailer',
    op: 'update',
    path: own('retailer'),
    data: { quantity: 1000, updated_at: serverTimestamp() },
    expect: 'deny',
    why: 'quantity above 999',
  },
  {
    actor: 'retailer',
    op: 'update',
    path: own('retailer'),
    data: { quantity: 2.5, updated_at: serverTimestamp() },
    expect: 'deny',
    why: 'fractional quantity',
  },
  {
    actor: 'retailer',
    op: 'update',
    path: own('retailer'),
    data: { quantity: 3 },
    expect: 'deny',
    why: 'updated_at not refreshed',
  },
  {
    actor: 'retailer',
    op: 'update',
    path: own('retailer'),
    data: { product_id: PRODUCT.active2, updated_at: serverTimestamp() },
    expect: 'deny',
    why: 'product_id changed',
  },
  {
    actor: 'retailer',
    op: 'update',
    path: own('retailer'),
    data: { unit_price: 1, updated_at: serverTimestamp() },
    expect: 'deny',
    why: 'a price in the cart',
  },

  // delete
  ...approvedBuyers.map((actor): RuleCase => ({
    actor,
    op: 'delete',
    path: own(actor),
    expect: 'allow',
    why: 'remove own line',
  })),
  ...notApproved.map((actor): RuleCase => ({
    actor,
    op: 'delete',
    path: own(actor),
    expect: 'deny',
    why: refusal(actor, 'own line'),
  })),
  {
    actor: 'another',
    op: 'delete',
    path: retailerLine,
    expect: 'deny',
    why: "another buyer's line",
  },
  {
    actor: 'viewerA',
    op: 'delete',
    path: own('viewerA'),
    expect: 'deny',
    why: VIEW_ONLY,
  },
  ...(
    [
      ['retailer', "the owner emptying their buyer's cart"],
      ['viewerA', "a viewer emptying a buyer's cart"],
      ['memberB', "another company's buyer's line"],
      ['removedA', "a former colleague's line"],
    ] as const
  ).map(([actor, why]): RuleCase => ({
    actor,
    op: 'delete',
    path: buyerALine,
    expect: 'deny',
    why,
  })),
  {
    actor: 'manager',
    op: 'delete',
    path: retailerLine,
    expect: 'deny',
    why: "managers don't edit carts",
  },

  // revoked: approved claims in a token issued before the profile was rejected.
  {
    actor: 'revoked',
    op: 'get',
    path: own('revoked'),
    expect: 'deny',
    why: 'rejected after the token was issued',
  },
  {
    actor: 'revoked',
    op: 'list',
    path: ownCart('revoked'),
    expect: 'deny',
    why: 'rejected after the token was issued',
  },
  {
    actor: 'revoked',
    op: 'create',
    path: own('revoked', PRODUCT.active2),
    data: line(PRODUCT.active2, 1),
    expect: 'deny',
    why: 'rejected after the token was issued',
  },
  {
    actor: 'revoked',
    op: 'update',
    path: own('revoked'),
    data: { quantity: 4, updated_at: serverTimestamp() },
    expect: 'deny',
    why: 'rejected after the token was issued',
  },
  {
    actor: 'revoked',
    op: 'delete',
    path: own('revoked'),
    expect: 'deny',
    why: 'rejected after the token was issued',
  },
];
