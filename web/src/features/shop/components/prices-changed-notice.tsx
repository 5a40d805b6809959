import { useState, type ReactNode } from 'react';
import type { StoredCartItem } from '@/entities/cart';
import { useCompany } from '@/entities/company';
import { businessDayFormat } from '@/lib/intl-formats';

export const PRICES_CHANGED_TITLE = 'Your prices changed';

/** The device remembers the change a member dismissed, per company. */
const dismissedKey = (companyId: string) => `portal.prices-changed-seen.${companyId}`;

function readDismissed(companyId: string): number {
  try {
    return Number(window.localStorage.getItem(dismissedKey(companyId))) || 0;
  } catch {
    return 0;
  }
}

/**
 * The cart's notice that the company's prices changed since its lines were added
 * (docs/pricing.md): a manager moved the company to another tier or changed its price lists
 * (`pricing_changed_at` on the company). The cart already shows the new prices; the notice says
 * so once, until the member closes it. Loaded with the cart, after its first paint; the cart
 * draws the notice (`render`) with the alert it already has, so this chunk shares none of its
 * code and the cart's first load stays as it was.
 */
export function PricesChangedNotice({
  companyId,
  cart,
  render,
}: {
  companyId: string;
  cart: readonly StoredCartItem[];
  render: (notice: { title: string; description: string; onClose: () => void }) => ReactNode;
}) {
  const company = useCompany(companyId);
  const [dismissed, setDismissed] = useState(() => readDismissed(companyId));
  const changedAt = company.data?.pricing_changed_at ?? null;
  if (!changedAt || dismissed >= changedAt.getTime()) return null;
  const older = cart.some((line) => line.updated_at && line.updated_at < changedAt);
  if (!older) return null;

  function dismiss() {
    const at = changedAt!.getTime();
    try {
      window.localStorage.setItem(dismissedKey(companyId), String(at));
    } catch {
      // Private mode: the notice is closed for this visit only.
    }
    setDismissed(at);
  }

  return render({
    title: PRICES_CHANGED_TITLE,
    description: `Your company's prices changed on ${businessDayFormat.format(changedAt)}. Your cart shows your new prices.`,
    onClose: dismiss,
  });
}
