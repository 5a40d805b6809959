import { createContext } from '../lib/context';
import { log } from '../lib/log';
import { repriceAtPriceListTurns } from '../standing-orders/price-list-turns';

/**
 * Every day just after midnight Pacific (index.ts), when price lists begin and end: the standing
 * orders of the companies whose lists turned are repriced (standing-orders/price-list-turns.ts).
 * The tests call it directly.
 */
export async function repriceAtPriceListTurnsHandler(): Promise<void> {
  const ctx = createContext();
  const result = await repriceAtPriceListTurns(ctx, new Date(ctx.now()));
  if (result.companies > 0) log.info('standing_orders_repriced_at_list_turns', { ...result });
}
