import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { PlaceTermsOrderRequest } from '@portal/domain';
import { cartKeys } from '@/entities/cart';
import { callPlaceTermsOrder } from '@/lib/callables';

/** A request id placeTermsOrder accepts (/^[A-Za-z0-9_-]{8,64}$/): a UUID without its dashes. */
export function newRequestId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/**
 * One request id per attempt: the same id for as long as `key` (what is being ordered: the
 * cart's lines, the location, the PO number) stays the same, so pressing again after a network
 * failure answers the order already placed instead of placing a second one; a new id once the
 * attempt changes.
 */
export function useAttemptIds(): (key: string) => string {
  const last = useRef<{ key: string; id: string } | null>(null);
  return useCallback((key: string) => {
    if (last.current?.key !== key) last.current = { key, id: newRequestId() };
    return last.current.id;
  }, []);
}

/**
 * Places the cart as an order on the company's payment terms (the server prices it and checks
 * the credit again). Whatever the answer, the cart, the orders and the company's credit are read
 * again: a placed order empties the cart and uses credit; a refusal may mean the credit changed.
 * The orders' and the credit's entities are imported then: the cart's first load has neither.
 */
export function usePlaceTermsOrder(uid: string, companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: PlaceTermsOrderRequest) => callPlaceTermsOrder(request),
    onSettled: async () => {
      const [{ orderKeys }, { companyCreditKeys }] = await Promise.all([
        import('@/entities/orders'),
        import('@/entities/company-credit'),
      ]);
      await Promise.all([
        client.invalidateQueries({ queryKey: cartKeys.ofBuyer(uid) }),
        client.invalidateQueries({ queryKey: orderKeys.ofCompany(companyId) }),
        client.invalidateQueries({ queryKey: companyCreditKeys.of(companyId) }),
      ]);
    },
  });
}
