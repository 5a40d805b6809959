import {
  setCompanyTermsRequest,
  TERMS_LIMITS,
  type CompanyCredit,
  type SetCompanyTermsRequest,
  type TermsChoice,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Input, InputNumber } from 'antd';
import { useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { FormField } from '@/components/form-field';
import { NativeSelect } from '@/components/native-select';
import { companyCreditKeys } from '@/entities/company-credit';
import { callableErrorMessage } from '@/lib/callable-errors';
import { callSetCompanyTerms } from '@/lib/manager-callables';
import { useNotify } from '@/lib/notify';
import { searchKeys } from '../common/search';
import { COMPANY_TERMS_TEXTS, TERMS_OPTIONS } from './company-terms-text';

type Field = 'netDays' | 'creditLimit' | 'reason';
type Problems = Partial<Record<Field, string>>;

/** Dollars as typed (null: empty) to whole cents; undefined when there is no number. */
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
  onClose,
}: {
  companyId: string;
  companyName: string;
  credit: CompanyCredit;
  onClose: () => void;
}) {
  const notify = useNotify();
  const client = useQueryClient();
  const [netDays, setNetDays] = useState<TermsChoice>(credit.net_days ?? 0);
  const [dollars, setDollars] = useState<number | null>(credit.credit_limit / 100);
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (request: SetCompanyTermsRequest) => callSetCompanyTerms(request),
    onSuccess: async () => {
      notify.success(COMPANY_TERMS_TEXTS.saved);
      onClose();
      await Promise.all([
        client.invalidateQueries({ queryKey: companyCreditKeys.of(companyId) }),
        client.invalidateQueries({ queryKey: searchKeys.company(companyId) }),
      ]);
    },
    onError: (error) => setFailure(callableErrorMessage(error, COMPANY_TERMS_TEXTS.saveFailed)),
  });

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
        save.mutate(checked.request);
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
          <InputNumber<number>
            {...control}
            value={dollars}
            onChange={(value) => setDollars(value)}
            min={0}
            max={TERMS_LIMITS.maxCreditLimit / 100}
            precision={2}
            step={100}
            prefix="$"
            inputMode="decimal"
            status={problems.creditLimit ? 'error' : undefined}
            style={{ width: '100%' }}
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
