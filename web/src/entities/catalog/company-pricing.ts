import {
  applicableEntries,
  companyLadder,
  companyPriceListSchema,
  paths,
  priceBreaksFor,
  priceListTerms,
  unitPriceFor,
  withWholesalePrice,
  type AppliedEntry,
  type BuyerRole,
  type PriceListTerms,
  type Product,
  type WholesalePrice,
} from '@portal/domain';
import { collection, getDocs } from 'firebase/firestore/lite';
import { db } from '../firestore';
import type { PricedProduct } from './api';

/**
 * A company's prices in the store (docs/pricing.md): its tier's price and breaks, lowered by its
 * copies of the price lists assigned to it (companies/{companyId}/price_lists, which only its
 * members read) to the lowest price at every quantity (companyLadder), exactly as checkout
 * charges it on the server. Loaded by the catalog's reads beside the documents, as a chunk of its
 * own: the pages that show prices do not carry it before their first paint.
 */
export interface CompanyPricing {
  /** A product priced for the company, or null when its tier cannot buy it (no wholesale price). */
  priced(
    role: BuyerRole,
    product: Product,
    wholesale: WholesalePrice | undefined,
  ): PricedProduct | null;
}

const NO_LISTS: readonly AppliedEntry[] = [];

/**
 * The company's copies of the price lists assigned to it, whatever their window (its members and
 * managers read them). A malformed copy is left out: its products cost the tier price.
 */
export async function fetchCompanyPriceLists(companyId: string): Promise<PriceListTerms[]> {
  const snapshot = await getDocs(collection(db, paths.companyPriceLists(companyId)));
  return snapshot.docs.flatMap((document) => {
    const parsed = companyPriceListSchema.safeParse(document.data());
    return parsed.success ? [priceListTerms(document.id, parsed.data)] : [];
  });
}

/** The company's lists applicable now, read and indexed once per catalog read ('' : none). */
export async function companyPricing(companyId: string): Promise<CompanyPricing> {
  const lists = companyId ? await fetchCompanyPriceLists(companyId) : [];
  const index = applicableEntries(lists, new Date());
  return {
    priced(role, product, wholesale) {
      const joined = wholesale ? withWholesalePrice(product, wholesale) : product;
      const base = unitPriceFor(joined, role);
      if (base === null) return null;
      const ladder = companyLadder(
        { base, breaks: priceBreaksFor(joined, role) },
        index.get(product.id) ?? NO_LISTS,
      );
      return {
        ...product,
        unit_price: ladder.base,
        breaks: ladder.breaks,
        tier_price: base,
        price_list: ladder.baseList,
      };
    },
  };
}
