import { useEffect } from 'react';
import { creditToApply, type Cents } from '@portal/domain';
import { useStoreCredit } from '@/entities/store-credit';

/**
 * The store credit a card checkout of `goods` cents spends (docs/payments.md#store-credit),
 * read for the cart's order summary in the lazy chunk of its checkout choices: it draws nothing
 * and tells the cart the cents (0 while unread, without credit, or when it does not apply).
 */
export function StoreCreditToApply({
  companyId,
  goods,
  applies,
  onChange,
}: {
  companyId: string;
  goods: Cents;
  /** A one-time card checkout: standing orders and orders on terms spend none of it here. */
  applies: boolean;
  onChange: (applied: Cents) => void;
}) {
  const balance = useStoreCredit(companyId).data ?? 0;
  const applied = applies ? creditToApply(balance, goods) : 0;
  useEffect(() => onChange(applied), [applied, onChange]);
  return null;
}
