import {
  applicableEntries,
  companyLinePrice,
  type AppliedEntry,
  type BuyerRole,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchCompanyPriceLists } from '@/entities/catalog/company-pricing';
import { searchKeys } from '../common/search';
import type { CompanyPriceOf } from './draft-form';

const NO_LISTS: ReadonlyMap<string, readonly AppliedEntry[]> = new Map();

/**
 * What the company pays for a line, for the editor to show while the manager writes the draft:
 * its tier's price and breaks, lowered by its price lists active now (companies/{id}/price_lists,
 * which managers read), by the same rule checkout and saveDraftOrder price by (companyLinePrice).
 * Display only: the server prices the draft when it is saved, and its prices are the ones kept.
 * Until the lists are read (or when they cannot be), the tier's prices are shown.
 */
export function useCompanyPrices(companyId: string, tier: BuyerRole | null) {
  const lists = useQuery({
    // Beside the company page's Prices panel: refreshed with the company's page.
    queryKey: [...searchKeys.company(companyId), 'price-lists'],
    queryFn: () => fetchCompanyPriceLists(companyId),
    enabled: companyId !== '',
  });
  const applied = useMemo(
    () => (lists.data ? applicableEntries(lists.data, new Date()) : NO_LISTS),
    [lists.data],
  );
  const priceOf: CompanyPriceOf | null = useMemo(
    () =>
      tier === null
        ? null
        : (product, quantity) => companyLinePrice(product, tier, quantity, applied.get(product.id)),
    [tier, applied],
  );
  return { priceOf, listsFailed: lists.isError, listsPending: lists.isPending };
}
