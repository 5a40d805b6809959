import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  companyLinePrice,
  imageSource,
  isOverride,
  locationSchema,
  orderTotalProblem,
  overrideProblem,
  paths,
  QUOTE_MESSAGES,
  quoteGoods,
  type AppliedEntry,
  type BuyerRole,
  type CatalogProduct,
  type DeleteDraftOrderRequest,
  type Product,
  type QuoteStateResponse,
  type saveDraftOrderRequest,
  type SaveDraftOrderResponse,
} from '@portal/domain';
import type * as z from 'zod/mini';
import { loadProducts } from '../catalog/products';
import type { CompanyRecord } from '../companies/company-record';
import { LOCATION_ARCHIVED, type LocationRecord } from '../companies/locations';
import {
  ConcurrentChangeError,
  InvalidRequestError,
  NotFoundError,
  PreconditionError,
} from '../lib/errors';
import { log } from '../lib/log';
import { companyPriceIndex } from '../pricing/company-price-lists';
import { approvedCompany, nameOf } from './quote-parties';
import {
  quoteDocSchemas,
  quoteRef,
  readQuote,
  type QuoteDeps,
  type QuoteDoc,
  type QuoteEventDoc,
  type QuoteLineDoc,
  type QuoteRecord,
} from './quote-record';
import { sentByAnotherNow } from './send-request';

/**
 * Draft orders (docs/order-lifecycle.md#draft-orders-and-quotes): a manager writes an order for
 * an approved company and one of its locations, with catalog products at the company's prices
 * (its tier and price lists, priced exactly as checkout prices a cart) and, where the manager
 * charges another price, the override with its reason. Every override is written to audit_log in
 * the transaction that saves it. A draft holds no stock and is saved, edited and deleted freely
 * until it is sent; its quantities may break a case pack or a minimum, or ask for more than is in
 * stock (those are checked when it is sent), but a product that is gone, inactive or has no price
 * for the company is refused at once.
 */

/** What a price override leaves in audit_log (one entry per override saved). */
export interface QuoteOverrideAuditEntry {
  kind: 'quote_price_override';
  quote_id: string;
  company_id: string;
  product_id: string;
  catalog_unit_amount: number;
  unit_amount: number;
  reason: string;
  by: string;
  at: FieldValue;
}

/** saveDraftOrder's request as parsed (defaults filled in). */
export type SaveDraftOrderInput = z.output<typeof saveDraftOrderRequest>;
type DraftLineInput = SaveDraftOrderInput['lines'][number];

/**
 * The draft's lines priced for the company: each line's catalog_unit_amount is the company's
 * price for its quantity (companyLinePrice, what checkout's priceOrderLines charges), its
 * unit_amount the manager's override where one was given. Refused: a product that is not in the
 * catalog (gone, inactive, no price at the company's tier), and an override without a reason.
 * Case packs, minimums and stock are not checked here (quoteLineConflicts, when it is sent).
 */
export function priceDraftLines(
  requests: readonly DraftLineInput[],
  products: ReadonlyMap<string, Product | CatalogProduct>,
  role: BuyerRole,
  lists: ReadonlyMap<string, readonly AppliedEntry[]>,
): QuoteLineDoc[] {
  return requests.map((request) => {
    const product = products.get(request.productId);
    const name = product?.name ?? request.productId;
    const refuse = (message: string): never => {
      throw new PreconditionError(message, { productId: request.productId });
    };
    if (!product || !product.is_active) return refuse(QUOTE_MESSAGES.notInCatalog(name));
    const price = companyLinePrice(product, role, request.quantity, lists.get(request.productId));
    if (price === null) return refuse(QUOTE_MESSAGES.notInCatalog(name));
    const catalog = price.unit_amount;
    const unit = request.unitAmount ?? catalog;
    const reason = request.overrideReason.trim();
    const priced = {
      name,
      quantity: request.quantity,
      catalog_unit_amount: catalog,
      unit_amount: unit,
      override_reason: isOverride({ catalog_unit_amount: catalog, unit_amount: unit })
        ? reason
        : '',
    };
    const problem = overrideProblem(priced);
    if (problem) throw new InvalidRequestError(problem, { productId: request.productId });
    return {
      product_id: request.productId,
      ...priced,
      description: product.description,
      // As an order keeps it: an uploaded photo's small size (none while its sizes are made).
      image_url: imageSource(product.image_url, product.image_sizes, 160)?.src ?? '',
      sku: product.sku,
      case_pack: product.case_pack,
      line_total: unit * request.quantity,
      ...(price.price_list
        ? { price_list: price.price_list, tier_unit_amount: price.tier_unit_amount }
        : {}),
    };
  });
}

/**
 * The company's location the draft ships to: one of its own that is not archived; none only
 * while the company has no active location (Checkout then asks for the address).
 */
async function draftLocation(
  db: Firestore,
  companyId: string,
  locationId: string | null,
): Promise<LocationRecord | null> {
  if (locationId === null) {
    const active = await db
      .collection(paths.locations(companyId))
      .where('archived', '==', false)
      .limit(1)
      .get();
    if (!active.empty) throw new InvalidRequestError(QUOTE_MESSAGES.location);
    return null;
  }
  const snap = await db.doc(paths.location(companyId, locationId)).get();
  const parsed = locationSchema.safeParse(snap.data());
  if (!snap.exists || !parsed.success) throw new InvalidRequestError(QUOTE_MESSAGES.location);
  if (parsed.data.archived) throw new PreconditionError(LOCATION_ARCHIVED);
  return { id: snap.id, ...parsed.data };
}

/** The overrides this save records: those the stored draft did not already have as they are. */
function newOverrides(lines: readonly QuoteLineDoc[], before: QuoteRecord | null) {
  const key = (line: QuoteLineDoc) =>
    [line.product_id, line.catalog_unit_amount, line.unit_amount, line.override_reason].join('|');
  const recorded = new Set(
    (before?.lines ?? []).filter((line) => isOverride(line)).map((line) => key(line)),
  );
  return lines.filter((line) => isOverride(line) && !recorded.has(key(line)));
}

/**
 * The draft's history with this save: "created" once, then one "edited" entry per manager in a
 * row (a manager saving ten times while on the phone leaves one entry, dated by the last save).
 */
function historyWith(before: QuoteRecord | null, event: QuoteEventDoc): QuoteEventDoc[] {
  if (!before) return [event];
  const history = [...before.history];
  const last = history.at(-1);
  if (last && last.state === 'draft' && last.by === event.by && last.text === EDITED) {
    history[history.length - 1] = event;
  } else {
    history.push(event);
  }
  return history;
}

const CREATED = 'Draft created.';
const EDITED = 'Draft edited.';

/**
 * saveDraftOrder (managers): creates a draft (no quoteId) or replaces a draft's contents. The
 * company must be approved and the location its own; every line is priced on the server; every
 * override needs its reason, and a save with one missing writes nothing. A quote already sent is
 * refused (QUOTE_MESSAGES.notDraft), and so is a draft while it is being sent.
 */
export async function saveDraftOrder(
  ctx: Pick<QuoteDeps, 'db' | 'now'>,
  managerUid: string,
  input: SaveDraftOrderInput,
): Promise<SaveDraftOrderResponse> {
  const { db } = ctx;
  const { lines } = input;
  const [company, managerName] = await Promise.all([
    approvedCompany(db, input.companyId),
    nameOf(db, managerUid),
  ]);
  const location = await draftLocation(db, company.id, input.locationId);
  const ids = lines.map((line) => line.productId);
  const now = ctx.now();
  // Priced at the company's tier and price lists as they are now, as checkout prices a cart.
  const [products, lists] = await Promise.all([
    loadProducts(db, ids, company.businessType),
    companyPriceIndex(db, company.id, new Date(now), ids),
  ]);
  const priced = priceDraftLines(lines, products, company.businessType, lists);
  const shipping = input.shippingAmount;
  const goods = quoteGoods(priced);
  const totalProblem = orderTotalProblem(goods + shipping);
  if (totalProblem) throw new PreconditionError(`${totalProblem}.`);

  const ref = input.quoteId ? quoteRef(db, input.quoteId) : db.collection(COLLECTIONS.quotes).doc();
  const overrides = await db.runTransaction(async (tx) => {
    const snap = input.quoteId ? await tx.get(ref) : null;
    const before = snap ? readQuote(snap) : null;
    if (snap && !before) throw new NotFoundError(QUOTE_MESSAGES.draftNotFound);
    if (before && before.state !== 'draft') throw new PreconditionError(QUOTE_MESSAGES.notDraft);
    if (snap && sentByAnotherNow(snap, now)) {
      throw new ConcurrentChangeError(QUOTE_MESSAGES.beingSent);
    }
    const at = Timestamp.fromMillis(now);
    const event: QuoteEventDoc = {
      state: 'draft',
      at,
      by: managerUid,
      by_name: managerName,
      text: before ? EDITED : CREATED,
    };
    const doc: QuoteDoc = {
      ...draftFields(company, location),
      // A draft given back after a send that failed keeps the number it took: no gap.
      number: before?.number ?? null,
      lines: priced,
      shipping_amount: shipping,
      goods_amount: goods,
      amount: goods + shipping,
      note_to_buyer: input.noteToBuyer,
      valid_days: input.validDays,
      created_by: before?.created_by ?? managerUid,
      created_by_name: before?.created_by_name ?? managerName,
      created_at: before?.created_at ?? at,
      updated_at: at,
      history: historyWith(before, event),
    };
    // The one definition decides what is stored: a draft that does not read back is a bug.
    quoteDocSchemas.quote.parse(doc);
    // An override is recorded once per company, draft and price: a save that keeps it adds none.
    const recorded = newOverrides(priced, before?.company_id === company.id ? before : null);
    tx.set(ref, doc);
    for (const line of recorded) {
      const audit: QuoteOverrideAuditEntry = {
        kind: 'quote_price_override',
        quote_id: ref.id,
        company_id: company.id,
        product_id: line.product_id,
        catalog_unit_amount: line.catalog_unit_amount,
        unit_amount: line.unit_amount,
        reason: line.override_reason,
        by: managerUid,
        at: FieldValue.serverTimestamp(),
      };
      tx.set(db.collection(COLLECTIONS.auditLog).doc(), audit);
    }
    return recorded.length;
  });
  log.info('draft_order_saved', {
    quoteId: ref.id,
    companyId: company.id,
    lines: priced.length,
    overrides,
    created: !input.quoteId,
    by: managerUid,
  });
  return { quoteId: ref.id };
}

/** A draft's fields that are not its lines: no delivery, no number, nothing sent yet. */
function draftFields(company: CompanyRecord, location: LocationRecord | null) {
  return {
    state: 'draft',
    delivery: null,
    number: null,
    company_id: company.id,
    company_name: company.name,
    location_id: location?.id ?? null,
    location_name: location?.name ?? '',
    ship_to: location?.ship_to ?? null,
    net_days: null,
    sent_at: null,
    expires_at: null,
    order_id: null,
    accepted_by: null,
    decline_reason: '',
    checkout: null,
  } as const;
}

/** deleteDraftOrder (managers): a draft only, and not while it is being sent. */
export async function deleteDraftOrder(
  ctx: Pick<QuoteDeps, 'db' | 'now'>,
  managerUid: string,
  input: DeleteDraftOrderRequest,
): Promise<QuoteStateResponse> {
  const { db } = ctx;
  const ref = quoteRef(db, input.quoteId);
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const quote = readQuote(snap);
    if (!quote) throw new NotFoundError(QUOTE_MESSAGES.draftNotFound);
    if (quote.state !== 'draft') throw new PreconditionError(QUOTE_MESSAGES.notDraft);
    if (sentByAnotherNow(snap, ctx.now())) {
      throw new ConcurrentChangeError(QUOTE_MESSAGES.beingSent);
    }
    tx.delete(ref);
  });
  log.info('draft_order_deleted', { quoteId: input.quoteId, by: managerUid });
  return { quoteId: input.quoteId, state: 'draft' };
}
