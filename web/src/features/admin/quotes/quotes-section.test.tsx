import type { Quote } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb } from '@/testing/fake-firestore-lite';
import { renderWithProviders } from '@/testing/render';
import { makeQuote, makeQuoteLine } from '../testing/quote-stubs';
import QuotesSection from './quotes-section';

vi.setConfig({ testTimeout: 30_000 });
const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

/** Stores a quote as the functions write it (the entity reads it back through the schema). */
function seed(quote: Quote) {
  const { id, ...data } = quote;
  fakeDb.seed(`quotes/${id}`, data);
}

const draft = makeQuote({
  id: 'draft-1',
  created_at: new Date('2026-03-04T18:00:00Z'),
  shipping_amount: 1500,
  lines: [makeQuoteLine({ quantity: 10, unit_amount: 2499 })],
});
const sent = makeQuote({
  id: 'quote-sent',
  state: 'sent',
  delivery: 'quote',
  number: 'Q-000001',
  company_id: 'company-blue',
  company_name: 'Blue Coast Vapes',
  location_name: 'Venice Beach store',
  created_at: new Date('2026-03-03T18:00:00Z'),
  sent_at: new Date('2026-03-03T19:00:00Z'),
  expires_at: new Date('2026-03-10T19:00:00Z'),
  lines: [makeQuoteLine({ quantity: 4, catalog_unit_amount: 2499, unit_amount: 1999 })],
});
const accepted = makeQuote({
  id: 'quote+2',
  state: 'accepted',
  delivery: 'payment_link',
  number: 'Q-000002',
  company_name: 'Cloud Nine Smoke',
  created_at: new Date('2026-03-01T18:00:00Z'),
  sent_at: new Date('2026-03-01T19:00:00Z'),
  expires_at: new Date('2026-03-02T19:00:00Z'),
  order_id: 'order0009xyz',
  accepted_by: 'uid-owner',
});

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

async function rows() {
  const table = await screen.findByRole('table', { name: 'Draft orders and quotes' });
  await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1));
  return within(table).getAllByRole('row').slice(1);
}

// Mar 2, 2026, before the quotes' expiry days (one past its day reads as expired).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T00:00:00Z').getTime() });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the draft orders and quotes section', () => {
  it('lists drafts and quotes newest first, with their state, delivery, total and dates', async () => {
    seed(accepted);
    seed(draft);
    seed(sent);
    renderWithProviders(<QuotesSection />);
    expect((await rows()).map(cellsOf)).toEqual([
      ['Draft', 'Cloud Nine Smoke', 'Main St store', 'Draft', '—', '$264.90', '—', 'Mar 4, 2026'],
      [
        'Q-000001',
        'Blue Coast Vapes',
        'Venice Beach store',
        'Sent',
        'Quote',
        '$79.96',
        'Mar 10, 2026',
        'Mar 3, 2026',
      ],
      [
        'Q-000002',
        'Cloud Nine Smoke',
        'Main St store',
        'Accepted',
        'Payment link',
        '$249.90',
        'Mar 2, 2026',
        'Mar 1, 2026',
      ],
    ]);
    expect(screen.getByRole('button', { name: 'Open draft for Cloud Nine Smoke' })).toBeVisible();
  });

  it('filters by state', async () => {
    seed(accepted);
    seed(draft);
    seed(sent);
    renderWithProviders(<QuotesSection />);
    await rows();
    await user.click(screen.getByRole('radio', { name: 'Sent' }));
    await waitFor(async () =>
      expect((await rows()).map((row) => cellsOf(row)[0])).toEqual(['Q-000001']),
    );
    await user.click(screen.getByRole('radio', { name: 'Declined' }));
    expect(await screen.findByText('No declined quotes.')).toBeInTheDocument();
    const reads = fakeDb.calls.filter((call) => call.op === 'getDocs');
    expect(reads.at(-1)).toMatchObject({
      path: 'quotes',
      constraints: expect.arrayContaining([
        { type: 'where', field: 'state', op: '==', value: 'declined' },
      ]) as unknown,
    });
  });

  it('says when there is nothing yet, and offers a retry when the list cannot be read', async () => {
    const { unmount } = renderWithProviders(<QuotesSection />);
    expect(await screen.findByText('No draft orders or quotes yet.')).toBeInTheDocument();
    unmount();
    fakeDb.fail('getDocs', 'quotes');
    renderWithProviders(<QuotesSection />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load draft orders and quotes');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows no empty state while the list is read', async () => {
    const release = fakeDb.hold('getDocs');
    renderWithProviders(<QuotesSection />);
    const table = await screen.findByRole('table', { name: 'Draft orders and quotes' });
    expect(table.closest('.data-table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('No draft orders or quotes yet.')).toBeNull();
    release();
    expect(await screen.findByText('No draft orders or quotes yet.')).toBeInTheDocument();
  });

  it('opens a sent quote read-only, with its document and the order it became', async () => {
    seed(accepted);
    renderWithProviders(<QuotesSection />);
    await rows();
    await user.click(
      screen.getByRole('button', { name: 'Open quote Q-000002 for Cloud Nine Smoke' }),
    );
    const view = within(
      await screen.findByRole('dialog', { name: 'Quote Q-000002 · Cloud Nine Smoke' }),
    );
    expect(
      view.getByRole('link', { name: 'Open the quote document Q-000002 (opens in a new tab)' }),
    ).toHaveAttribute('href', '/admin/quotes/quote%2B2');
    expect(view.getByRole('link', { name: 'Open the order' })).toHaveAttribute(
      'href',
      '/admin?tab=orders&order=order0009xyz',
    );
    expect(view.getByText('Accepted', { selector: '.tag' })).toBeInTheDocument();
    expect(view.queryByRole('button', { name: 'Save draft' })).toBeNull();
  });
});

describe('the section on a phone', () => {
  const realMatchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = realMatchMedia;
  });

  it('shows each draft and quote as a card with its opener', async () => {
    // The phone layout's query is (max-width: 575.98px): report a 390 px wide screen.
    window.matchMedia = (query: string) =>
      ({
        matches: /max-width:\s*575/.test(query),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
    seed(sent);
    renderWithProviders(<QuotesSection />);
    const card = within(
      await screen.findByRole('article', { name: 'Q-000001 for Blue Coast Vapes' }),
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(card.getByText('Sent')).toBeInTheDocument();
    expect(card.getByText('$79.96')).toBeInTheDocument();
    expect(card.getByText('Expires Mar 10, 2026')).toBeInTheDocument();
    expect(
      card.getByRole('button', { name: 'View quote Q-000001 for Blue Coast Vapes' }),
    ).toHaveTextContent('View');
  });
});
