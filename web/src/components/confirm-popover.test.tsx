import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmPopover } from './confirm-popover';

function Confirm({ onConfirm }: { onConfirm: () => void }) {
  const [ticked, setTicked] = useState(false);
  return (
    <>
      <ConfirmPopover
        title="Cancel order #1?"
        description={
          <label>
            <input type="checkbox" checked={ticked} onChange={(e) => setTicked(e.target.checked)} />
            Restock
          </label>
        }
        okText="Yes, cancel"
        cancelText="Keep order"
        onOpenChange={(open) => open && setTicked(false)}
        onConfirm={onConfirm}
      >
        {(trigger) => (
          <button type="button" {...trigger}>
            Cancel Order
          </button>
        )}
      </ConfirmPopover>
      <p>Elsewhere</p>
    </>
  );
}

describe('ConfirmPopover', () => {
  it('opens as an alert dialog named by its title, with the focus on its first control', async () => {
    const user = userEvent.setup();
    render(<Confirm onConfirm={() => undefined} />);
    const opener = screen.getByRole('button', { name: 'Cancel Order' });
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    await user.click(opener);
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel order #1?' });
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).getByRole('checkbox', { name: 'Restock' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Keep order' })).toHaveFocus();
  });

  it('closes with Escape or Cancel (the focus back on its button) or a click outside, and confirms nothing', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Confirm onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Cancel Order' });
    await user.click(opener);
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    await user.click(opener);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Keep order' }),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    await user.click(opener);
    await screen.findByRole('alertdialog');
    await user.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms once and closes; the box starts unticked each time it opens', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Confirm onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Cancel Order' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Restock' }));
    expect(screen.getByRole('checkbox', { name: 'Restock' })).toBeChecked();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Cancel Order' }));
    expect(await screen.findByRole('checkbox', { name: 'Restock' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('ConfirmPopover, placed by Floating UI', () => {
  it('is drawn at the end of the page, controlled by its button, positioned by left and top', async () => {
    const user = userEvent.setup();
    render(<Confirm onConfirm={() => undefined} />);
    const opener = screen.getByRole('button', { name: 'Cancel Order' });
    expect(opener).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(opener);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.parentElement).toBe(document.body);
    expect(opener).toHaveAttribute('aria-controls', dialog.id);
    expect(dialog.style.position).toBe('absolute');
    expect(dialog.style.transform).toBe('');
  });
});

describe('ConfirmPopover, leaving it', () => {
  it('is described by its description, for a screen reader that lands on its checkbox', async () => {
    const user = userEvent.setup();
    render(<Confirm onConfirm={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Cancel Order' }));
    expect(await screen.findByRole('alertdialog')).toHaveAccessibleDescription('Restock');
  });

  it('closes when the focus leaves it, and a click elsewhere keeps the focus where it went', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Confirm onConfirm={() => undefined} />
        <button type="button">Mark Shipped</button>
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Cancel Order' });
    await user.click(opener);
    await screen.findByRole('alertdialog');
    // Shift+Tab from its first control goes back into the page: the box closes behind it (Floating
    // UI's focus manager sees the focus leave and closes it a microtask later).
    await user.tab({ shift: true });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Mark Shipped' })).toHaveFocus();
    await user.click(opener);
    await screen.findByRole('alertdialog');
    const other = screen.getByRole('button', { name: 'Mark Shipped' });
    await user.click(other);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(other).toHaveFocus();
    expect(opener).not.toHaveFocus();
  });
});
