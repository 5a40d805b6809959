import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { theme as antdTheme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlainToasts } from '@/components/toast-region';
import { ACCESS_DENIED_TEXT, ACCESS_DENIED_TITLE } from '@/components/access-denied-redirect';
import { handOverToast, useNotify } from '@/lib/notify';
import { REDUCED_MOTION_QUERY, TOUCH_LAYOUT_QUERY } from '@/lib/use-media-query';
import { AntdTheme, appTheme } from '@/components/antd-theme';
import { AppProviders } from './providers';

/** What antd's components are given: motion on or off, and the control height. */
function TokenProbe() {
  const { token } = antdTheme.useToken();
  return (
    <p>
      motion {String(token.motion)}, control {token.controlHeight}, small {token.controlHeightSM}
    </p>
  );
}

/** A matchMedia whose answers the test sets, and changes live (listeners are told). */
function fakeMedia(initial: Record<string, boolean>) {
  const answers = { ...initial };
  const listeners = new Map<string, Set<() => void>>();
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return answers[query] ?? false;
      },
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: (_: string, listener: () => void) => {
        if (!listeners.has(query)) listeners.set(query, new Set());
        listeners.get(query)?.add(listener);
      },
      removeEventListener: (_: string, listener: () => void) => {
        listeners.get(query)?.delete(listener);
      },
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
  return {
    set(query: string, matches: boolean) {
      answers[query] = matches;
      act(() => listeners.get(query)?.forEach((listener) => listener()));
    },
  };
}

describe('AntdTheme: reduced motion and touch layouts', () => {
  const realMatchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = realMatchMedia;
  });

  it("keeps antd's motion and its 32 px controls on a desktop that did not ask for less motion", () => {
    fakeMedia({});
    render(
      <AntdTheme>
        <TokenProbe />
      </AntdTheme>,
    );
    expect(screen.getByText('motion true, control 32, small 24')).toBeInTheDocument();
  });

  it("turns antd's motion off when the system asks for reduced motion, and back on live", () => {
    const media = fakeMedia({ [REDUCED_MOTION_QUERY]: true });
    render(
      <AntdTheme>
        <TokenProbe />
      </AntdTheme>,
    );
    expect(screen.getByText(/^motion false,/)).toBeInTheDocument();
    media.set(REDUCED_MOTION_QUERY, false);
    expect(screen.getByText(/^motion true,/)).toBeInTheDocument();
    media.set(REDUCED_MOTION_QUERY, true);
    expect(screen.getByText(/^motion false,/)).toBeInTheDocument();
  });

  it('keeps motion off when told to (tests), whatever the system says', () => {
    fakeMedia({ [REDUCED_MOTION_QUERY]: false });
    render(
      <AntdTheme motion={false}>
        <TokenProbe />
      </AntdTheme>,
    );
    expect(screen.getByText(/^motion false,/)).toBeInTheDocument();
  });

  it('makes every control 44 px tall, small ones included, on a touch layout (live)', () => {
    const media = fakeMedia({ [TOUCH_LAYOUT_QUERY]: true });
    render(
      <AntdTheme>
        <TokenProbe />
      </AntdTheme>,
    );
    expect(screen.getByText('motion true, control 44, small 44')).toBeInTheDocument();
    media.set(TOUCH_LAYOUT_QUERY, false);
    expect(screen.getByText('motion true, control 32, small 24')).toBeInTheDocument();
  });

  it('appTheme keeps the brand tokens and adds only the switches asked for', () => {
    const plain = appTheme({ motion: true, touch: false });
    expect(plain.token).not.toHaveProperty('motion');
    expect(plain.token).not.toHaveProperty('controlHeight');
    expect(plain.token?.colorPrimary).toBeDefined();
    const both = appTheme({ motion: false, touch: true });
    expect(both.token).toMatchObject({ motion: false, controlHeight: 44, controlHeightSM: 44 });
    expect(both.token?.colorPrimary).toBe(plain.token?.colorPrimary);
    expect(both.components?.Segmented).toMatchObject({ controlHeight: 48 });
  });
});

describe('AppProviders toasts', () => {
  it('shows the toast the public shell handed over (the admin welcome), once', async () => {
    handOverToast({
      kind: 'success',
      title: 'Welcome back!',
      text: 'Successfully logged in as admin',
    });
    const { unmount } = render(
      <AppProviders>
        <p>Dashboard</p>
      </AppProviders>,
    );
    await waitFor(() =>
      expect(document.querySelector('.toast')).toHaveTextContent(
        'Welcome back!Successfully logged in as admin',
      ),
    );
    unmount();
    render(
      <AppProviders>
        <p>Dashboard again</p>
      </AppProviders>,
    );
    await screen.findByText('Dashboard again');
    expect(document.querySelector('.toast')).toBeNull();
  });

  it('carries a toast across the change of shell both ways (Access Denied, then the welcome)', async () => {
    /** A page of the UI shell that refuses and moves on, as AccessDeniedRedirect does. */
    function Refuse({ onMove }: { onMove: () => void }) {
      const notify = useNotify();
      useEffect(() => {
        notify.error(ACCESS_DENIED_TITLE, ACCESS_DENIED_TEXT, { carry: true });
        onMove();
      }, [notify, onMove]);
      return null;
    }
    /** The admin login in the public shell: signs in and moves on with its welcome. */
    function AdminLogin({ onMove }: { onMove: () => void }) {
      const notify = useNotify();
      return (
        <button
          type="button"
          onClick={() => {
            notify.success('Welcome back!', 'Successfully logged in as admin', { carry: true });
            onMove();
          }}
        >
          Sign In
        </button>
      );
    }
    function App() {
      const [shell, setShell] = useState<'ui' | 'public' | 'ui-again'>('ui');
      if (shell === 'public') {
        return (
          <PlainToasts>
            <AdminLogin onMove={() => setShell('ui-again')} />
          </PlainToasts>
        );
      }
      return (
        <AppProviders>
          {shell === 'ui' ? <Refuse onMove={() => setShell('public')} /> : <p>Dashboard</p>}
        </AppProviders>
      );
    }
    render(<App />);
    // The refusal shows in the public shell's plain toast.
    await waitFor(() =>
      expect(document.querySelector('.toast')).toHaveTextContent(ACCESS_DENIED_TITLE),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByText('Dashboard');
    await waitFor(() =>
      expect(document.querySelector('.toast')).toHaveTextContent('Successfully logged in as admin'),
    );
    // One toast on screen: the public shell's region left with its shell.
    expect(document.querySelectorAll('.toast')).toHaveLength(1);
  });

  it('gives pages useNotify with actions and close by key', async () => {
    const store = vi.fn();
    function Page() {
      const notify = useNotify();
      return (
        <>
          <button
            type="button"
            onClick={() =>
              notify.info('Welcome back!', 'Taking you on.', {
                key: 'welcome',
                actions: [{ label: 'Store', onClick: store }],
              })
            }
          >
            Show
          </button>
          <button type="button" onClick={() => notify.close('welcome')}>
            Hide
          </button>
        </>
      );
    }
    render(
      <AppProviders>
        <Page />
      </AppProviders>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    const toast = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.toast');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    await userEvent.click(within(toast).getByRole('button', { name: 'Store' }));
    expect(store).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(document.querySelector('.toast')).toBeNull());
  });
});
