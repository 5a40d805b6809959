import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { certificateExpiredNotice, exemptionText, type EstimateTaxResponse } from '@portal/domain';
import { callEstimateTax } from '@/lib/callables';

/** What the cart knows of the sales tax of its order (docs/tax.md#the-cart). */
export type TaxEstimateState =
  /** No location chosen (a company without locations): Stripe taxes the address at checkout. */
  | { state: 'at-checkout' }
  | { state: 'loading' }
  | { state: 'ready'; estimate: EstimateTaxResponse }
  | { state: 'failed' };

/**
 * Asks the server for the cart's sales tax to the chosen location (priced as checkout prices it,
 * Stripe Tax's calculation, or none under a resale certificate), again when the lines or the
 * location change, and tells the cart. Draws nothing: the cart shows the rows. A lazy part of the
 * cart, in the checkout choices' chunk.
 */
export function TaxEstimate({
  locationId,
  lines,
  onChange,
}: {
  locationId: string | null;
  /** The cart's lines as "productId:quantity", in order: another list asks again. */
  lines: string;
  onChange: (state: TaxEstimateState) => void;
}) {
  const query = useQuery({
    queryKey: ['tax-estimate', locationId, lines],
    queryFn: () => callEstimateTax({ locationId: locationId ?? '' }),
    enabled: locationId !== null && lines !== '',
    staleTime: 60_000,
    retry: 1,
  });
  const state: TaxEstimateState =
    locationId === null
      ? { state: 'at-checkout' }
      : query.data
        ? { state: 'ready', estimate: query.data }
        : query.isError
          ? { state: 'failed' }
          : { state: 'loading' };
  const key = state.state === 'ready' ? JSON.stringify(state.estimate) : state.state;
  useEffect(() => {
    onChange(state);
    // The state is rebuilt each render; `key` says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, onChange]);
  return null;
}

/**
 * Under the order summary: the certificate that exempts the order, or the warning that the
 * company's certificate for the state has expired (the order is taxed again).
 */
export function TaxNotes({ estimate }: { estimate: EstimateTaxResponse }) {
  return (
    <>
      {estimate.exemption && (
        <p className="order-summary__note">{exemptionText(estimate.exemption)}</p>
      )}
      {estimate.expiredCertificate && (
        // Plain words in a warning's colours: this chunk carries no Alert (nor its icons).
        <p className="order-summary__warning" role="status">
          {certificateExpiredNotice(estimate.expiredCertificate)}
        </p>
      )}
    </>
  );
}
