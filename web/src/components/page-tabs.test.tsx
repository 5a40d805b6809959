import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { hiddenEnds, PageTabs, tabAfterKey } from './page-tabs';

type Key = 'one' | 'two' | 'three';

function Harness({
  start = 'one' as Key,
  activation,
}: {
  start?: Key;
  activation?: 'automatic' | 'manual';
}) {
  const [active, setActive] = useState<Key>(start);
  return (
    <PageTabs<Key>
      activeKey={active}
      onChange={setActive}
      activation={activation}
      items={[
        { key: 'one', label: 'One', children: <p>First panel</p> },
        { key: 'two', label: 'Two', children: <input aria-label="Note" /> },
        { key: 'three', label: 'Three', children: <p>Third panel</p> },
      ]}
    />
  );
}

describe('tabAfterKey', () => {
  it('wraps with the arrows and jumps with Home and End', () => {
    expect(tabAfterKey('ArrowRight', 2, 3)).toBe(0);
    expect(tabAfterKey('ArrowLeft', 0, 3)).toBe(2);
    expect(tabAfterKey('ArrowRight', 0, 3)).toBe(1);
    expect(tabAfterKey('Home', 2, 3)).toBe(0);
    expect(tabAfterKey('End', 0, 3)).toBe(2);
    expect(tabAfterKey('Enter', 1, 3)).toBeNull();
  });
});

describe('hiddenEnds', () => {
  it('names the ends with tabs scrolled past them', () => {
    expect(hiddenEnds({ scrollLeft: 0, clientWidth: 390, scrollWidth: 390 })).toEqual({
      start: false,
      end: false,
    });
    expect(hiddenEnds({ scrollLeft: 0, clientWidth: 390, scrollWidth: 600 })).toEqual({
      start: false,
      end: true,
    });
    expect(hiddenEnds({ scrollLeft: 100, clientWidth: 390, scrollWidth: 600 })).toEqual({
      start: true,
      end: true,
    });
    expect(hiddenEnds({ scrollLeft: 210, clientWidth: 390, scrollWidth: 600 })).toEqual({
      start: true,
      end: false,
    });
  });
});

describe('PageTabs', () => {
  it('fades a cut end under an arrow that scrolls the list that way (layout faked: no layout here)', () => {
    render(<Harness />);
    const list = screen.getByRole('tablist');
    // Before the list has any overflow: no fade, no arrow.
    const strip = list.parentElement!;
    expect(strip).not.toHaveAttribute('data-hidden-end');
    expect(document.querySelector('.page-tabs__arrow')).toBeNull();
    Object.defineProperties(list, {
      clientWidth: { configurable: true, value: 300 },
      scrollWidth: { configurable: true, value: 500 },
    });
    const scrollBy = vi.fn();
    list.scrollBy = scrollBy as typeof list.scrollBy;
    fireEvent.scroll(list);
    expect(strip).toHaveAttribute('data-hidden-end');
    expect(strip).not.toHaveAttribute('data-hidden-start');
    const arrow = document.querySelector<HTMLButtonElement>('.page-tabs__arrow--end')!;
    // Pointer only: out of the tab order and of the accessibility tree (the tabs are all there).
    expect(arrow).toHaveAttribute('aria-hidden', 'true');
    expect(arrow).toHaveAttribute('tabindex', '-1');
    fireEvent.click(arrow);
    expect(scrollBy).toHaveBeenCalledWith(expect.objectContaining({ left: 180 }));
    list.scrollLeft = 200;
    fireEvent.scroll(list);
    expect(strip).toHaveAttribute('data-hidden-start');
    expect(strip).not.toHaveAttribute('data-hidden-end');
    expect(document.querySelector('.page-tabs__arrow--end')).toBeNull();
    fireEvent.click(document.querySelector('.page-tabs__arrow--start')!);
    expect(scrollBy).toHaveBeenLastCalledWith(expect.objectContaining({ left: -180 }));
  });

  it('ties each tab to its panel and shows only the open one', () => {
    render(<Harness start="two" />);
    const tab = screen.getByRole('tab', { name: 'Two', selected: true });
    const panel = screen.getByRole('tabpanel', { name: 'Two' });
    expect(tab).toHaveAttribute('aria-controls', panel.id);
    expect(tab).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'One' })).toHaveAttribute('tabindex', '-1');
    // Panels never opened are not rendered at all.
    expect(screen.queryByText('First panel')).not.toBeInTheDocument();
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
  });

  it('moves and opens with the arrow keys, Home and End, one tab stop for the list', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'One' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Two', selected: true })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Three', selected: true })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'One', selected: true })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Three', selected: true })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'One', selected: true })).toHaveFocus();
    // Tab leaves the list for the open panel.
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'One' })).toHaveFocus();
  });

  it('with manual activation, the arrows only move the focus; Enter or Space opens the tab', async () => {
    const user = userEvent.setup();
    render(<Harness activation="manual" />);
    await user.tab();
    await user.keyboard('{ArrowRight}');
    const two = screen.getByRole('tab', { name: 'Two' });
    expect(two).toHaveFocus();
    expect(two).toHaveAttribute('aria-selected', 'false');
    // Not opened, so not rendered: arrowing past a tab does not load it.
    expect(screen.queryByRole('textbox', { name: 'Note' })).not.toBeInTheDocument();
    await user.keyboard('{ArrowRight}{ArrowLeft}');
    expect(two).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('tab', { name: 'Two', selected: true })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Note' })).toBeInTheDocument();
    await user.keyboard('{End} ');
    expect(screen.getByRole('tab', { name: 'Three', selected: true })).toHaveFocus();
    // The list is still one tab stop: back into it lands on the open tab.
    await user.tab();
    await user.tab({ shift: true });
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveFocus();
  });

  it('keeps a panel opened before mounted while hidden, with what was typed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('tab', { name: 'Two' }));
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'keep me');
    await user.click(screen.getByRole('tab', { name: 'Three' }));
    expect(screen.queryByRole('textbox', { name: 'Note' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Two' }));
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('keep me');
  });
});
