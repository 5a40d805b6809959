import { businessDayText, formatUsd, type VerifyPaymentResponse } from '@portal/domain';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export type StandingOrderTermsFacts = NonNullable<VerifyPaymentResponse['standingOrder']>;

/**
 * A standing order's first payment: its terms, as automatic-renewal rules ask them stated with
 * the first charge (how often, how much, when next, how to cancel). The same words as the
 * confirmation mail (functions/src/mail/templates/messages.ts).
 */
export function StandingOrderTerms({ terms }: { terms: StandingOrderTermsFacts }) {
  const weeks = terms.intervalWeeks;
  const next = terms.nextChargeAt ? businessDayText(new Date(terms.nextChargeAt)) : null;
  return (
    <section className="pay-terms" aria-labelledby="pay-terms-title">
      <h2 id="pay-terms-title" className="pay-terms__title">
        Standing order: every {weeks} weeks
      </h2>
      <p>
        This standing order renews automatically: we charge {formatUsd(terms.cycleAmount)} plus any
        sales tax to the card you paid with every {weeks} weeks and ship that delivery, until you
        cancel.
      </p>
      <p>
        <strong>Next charge:</strong> {next ?? 'shown in My Account > Standing orders in a minute'}
      </p>
      <p>
        To cancel, skip a delivery or change quantities, open{' '}
        <Link to={`${paths.account}?tab=standing-orders`}>My Account &gt; Standing orders</Link> and
        choose &ldquo;Cancel standing order&rdquo; before the next charge date. Nothing more is
        charged after you cancel.
      </p>
    </section>
  );
}
