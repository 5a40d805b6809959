import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ChoiceSegmented } from './choice-segmented';

type Choice = 'all' | 'active' | 'paused';

function Harness({ onChange }: { onChange: (value: Choice) => void }) {
  const [value, setValue] = useState<Choice>('all');
  return (
    <ChoiceSegmented<Choice>
      aria-label="Filter by status"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      options={[
        { value: 'all', label: 'All (3)' },
        { value: 'active', label: 'Active (2)' },
        { value: 'paused', label: 'Paused (0)', disabled: true },
      ]}
    />
  );
}

describe('ChoiceSegmented', () => {
  it('is a named radio group with the chosen item marked, and one tab stop on the checked choice', async () => {
    const user = userEvent.setup();
    render(<Harness onChange={() => undefined} />);
    const group = screen.getByRole('radiogroup', { name: 'Filter by status' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'All (3)' })).toBeChecked();
    expect(screen.getByText('All (3)').closest('label')).toHaveClass('segmented__item--selected');
    await user.tab();
    expect(screen.getByRole('radio', { name: 'All (3)' })).toHaveFocus();
  });

  it('chooses on a click, and never a disabled choice', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByText('Active (2)'));
    expect(onChange).toHaveBeenLastCalledWith('active');
    expect(screen.getByRole('radio', { name: 'Active (2)' })).toBeChecked();
    expect(screen.getByText('Active (2)').closest('label')).toHaveClass(
      'segmented__item--selected',
    );
    expect(screen.getByRole('radio', { name: 'Paused (0)' })).toBeDisabled();
    await user.click(screen.getByText('Paused (0)'));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('shows a chosen option that is disabled unchosen, so Tab still reaches the others', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <ChoiceSegmented<'day' | 'week'>
        aria-label="Revenue per"
        value="day"
        onChange={onChange}
        options={[
          { value: 'day', label: 'Day', disabled: true },
          { value: 'week', label: 'Week' },
        ]}
      />,
    );
    expect(screen.getByRole('radio', { name: 'Day' })).not.toBeChecked();
    expect(screen.getByText('Day').closest('label')).not.toHaveClass('segmented__item--selected');
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Week' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith('week');
  });
});
