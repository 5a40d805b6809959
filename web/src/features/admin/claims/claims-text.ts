import {
  CLAIM_STATUS_LABELS,
  routePath,
  shortOrderId,
  type Claim,
  type ClaimStatus,
} from '@portal/domain';
import type { ClaimQueueFilter } from '@/entities/claims';
import type { TagColor } from '@/components/tag';
import { businessDayFormat, dateFormatter } from '@/lib/intl-formats';

/** The dashboard's Claims tab: its words (docs/product.md §12.3f). */
export const CLAIMS_TEXTS = {
  title: 'Claims',
  intro:
    'Damaged, missing or wrong items buyers reported after delivery. Ask the buyer, reject with a reason, or settle each claim once.',
  loadFailed: 'Could not load the claims',
  none: {
    new: 'No new claims.',
    awaiting_buyer: 'No claims are waiting for the buyer.',
    settled: 'No settled claims.',
    rejected: 'No rejected claims.',
    all: 'No claims yet.',
  } satisfies Record<ClaimQueueFilter, string>,
  review: 'Review',
  view: 'View',
  ask: 'Ask the buyer',
  reject: 'Reject',
  settle: 'Settle',
  askOk: 'Send question',
  rejectOk: 'Reject claim',
  settleOk: 'Settle claim',
  askedTitle: 'Question sent',
  rejectedTitle: 'Claim rejected',
  settledTitle: 'Claim settled',
  actionFailed: 'Could not update the claim. Try again.',
  settleFailed: 'Could not settle the claim. Try again.',
  orderFailed: 'Could not load the order of this claim.',
  orderMissing: 'The order of this claim was not found.',
  chooseRemedy: 'Choose how to settle the claim.',
  restock: 'Put the claimed units back in stock (the goods came back)',
  photoFailed: 'Could not load this photo.',
} as const;

export const CLAIM_STATUS_COLORS: Readonly<Record<ClaimStatus, TagColor>> = {
  new: 'blue',
  awaiting_buyer: 'gold',
  settled: 'green',
  rejected: 'red',
};

/** The queue's filter, with each status's count ("New (3)") once the counts are in. */
export function filterLabel(filter: ClaimQueueFilter, count: number | undefined): string {
  const name = filter === 'all' ? 'All' : CLAIM_STATUS_LABELS[filter];
  return count === undefined ? name : `${name} (${count})`;
}

/** "INV-000042", or the order's short number when it has no invoice. */
export function orderLabel(claim: Pick<Claim, 'order_id' | 'invoice_number'>): string {
  return claim.invoice_number || shortOrderId(claim.order_id);
}

/** The Orders tab with this order open (the new-order mail's link). */
export function adminOrderHref(orderId: string): string {
  const search = new URLSearchParams({ tab: 'orders', order: orderId });
  return `${routePath('admin')}?${search.toString()}`;
}

/** "Purple Dream Syrup × 2", "Purple Dream Syrup × 2 and 1 more item (3 units)". */
export function itemsSummary(claim: Pick<Claim, 'lines'>): string {
  const [first, ...rest] = claim.lines;
  if (!first) return '—';
  const head = `${first.name} × ${first.quantity}`;
  if (rest.length === 0) return head;
  const units = claim.lines.reduce((sum, line) => sum + line.quantity, 0);
  return `${head} and ${rest.length} more item${rest.length === 1 ? '' : 's'} (${units} units)`;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** How long ago the claim was reported: "Under an hour", "5 hours", "1 day", "12 days". */
export function ageText(since: Date, now: Date): string {
  const ms = Math.max(0, now.getTime() - since.getTime());
  if (ms < HOUR_MS) return 'Under an hour';
  if (ms < DAY_MS) {
    const hours = Math.floor(ms / HOUR_MS);
    return `${hours} hour${hours === 1 ? '' : 's'}`;
  }
  const days = Math.floor(ms / DAY_MS);
  return `${days} day${days === 1 ? '' : 's'}`;
}

const momentFormat = dateFormatter({ dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 20, 2026" */
export const formatDay = (at: Date) => businessDayFormat.format(at);
/** "Nov 20, 2026, 10:00 AM" */
export const formatMoment = (at: Date) => momentFormat.format(at);
