import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentType } from 'react';
import { createPortal } from 'react-dom';
import { describe, expect, it, vi } from 'vitest';
import { PageTabs } from '@/components/page-tabs';
import { PlainToasts } from '@/components/toast-region';
import { expectToast } from '@/testing/toasts';
import { DIALOG_LOAD_FAILED, lazyDialog } from './lazy-dialog';

type Props = { title: string; onClose: () => void };

function Dialog({ title, onClose }: Props) {
  return (
    <div role="dialog" aria-label={title}>
      <button onClick={onClose}>Close</button>
    </div>
  );
}

/** A load the test settles by hand, one promise per call. */
function handLoad() {
  const calls: Array<{ resolve: () => void; reject: () => void }> = [];
  const load = vi.fn(
    () =>
      new Promise<{ default: ComponentType<Props> }>((resolve, reject) => {
        calls.push({
          resolve: () => resolve({ default: Dialog }),
          reject: () => reject(new Error('Failed to fetch dynamically imported module')),
        });
      }),
  );
  return { load, calls };
}

function Opener({ Modal }: { Modal: ComponentType<Props> }) {
  const [open, setOpen] = useState(false);
  return (
    <PlainToasts>
      <button onClick={() => setOpen(true)}>Open</button>
      {open && <Modal title="Edit product" onClose={() => setOpen(false)} />}
    </PlainToasts>
  );
}

describe('lazyDialog', () => {
  it('says it is opening while its code comes, then shows the dialog, and at once the next time', async () => {
    const user = userEvent.setup();
    const { load, calls } = handLoad();
    const Modal = lazyDialog(load);
    render(<Opener Modal={Modal} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    // A status region at once, its words after 0.3 s (a change screen readers announce).
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');
    expect(await screen.findByText('Opening…')).toBeInTheDocument();
    expect(status).toHaveTextContent('Opening…');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => calls[0]!.resolve());
    expect(await screen.findByRole('dialog', { name: 'Edit product' })).toBeInTheDocument();
    expect(screen.queryByText('Opening…')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Edit product' })).toBeInTheDocument();
    expect(screen.queryByText('Opening…')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says when its code cannot be fetched and closes; opening it again tries again', async () => {
    const user = userEvent.setup();
    const { load, calls } = handLoad();
    const Modal = lazyDialog(load);
    render(<Opener Modal={Modal} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await act(async () => calls[0]!.reject());
    await expectToast('Error', DIALOG_LOAD_FAILED);
    expect(screen.queryByText('Opening…')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => calls[1]!.resolve());
    expect(await screen.findByRole('dialog', { name: 'Edit product' })).toBeInTheDocument();
  });

  it('can start fetching before it is opened', async () => {
    const { load, calls } = handLoad();
    const Modal = lazyDialog(load);
    const preloaded = Modal.preload();
    calls[0]!.resolve();
    await expect(preloaded).resolves.toBe(Dialog);
    render(<Opener Modal={Modal} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Edit product' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("closes when its tab panel is hidden (Back while it is open), and stays closed on the tab's return", async () => {
    const user = userEvent.setup();
    const { load, calls } = handLoad();
    // Drawn in a portal over the page, as antd's Modal and Drawer are: hiding the panel alone
    // would leave it open over the other tab.
    const Modal = lazyDialog(async () => {
      const { default: Inner } = await load();
      return {
        default: (props: Props) => createPortal(<Inner {...props} />, document.body),
      };
    });
    function Page() {
      const [tab, setTab] = useState<'one' | 'two'>('one');
      return (
        <>
          <button onClick={() => setTab(tab === 'one' ? 'two' : 'one')}>History</button>
          <PageTabs<'one' | 'two'>
            activeKey={tab}
            onChange={setTab}
            items={[
              { key: 'one', label: 'Claims', children: <Opener Modal={Modal} /> },
              { key: 'two', label: 'Orders', children: <p>Recent orders</p> },
            ]}
          />
        </>
      );
    }
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await act(async () => calls[0]!.resolve());
    expect(await screen.findByRole('dialog', { name: 'Edit product' })).toBeInTheDocument();
    // The tab changes under the dialog, as the browser's Back does (not a click: the dialog's
    // mask would be over the tabs).
    await user.click(screen.getByRole('button', { name: 'History' }));
    expect(screen.getByText('Recent orders')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Edit product' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'History' }));
    expect(screen.getByRole('button', { name: 'Open' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Edit product' })).not.toBeInTheDocument();
    // It opens again as before.
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'Edit product' })).toBeInTheDocument();
  });
});
