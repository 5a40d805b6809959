import { availableCredit, formatUsd, isOnCreditHold, termsLabel } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { lazyDialog } from '@/components/lazy-dialog';
import { TextSkeleton } from '@/components/skeleton';
import { Tag } from '@/components/tag';
import { withAntdTheme } from '@/components/with-antd-theme';
import { useCompanyCredit } from '@/entities/company-credit';
import { useSaveTerms } from './company-terms-save';
import { COMPANY_TERMS_TEXTS } from './company-terms-text';

// The form (antd's Select and InputNumber, with its theme) is fetched when a manager opens it.
const CompanyTermsForm = lazyDialog(
  withAntdTheme(() => import('./company-terms-form').then((m) => m.CompanyTermsForm)),
);

/**
 * The company page's Payment terms panel (docs/payment-terms.md): its terms, credit limit, open
 * balance and the credit still available (company_credit/{companyId}), a Credit hold tag while
 * an invoice is past due, and the form that changes the terms and the limit (with a reason).
 * Loaded with the page, after its first paint; the form's code when it is opened.
 */
export function CompanyTerms({
  companyId,
  companyName,
}: {
  companyId: string;
  companyName: string;
}) {
  const credit = useCompanyCredit(companyId);
  const save = useSaveTerms(companyId);
  const [editing, setEditing] = useState(false);
  // The form takes the button's place: closing it gives the focus back to the button.
  const changeButton = useRef<HTMLButtonElement>(null);
  const closed = useRef(false);
  useEffect(() => {
    if (!editing && closed.current) {
      closed.current = false;
      changeButton.current?.focus();
    }
  }, [editing]);

  if (credit.isPending) {
    return (
      <div role="status" aria-label="Loading payment terms">
        <TextSkeleton rows={2} />
      </div>
    );
  }
  if (credit.isError) {
    return (
      <Alert
        type="error"
        role="alert"
        title={COMPANY_TERMS_TEXTS.loadFailed}
        action={
          <Button size="small" onClick={() => void credit.refetch()}>
            Retry
          </Button>
        }
      />
    );
  }
  const data = credit.data;
  const hold = isOnCreditHold(data);
  const figures = [
    { title: 'Terms', value: termsLabel(data.net_days) },
    { title: 'Credit limit', value: formatUsd(data.credit_limit) },
    { title: 'Open balance', value: formatUsd(data.open_balance) },
    { title: 'Available credit', value: formatUsd(availableCredit(data)) },
  ];
  return (
    <div className="company-terms">
      {hold && (
        <p className="company-terms__hold">
          <Tag color="red">{COMPANY_TERMS_TEXTS.hold}</Tag>{' '}
          <span className="admin-secondary">{COMPANY_TERMS_TEXTS.holdNote}</span>
        </p>
      )}
      <dl className="company-terms__figures" aria-label={`Payment terms of ${companyName}`}>
        {figures.map((figure) => (
          <div key={figure.title} className="company-terms__figure">
            <dt className="admin-stat__title">{figure.title}</dt>
            <dd className="admin-stat__value">{figure.value}</dd>
          </div>
        ))}
      </dl>
      {editing ? (
        <CompanyTermsForm
          companyId={companyId}
          companyName={companyName}
          credit={data}
          save={save}
          onClose={() => {
            closed.current = true;
            setEditing(false);
          }}
        />
      ) : (
        <div>
          <Button
            ref={changeButton}
            onClick={() => setEditing(true)}
            onMouseEnter={() => void CompanyTermsForm.preload().catch(() => undefined)}
          >
            Change terms
          </Button>
        </div>
      )}
    </div>
  );
}
