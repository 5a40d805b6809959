import { useEffect } from 'react';
import { useStoreCredit } from '@/entities/store-credit';

/**
 * The company's store credit (docs/payments.md#store-credit), read for the cart's order summary
 * in the lazy chunk of its checkout choices: it draws nothing and tells the cart the balance in
 * cents (0 while unread, or without credit).
 */
export function StoreCreditBalance({
  companyId,
  onChange,
}: {
  companyId: string;
  onChange: (balance: number) => void;
}) {
  const balance = useStoreCredit(companyId).data ?? 0;
  useEffect(() => onChange(balance), [balance, onChange]);
  return null;
}
