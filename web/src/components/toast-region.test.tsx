import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handOverToast, takeHandedOverToast, TOAST_MS, useNotify, type Notify } from '@/lib/notify';
import { toastElements } from '@/testing/toasts';
import { PlainToasts } from './toast-region';

/** Hands the provider's Notify to the test. */
function Capture({ onNotify }: { onNotify: (notify: Notify) => void }) {
  const notify = useNotify();
  useEffect(() => onNotify(notify), [notify, onNotify]);
  return null;
}

let notify: Notify;
const keep = (n: Notify) => {
  notify = n;
};

function renderToasts() {
  return render(
    <PlainToasts>
      <Capture onNotify={keep} />
    </PlainToasts>,
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('PlainToasts (the public pages’ toasts)', () => {
  it('shows one toast at a time, with its title and text', () => {
    renderToasts();
    act(() => notify.info('Account Pending', 'Your account is still pending approval.'));
    act(() => notify.success('Application Submitted!', 'We will review it.'));
    expect(toastElements()).toHaveLength(1);
    expect(toastElements()[0]).toHaveTextContent('Application Submitted!We will review it.');
  });

  it('announces errors at once and the others politely', () => {
    const { container } = renderToasts();
    const assertive = container.querySelector('[aria-live="assertive"]') as HTMLElement;
    const polite = container.querySelector('[aria-live="polite"]') as HTMLElement;
    act(() => notify.error('Login Failed', 'Invalid email or password.'));
    expect(assertive).toHaveTextContent('Login Failed');
    expect(polite).toBeEmptyDOMElement();
    act(() => notify.success('Welcome back!'));
    expect(assertive).toBeEmptyDOMElement();
    expect(polite).toHaveTextContent('Welcome back!');
  });

  it('closes by itself after 4.5 s, by its Close button, or by its key', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderToasts();
    act(() => notify.info('One'));
    act(() => vi.advanceTimersByTime(TOAST_MS - 100));
    expect(toastElements()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(200));
    expect(toastElements()).toHaveLength(0);

    act(() => notify.info('Two'));
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('button', { name: 'Close' }));
    expect(toastElements()).toHaveLength(0);

    act(() => notify.info('Three', undefined, { key: 'three' }));
    act(() => notify.close('another'));
    expect(toastElements()).toHaveLength(1);
    act(() => notify.close('three'));
    expect(toastElements()).toHaveLength(0);
  });

  it('stays while the pointer is on it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderToasts();
    act(() => notify.info('Held'));
    await u.hover(toastElements()[0] as HTMLElement);
    act(() => vi.advanceTimersByTime(TOAST_MS * 3));
    expect(toastElements()).toHaveLength(1);
    await u.unhover(toastElements()[0] as HTMLElement);
    act(() => vi.advanceTimersByTime(TOAST_MS + 100));
    expect(toastElements()).toHaveLength(0);
  });

  it('stays while focus is in it, whatever the pointer does', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderToasts();
    act(() => notify.info('Held', undefined, { actions: [{ label: 'Store', onClick: vi.fn() }] }));
    act(() => screen.getByRole('button', { name: 'Store' }).focus());
    await u.hover(toastElements()[0] as HTMLElement);
    await u.unhover(toastElements()[0] as HTMLElement);
    act(() => vi.advanceTimersByTime(TOAST_MS * 3));
    expect(toastElements()).toHaveLength(1);
    // Focus moving inside the toast keeps it too.
    act(() => screen.getByRole('button', { name: 'Close' }).focus());
    act(() => vi.advanceTimersByTime(TOAST_MS * 3));
    expect(toastElements()).toHaveLength(1);
    act(() => screen.getByRole('button', { name: 'Close' }).blur());
    act(() => vi.advanceTimersByTime(TOAST_MS + 100));
    expect(toastElements()).toHaveLength(0);
  });

  it('runs its actions', async () => {
    const store = vi.fn();
    renderToasts();
    act(() =>
      notify.success('Welcome back!', 'Taking you to your account in 3 seconds.', {
        actions: [
          { label: 'Store', onClick: store },
          { label: 'Account', primary: true, onClick: vi.fn() },
        ],
      }),
    );
    const toast = toastElements()[0] as HTMLElement;
    await userEvent.click(within(toast).getByRole('button', { name: 'Store' }));
    expect(store).toHaveBeenCalledOnce();
    expect(within(toast).getByRole('button', { name: 'Account' })).toHaveClass(
      'toast__action--primary',
    );
  });

  it('leaves a carried toast for the next shell when it goes away, and only a carried one', () => {
    const first = renderToasts();
    act(() => notify.success('Welcome back!', 'Successfully logged in as admin', { carry: true }));
    first.unmount();
    expect(takeHandedOverToast()).toEqual({
      kind: 'success',
      title: 'Welcome back!',
      text: 'Successfully logged in as admin',
    });
    expect(takeHandedOverToast()).toBeNull();

    const second = renderToasts();
    act(() => notify.error('Access Denied'));
    second.unmount();
    expect(takeHandedOverToast()).toBeNull();
  });

  it('does not carry a toast the person closed, or one that has already gone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const closedByHand = renderToasts();
    act(() => notify.success('Welcome back!', undefined, { carry: true }));
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('button', { name: 'Close' }));
    closedByHand.unmount();
    expect(takeHandedOverToast()).toBeNull();

    const timedOut = renderToasts();
    act(() => notify.success('Welcome back!', undefined, { carry: true }));
    act(() => vi.advanceTimersByTime(TOAST_MS + 100));
    timedOut.unmount();
    expect(takeHandedOverToast()).toBeNull();
  });

  it('shows the toast the UI shell left for it, once, if it was left just now', () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    handOverToast({
      kind: 'error',
      title: 'Access Denied',
      text: "You don't have manager privileges",
    });
    const first = renderToasts();
    expect(toastElements()[0]).toHaveTextContent("Access DeniedYou don't have manager privileges");
    first.unmount();
    renderToasts();
    expect(toastElements()).toHaveLength(0);

    handOverToast({ kind: 'error', title: 'Access Denied' });
    act(() => vi.advanceTimersByTime(6000));
    expect(takeHandedOverToast()).toBeNull();
  });

  it('is required by useNotify', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Capture onNotify={keep} />)).toThrow(/useNotify needs a toast provider/);
  });
});
