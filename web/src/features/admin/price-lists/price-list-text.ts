/**
 * The Price lists tab's words: where a list stands now (Scheduled, Active, Expired) and its window
 * in business days ("Dec 1, 2026 – Dec 31, 2026", "From Dec 1, 2026", "Until Dec 31, 2026",
 * "No end"). No React, no antd.
 */
import {
  dayNumber,
  formatCount,
  priceListDays,
  type PriceListState,
  type StoredPriceList,
} from '@portal/domain';
import type { TagColor } from '@/components/tag';
import { dateFormatter } from '@/lib/intl-formats';

export const PRICE_LIST_STATE_LABELS: Readonly<Record<PriceListState, string>> = {
  scheduled: 'Scheduled',
  active: 'Active',
  expired: 'Expired',
};

export const PRICE_LIST_STATE_COLORS: Readonly<Record<PriceListState, TagColor>> = {
  scheduled: 'blue',
  active: 'success',
  expired: 'default',
};

const MS_PER_DAY = 24 * 3600 * 1000;
const dayFormat = dateFormatter({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A business day ('YYYY-MM-DD') as "Dec 1, 2026" (the day as written, whatever the time zone). */
export function formatListDay(day: string): string {
  return dayFormat.format(new Date((dayNumber(day) ?? 0) * MS_PER_DAY));
}

/** The list's window as its business days, both inclusive; open on either side. */
export function priceListWindowText(
  list: Pick<StoredPriceList, 'valid_from' | 'valid_to'>,
): string {
  const { valid_from: from, valid_to: to } = priceListDays(list);
  if (from && to) return `${formatListDay(from)} – ${formatListDay(to)}`;
  if (from) return `From ${formatListDay(from)}`;
  if (to) return `Until ${formatListDay(to)}`;
  return 'No end';
}

/** "1 product", "12 products"; "1 company", "3 companies". */
export function countText(count: number, noun: string, plural = `${noun}s`): string {
  return `${formatCount(count)} ${count === 1 ? noun : plural}`;
}

export const productsText = (count: number) => countText(count, 'product');
export const companiesText = (count: number) => countText(count, 'company', 'companies');
