import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  SkipStandingOrderDeliveryRequest,
  SkipStandingOrderDeliveryResponse,
} from '@portal/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { INVALID_TITLE, REFUSED_TITLE, SkipDeliveryPage } from './skip-delivery-page';

const callables = vi.hoisted(() => ({
  callSkipStandingOrderDelivery:
    vi.fn<
      (request: SkipStandingOrderDeliveryRequest) => Promise<SkipStandingOrderDeliveryResponse>
    >(),
}));
vi.mock('@/lib/callables', () => callables);

const TOKEN = `${'eyJzIjoic28tMSJ9'.padEnd(40, 'A')}.${'S'.repeat(43)}`;

const DELIVERY: SkipStandingOrderDeliveryResponse = {
  state: 'scheduled',
  storeName: 'Cloud Nine Smokeshop',
  deliveryAt: '2027-03-10T17:00:00.000Z',
  intervalWeeks: 2,
  lines: [
    { name: 'Blue Coast Syrup', quantity: 12, unitAmount: 2599 },
    { name: 'Purple Dream Syrup', quantity: 6, unitAmount: 2499 },
  ],
  total: 12 * 2599 + 6 * 2499,
  nextChargeAt: '2027-03-24T17:00:00.000Z',
};

function callableError(code: string, message: string) {
  return Object.assign(new Error(message), { code: `functions/${code}` });
}

function renderPage(route: string) {
  return renderWithProviders(<SkipDeliveryPage />, {
    strict: true,
    route,
    path: '/skip',
    routes: [{ path: '/portal/my-account', element: <h1>My Account page</h1> }],
  });
}

beforeEach(() => {
  callables.callSkipStandingOrderDelivery.mockReset().mockResolvedValue(DELIVERY);
});

describe('SkipDeliveryPage', () => {
  it('shows the delivery without skipping it, and skips it only when the button is pressed', async () => {
    renderPage(`/skip?token=${TOKEN}`);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your delivery…');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Skip a delivery' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The delivery of Mar 10, 2027 for Cloud Nine Smokeshop, every 2 weeks:'),
    ).toBeInTheDocument();
    expect(screen.getByText('12 × Blue Coast Syrup')).toBeInTheDocument();
    expect(screen.getByText('$461.82')).toBeInTheDocument();
    // Opening the page asked once, without confirm (StrictMode mounts twice).
    expect(callables.callSkipStandingOrderDelivery.mock.calls).toEqual([[{ token: TOKEN }]]);

    let finish: (value: SkipStandingOrderDeliveryResponse) => void = () => undefined;
    callables.callSkipStandingOrderDelivery.mockReturnValue(
      new Promise((resolve) => (finish = resolve)),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Skip this delivery' }));
    expect(callables.callSkipStandingOrderDelivery).toHaveBeenLastCalledWith({
      token: TOKEN,
      confirm: true,
    });
    await act(async () => finish({ ...DELIVERY, state: 'skipped' }));
    expect(await screen.findByRole('heading', { name: 'Delivery skipped' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Nothing is charged or shipped for the delivery of Mar 10, 2027. Your next delivery is on Mar 24, 2027.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open My Account' })).toHaveAttribute(
      'href',
      '/portal/my-account?tab=standing-orders',
    );
  });

  it('says a delivery already skipped is skipped', async () => {
    callables.callSkipStandingOrderDelivery.mockResolvedValue({ ...DELIVERY, state: 'skipped' });
    renderPage(`/skip?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Delivery skipped' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip this delivery' })).not.toBeInTheDocument();
  });

  it("shows the server's reason for a stale or expired link", async () => {
    callables.callSkipStandingOrderDelivery.mockRejectedValue(
      callableError(
        'failed-precondition',
        'This delivery was charged or changed since the reminder.',
      ),
    );
    renderPage(`/skip?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: REFUSED_TITLE })).toBeInTheDocument();
    expect(
      screen.getByText('This delivery was charged or changed since the reminder.'),
    ).toBeInTheDocument();
  });

  it.each([
    ['no token', '/skip'],
    ['a malformed token', '/skip?token=short'],
  ])('says the link is not valid for %s, without calling the server', (_name, route) => {
    renderPage(route);
    expect(screen.getByRole('heading', { name: INVALID_TITLE })).toBeInTheDocument();
    expect(callables.callSkipStandingOrderDelivery).not.toHaveBeenCalled();
  });
});
