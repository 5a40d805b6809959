import {
  formatClaimsRate,
  PRODUCT_CLAIMS_DAYS,
  productClaimsTitle,
  type ClaimProductFigure,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callGetProductClaims } from '@/lib/manager-callables';

/**
 * The catalog's claims column: each product's claims and claims rate (units claimed / units
 * sold) over the last 90 days, computed by the server from the sales rollups
 * (getProductClaims). The products without a claim are not in the answer.
 */

export const productClaimsKey = ['admin', 'product-claims'] as const;

/** The claimed products by id; an empty map while loading or when the figures cannot be read. */
export function useProductClaims(): {
  byProduct: ReadonlyMap<string, ClaimProductFigure>;
  isPending: boolean;
  isError: boolean;
} {
  const query = useQuery({
    queryKey: productClaimsKey,
    queryFn: () => callGetProductClaims({}),
    // The figures move with claims, not with the catalog's edits: a minute is fresh enough.
    staleTime: 60_000,
  });
  const byProduct = useMemo(
    () => new Map((query.data?.products ?? []).map((figure) => [figure.productId, figure])),
    [query.data],
  );
  return { byProduct, isPending: query.isPending, isError: query.isError };
}

/** The column's header: what it counts, in its title. */
export const CLAIMS_COLUMN_TITLE = `Claims in the last ${PRODUCT_CLAIMS_DAYS} days, and the claims rate: units claimed / units sold in that time`;

/** "3 · 2.5%" (claims, rate), "None", or a dash while the figures are not there. */
export function ClaimsCell({
  figure,
  known,
}: {
  figure: ClaimProductFigure | undefined;
  /** The figures were read: a product missing from them had no claim. */
  known: boolean;
}) {
  if (!known) return <span className="admin-muted">—</span>;
  const title = productClaimsTitle(figure);
  if (!figure) {
    return (
      <span className="admin-muted" title={title}>
        None
      </span>
    );
  }
  return (
    <span title={title}>
      {figure.claims} · {formatClaimsRate(figure.rate)}
    </span>
  );
}
