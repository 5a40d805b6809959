import { productClaimsRequest, type ProductClaimsResponse } from '@portal/domain';
import { productClaims } from '../insights/product-claims';
import { parseData, requireManager } from '../lib/caller';
import { callable } from './edge';

/**
 * Callable getProductClaims({}) (managers): the catalog's claims column: each product claimed in
 * the last 90 business days, its claims, units claimed and sold, and its rate, from the sales
 * rollups (a few dozen documents at most). Reads only: no rate limit.
 */
export const getProductClaimsHandler = callable(
  async (request, ctx): Promise<ProductClaimsResponse> => {
    await requireManager(request, ctx);
    parseData(productClaimsRequest, request.data);
    return productClaims(ctx.db, new Date());
  },
);
