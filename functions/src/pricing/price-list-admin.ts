import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  paths,
  PRICE_LIST_MESSAGES,
  priceListWindow,
  storedPriceListSchema,
  type SavePriceListInput,
} from '@portal/domain';
import type { Context } from '../lib/context';
import { NotFoundError } from '../lib/errors';
import { log } from '../lib/log';

/**
 * Managers keep price lists (docs/pricing.md): savePriceList creates or replaces one,
 * deletePriceList removes it. One transaction writes the list, the copy each assigned company
 * reads (companies/{id}/price_lists/{listId}: name, window, entries, never the other companies),
 * removes the copies of companies no longer assigned, stamps every company whose prices it may
 * change (`pricing_changed_at`: the cart's notice) and records an audit_log entry. A checkout
 * already open keeps the prices it was created with (its Stripe session holds them).
 */

type Deps = Pick<Context, 'db'>;

export type PriceListAuditAction = 'price_list.saved' | 'price_list.deleted';

interface PriceListAuditEntry {
  action: PriceListAuditAction;
  actor: string;
  /** The list's id. */
  target: string;
  from: string | null;
  to: string | null;
  at: FieldValue;
  /** The companies it was assigned to before and after. */
  companies_before: string[];
  companies_after: string[];
  products: number;
}

/** Ids that name no document of `collection`, among `ids` (read in batches). */
async function missingIds(db: Firestore, collection: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const refs = ids.map((id) => db.collection(collection).doc(id));
  const snaps = await db.getAll(...refs);
  return snaps.filter((snap) => !snap.exists).map((snap) => snap.id);
}

/** A list saved or deleted, and every company whose prices it may have changed. */
export interface PriceListChange {
  listId: string;
  companies: string[];
}

/**
 * Creates (no listId) or replaces a price list. Every product must be in the catalog and every
 * company must exist (refused, not-found, with the first one missing; nothing written).
 */
export async function savePriceList(
  { db }: Deps,
  actor: string,
  input: SavePriceListInput,
): Promise<PriceListChange> {
  const productIds = Object.keys(input.entries);
  const companyIds = [...new Set(input.company_ids)];
  const [missingProducts, missingCompanies] = await Promise.all([
    missingIds(db, COLLECTIONS.products, productIds),
    missingIds(db, COLLECTIONS.companies, companyIds),
  ]);
  if (missingProducts.length > 0) {
    throw new NotFoundError(`${PRICE_LIST_MESSAGES.unknownProduct} (${missingProducts[0]}).`, {
      productId: missingProducts[0],
    });
  }
  if (missingCompanies.length > 0) {
    throw new NotFoundError(`${PRICE_LIST_MESSAGES.unknownCompany} (${missingCompanies[0]}).`, {
      companyId: missingCompanies[0],
    });
  }
  const ref = input.listId
    ? db.doc(paths.priceList(input.listId))
    : db.collection(COLLECTIONS.priceLists).doc();
  const window = priceListWindow(input.valid_from, input.valid_to);
  const stamp = (date: Date | null) => (date ? Timestamp.fromDate(date) : null);
  const copy = {
    name: input.name,
    valid_from: stamp(window.valid_from),
    valid_to: stamp(window.valid_to),
    entries: input.entries,
  };
  const now = FieldValue.serverTimestamp();
  const companiesBefore = await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (input.listId && !snap.exists) throw new NotFoundError(PRICE_LIST_MESSAGES.notFound);
    const before = snap.exists ? storedPriceListSchema.safeParse(snap.data()) : null;
    const companiesBefore = before?.success ? before.data.company_ids : [];
    tx.set(ref, {
      ...copy,
      company_ids: companyIds,
      updated_at: FieldValue.serverTimestamp(),
      updated_by: actor,
    });
    for (const companyId of companyIds) {
      tx.set(db.doc(paths.companyPriceList(companyId, ref.id)), copy);
    }
    for (const companyId of companiesBefore) {
      if (!companyIds.includes(companyId)) {
        tx.delete(db.doc(paths.companyPriceList(companyId, ref.id)));
      }
    }
    for (const companyId of new Set([...companiesBefore, ...companyIds])) {
      tx.update(db.doc(paths.company(companyId)), { pricing_changed_at: now });
    }
    const audit: PriceListAuditEntry = {
      action: 'price_list.saved',
      actor,
      target: ref.id,
      from: before?.success ? before.data.name : null,
      to: input.name,
      at: FieldValue.serverTimestamp(),
      companies_before: companiesBefore,
      companies_after: companyIds,
      products: productIds.length,
    };
    tx.set(db.collection(COLLECTIONS.auditLog).doc(), audit);
    return companiesBefore;
  });
  log.info('price_list_saved', {
    listId: ref.id,
    companies: companyIds.length,
    products: productIds.length,
  });
  return { listId: ref.id, companies: [...new Set([...companiesBefore, ...companyIds])] };
}

/** Deletes a price list and every company's copy of it. */
export async function deletePriceList(
  { db }: Deps,
  actor: string,
  listId: string,
): Promise<PriceListChange> {
  const ref = db.doc(paths.priceList(listId));
  const companies = await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw new NotFoundError(PRICE_LIST_MESSAGES.notFound);
    const parsed = storedPriceListSchema.safeParse(snap.data());
    const companyIds = parsed.success ? parsed.data.company_ids : [];
    tx.delete(ref);
    for (const companyId of companyIds) {
      tx.delete(db.doc(paths.companyPriceList(companyId, listId)));
      tx.update(db.doc(paths.company(companyId)), {
        pricing_changed_at: FieldValue.serverTimestamp(),
      });
    }
    const audit: PriceListAuditEntry = {
      action: 'price_list.deleted',
      actor,
      target: listId,
      from: parsed.success ? parsed.data.name : null,
      to: null,
      at: FieldValue.serverTimestamp(),
      companies_before: companyIds,
      companies_after: [],
      products: parsed.success ? Object.keys(parsed.data.entries).length : 0,
    };
    tx.set(db.collection(COLLECTIONS.auditLog).doc(), audit);
    return companyIds;
  });
  log.info('price_list_deleted', { listId, companies: companies.length });
  return { listId, companies };
}
