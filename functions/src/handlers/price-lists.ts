import {
  deletePriceListRequest,
  moveCompanyTierRequest,
  savePriceListRequest,
  type MoveCompanyTierResponse,
  type SavePriceListResponse,
} from '@portal/domain';
import { moveCompanyTier } from '../companies/company-tier';
import { callerIp, parseData, requireManager } from '../lib/caller';
import { log } from '../lib/log';
import { limitCallable } from '../lib/rate-limit';
import { PRICE_LIST_PAYLOAD_LIMITS } from '../lib/payload-limits';
import { deletePriceList, savePriceList } from '../pricing/price-list-admin';
import { reconcileStandingOrdersOfCompanies } from '../standing-orders/reconcile';
import { callable } from './edge';

/**
 * The managers' prices (docs/pricing.md): price lists and tier moves. After each change the
 * standing orders of the companies it touches are repriced from their next cycle (the buyer is
 * mailed the new price: mail/standing-order-mails.ts); one that cannot be is logged and repriced
 * by the next change or renewal, and the change stands.
 */

/** Callable savePriceList({ listId?, name, valid_from, valid_to, company_ids, entries }). */
export const savePriceListHandler = callable(
  async (request, ctx): Promise<SavePriceListResponse> => {
    const caller = await requireManager(request, ctx);
    const input = parseData(savePriceListRequest, request.data);
    await limitCallable(ctx.db, 'savePriceList', { uid: caller.uid, ip: callerIp(request) });
    const change = await savePriceList(ctx, caller.uid, input);
    await repriceStandingOrders(ctx, change.companies);
    return { listId: change.listId };
  },
  PRICE_LIST_PAYLOAD_LIMITS,
);

/** Callable deletePriceList({ listId }). */
export const deletePriceListHandler = callable(
  async (request, ctx): Promise<{ listId: string }> => {
    const caller = await requireManager(request, ctx);
    const { listId } = parseData(deletePriceListRequest, request.data);
    await limitCallable(ctx.db, 'deletePriceList', { uid: caller.uid, ip: callerIp(request) });
    const change = await deletePriceList(ctx, caller.uid, listId);
    await repriceStandingOrders(ctx, change.companies);
    return { listId };
  },
);

/** Callable moveCompanyTier({ companyId, businessType, reason }). */
export const moveCompanyTierHandler = callable(
  async (request, ctx): Promise<MoveCompanyTierResponse> => {
    const caller = await requireManager(request, ctx);
    const input = parseData(moveCompanyTierRequest, request.data);
    await limitCallable(ctx.db, 'moveCompanyTier', { uid: caller.uid, ip: callerIp(request) });
    const moved = await moveCompanyTier(ctx, caller.uid, input);
    log.info('company_tier_moved', {
      actor: caller.uid,
      companyId: moved.companyId,
      from: moved.from,
      to: input.businessType,
    });
    await repriceStandingOrders(ctx, [moved.companyId]);
    return { companyId: moved.companyId, members: moved.members };
  },
);

async function repriceStandingOrders(
  ctx: Parameters<typeof reconcileStandingOrdersOfCompanies>[0],
  companies: readonly string[],
): Promise<void> {
  if (companies.length === 0) return;
  const result = await reconcileStandingOrdersOfCompanies(ctx, companies);
  if (result.checked > 0) log.info('standing_orders_repriced', { ...result });
}
