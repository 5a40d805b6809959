import {
  setCompanyTermsRequest,
  TERMS_LIMITS,
  type CompanyCredit,
  type TermsChoice,
} from '@portal/domain';
import { Input } from 'antd';
import { useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { FormField } from '@/components/form-field';
import { NativeSelect } from '@/components/native-select';
import { callableErrorMessage } from '@/lib/callable-errors';
import { useNotify } from '@/lib/notify';
import type { SaveTerms } from './company-terms-save';
import { COMPANY_TERMS_TEXTS, TERMS_OPTIONS } from './company-terms-text';

type Field = 'netDays' | 'creditLimit' | 'reason';
type Problems = Partial<Record<Field, string>>;

/** Dollars as typed (null: empty) to whole cents; undefined when there is no number. */
/** "1,500.50" -> 1500.5; null for anything that is not dollars and at most two decimals. */
export function dollarsOf(text: string): number | null {
  const plain = text.trim().replaceAll(',', '');
  return /^\d{1,9}(\.\d{1,2})?$/.test(plain) ? Number(plain) : null;
}

export function dollarsToCents(dollars: number | null): number | undefined {
  if (dollars === null || !Number.isFinite(dollars)) return undefined;
  return Math.round(dollars * 100);
}

/**
 * The request the form sends, checked by the domain's schema (its messages are the form's), or
 * the message of each field that is wrong.
 */
export function termsRequestOf(
  companyId: string,
  values: { netDays: TermsChoice; dollars: number | null; reason: string },
):
  | {
      ok: true;
      request: { companyId: string; netDays: TermsChoice; creditLimit: number; reason: string };
    }
  | { ok: false; problems: Problems } {
  const parsed = setCompanyTermsRequest.safeParse({
    companyId,
    netDays: values.netDays,
    creditLimit: dollarsToCents(values.dollars),
    reason: values.reason,
  });
  if (parsed.success) return { ok: true, request: parsed.data };
  const problems: Problems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'netDays' || field === 'creditLimit' || field === 'reason') {
      problems[field] ??= issue.message;
    }
  }
  return { ok: false, problems };
}

/**
 * Changing a company's payment terms and credit limit, with a reason (setCompanyTerms, audited
 * in the company's history). The limit is typed in dollars and sent in cents.
 */
export function CompanyTermsForm({
  companyId,
  companyName,
  credit,
  save,
  onClose,
}: {
  companyId: string;
  companyName: string;
  credit: CompanyCredit;
  /** The page's setCompanyTerms mutation (company-terms-save.ts). */
  save: SaveTerms;
  onClose: () => void;
}) {
  const notify = useNotify();
  const [netDays, setNetDays] = useState<TermsChoice>(credit.net_days ?? 0);
  const [dollarsText, setDollarsText] = useState(String(credit.credit_limit / 100));
  const dollars = dollarsOf(dollarsText);
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <form
      className="company-terms__form"
      aria-label={`Change the payment terms of ${companyName}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setFailure(null);
        const checked = termsRequestOf(companyId, { netDays, dollars, reason });
        if (!checked.ok) {
          setProblems(checked.problems);
          return;
        }
        setProblems({});
        save.mutate(checked.request, {
          onSuccess: () => {
            notify.success(COMPANY_TERMS_TEXTS.saved);
            onClose();
          },
          onError: (error) =>
            setFailure(callableErrorMessage(error, COMPANY_TERMS_TEXTS.saveFailed)),
        });
      }}
    >
      <FormField id="terms-net-days" label="Terms" error={problems.netDays}>
        {(control) => (
          <NativeSelect<string>
            {...control}
            autoFocus
            value={String(netDays)}
            onChange={(value) => setNetDays(Number(value) as TermsChoice)}
            options={TERMS_OPTIONS.map((option) => ({
              value: String(option.value),
              label: option.label,
            }))}
            invalid={Boolean(problems.netDays)}
          />
        )}
      </FormField>
      <FormField
        id="terms-credit-limit"
        label="Credit limit (dollars)"
        hint="From $0 to $1,000,000."
        error={problems.creditLimit}
      >
        {(control) => (
          <Input
            {...control}
            value={dollarsText}
            onChange={(event) => setDollarsText(event.target.value)}
            prefix="$"
            inputMode="decimal"
            autoComplete="off"
            status={problems.creditLimit ? 'error' : undefined}
          />
        )}
      </FormField>
      <FormField
        id="terms-reason"
        label="Reason (kept in the company's history)"
        error={problems.reason}
      >
        {(control) => (
          <Input.TextArea
            {...control}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={2}
            maxLength={TERMS_LIMITS.reason}
            showCount
            status={problems.reason ? 'error' : undefined}
          />
        )}
      </FormField>
      {failure && <Alert type="error" role="alert" title={failure} />}
      <div className="company-prices__actions">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save terms
        </Button>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
