import { TERMS_MESSAGES } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb } from '@/testing/fake-firestore-lite';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { CompanyTerms } from './company-terms';
import { termsRequestOf } from './company-terms-form';

const callables = vi.hoisted(() => ({ callSetCompanyTerms: vi.fn() }));
vi.mock('@/lib/manager-callables', () => callables);

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  callables.callSetCompanyTerms.mockReset();
});

const renderTerms = () =>
  renderWithProviders(<CompanyTerms companyId="c1" companyName="Cloud Nine" />);

function figure(name: string) {
  const term = screen.getByText(name, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

async function openForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'Change terms' }));
  return screen.findByRole('form', { name: 'Change the payment terms of Cloud Nine' });
}

describe('CompanyTerms (the company page’s Payment terms panel)', () => {
  it('shows no terms for a company without a credit account', async () => {
    renderTerms();
    await screen.findByText('Terms', { selector: 'dt' });
    expect(figure('Terms')).toBe('None (card only)');
    expect(figure('Credit limit')).toBe('$0.00');
    expect(figure('Open balance')).toBe('$0.00');
    expect(figure('Available credit')).toBe('$0.00');
    expect(screen.queryByText('Credit hold')).not.toBeInTheDocument();
  });

  it('shows the terms, the limit, the balance, what is left and a credit hold', async () => {
    fakeDb.seed('company_credit/c1', {
      net_days: 30,
      credit_limit: 500_000,
      open_balance: 120_050,
      overdue_orders: ['o1'],
    });
    renderTerms();
    await screen.findByText('Terms', { selector: 'dt' });
    expect(figure('Terms')).toBe('Net 30');
    expect(figure('Credit limit')).toBe('$5,000.00');
    expect(figure('Open balance')).toBe('$1,200.50');
    expect(figure('Available credit')).toBe('$3,799.50');
    expect(screen.getByText('Credit hold')).toHaveClass('tag--red');
  });

  it('asks for a reason with the domain’s message, then saves the terms in cents', async () => {
    callables.callSetCompanyTerms.mockResolvedValue({
      companyId: 'c1',
      netDays: 15,
      creditLimit: 250_075,
    });
    renderTerms();
    const form = await openForm();
    await userEvent.selectOptions(within(form).getByLabelText('Terms'), 'Net 15');
    const limit = within(form).getByLabelText('Credit limit (dollars)');
    await userEvent.clear(limit);
    await userEvent.type(limit, '2500.75');
    await userEvent.click(within(form).getByRole('button', { name: 'Save terms' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(TERMS_MESSAGES.reason);
    expect(callables.callSetCompanyTerms).not.toHaveBeenCalled();

    await userEvent.type(within(form).getByLabelText(/Reason/), 'Good payer for two years');
    await userEvent.click(within(form).getByRole('button', { name: 'Save terms' }));
    await waitFor(() =>
      expect(callables.callSetCompanyTerms).toHaveBeenCalledWith({
        companyId: 'c1',
        netDays: 15,
        creditLimit: 250_075,
        reason: 'Good payer for two years',
      }),
    );
    await expectToast('Terms saved.', '');
    // The form closes and the credit is read again.
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Change terms' })).toHaveFocus();
  });

  it('shows the server’s refusal', async () => {
    callables.callSetCompanyTerms.mockRejectedValue(
      Object.assign(new Error('This company is not approved.'), {
        code: 'functions/failed-precondition',
      }),
    );
    renderTerms();
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText(/Reason/), 'Asked for terms');
    await userEvent.click(within(form).getByRole('button', { name: 'Save terms' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'This company is not approved.',
    );
  });
});

describe('termsRequestOf (the form’s check)', () => {
  it('takes the domain schema’s messages', () => {
    expect(termsRequestOf('c1', { netDays: 30, dollars: null, reason: ' ' })).toEqual({
      ok: false,
      problems: { creditLimit: TERMS_MESSAGES.creditLimit, reason: TERMS_MESSAGES.reason },
    });
    expect(termsRequestOf('c1', { netDays: 30, dollars: 1_000_000.01, reason: 'x' })).toMatchObject(
      { ok: false, problems: { creditLimit: TERMS_MESSAGES.creditLimit } },
    );
    expect(termsRequestOf('c1', { netDays: 45 as never, dollars: 10, reason: 'x' })).toMatchObject({
      ok: false,
      problems: { netDays: TERMS_MESSAGES.netDays },
    });
  });

  it('sends dollars as whole cents and the reason trimmed', () => {
    expect(termsRequestOf('c1', { netDays: 60, dollars: 19.99, reason: '  ok ' })).toEqual({
      ok: true,
      request: { companyId: 'c1', netDays: 60, creditLimit: 1999, reason: 'ok' },
    });
  });
});
