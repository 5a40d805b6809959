import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Alert } from './alert';
import { Button } from './button';
import { PlusOutlined } from './icons';
import { TextInput } from './text-input';

describe('Button', () => {
  it('is a plain button of the asked kind and size that never submits a form by surprise', async () => {
    const onClick = vi.fn();
    render(
      <Button type="primary" size="large" block onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('button', 'button--primary', 'button--large', 'button--block');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('ignores clicks while loading, says it is busy and shows a spinner in place of its icon', async () => {
    const onClick = vi.fn();
    render(
      <Button loading icon={<PlusOutlined />} onClick={onClick}>
        Add
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Add' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveClass('button--loading');
    expect(button.querySelector('.anticon-loading .anticon-spin')).not.toBeNull();
    expect(button.querySelector('.anticon-plus')).toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('wraps each run of text in a span and leaves elements as they are (as antd lays it out)', () => {
    render(
      <Button icon={<PlusOutlined />} aria-label="Logout">
        <span className="label">Logout</span>
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Logout' });
    expect([...button.children].map((child) => child.className)).toEqual(['button__icon', 'label']);
    expect(button).not.toHaveClass('button--icon-only');
    render(<Button icon={<PlusOutlined />} aria-label="More" />);
    expect(screen.getByRole('button', { name: 'More' })).toHaveClass('button--icon-only');
    render(<Button>Add {3} cases</Button>);
    expect(screen.getByRole('button', { name: 'Add 3 cases' }).children).toHaveLength(1);
  });

  it('submits its form only when asked to', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button>Cancel</Button>
        <Button htmlType="submit">Send</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});

describe('TextInput', () => {
  function Search({ onEnter }: { onEnter: () => void }) {
    const [text, setText] = useState('');
    return (
      <>
        <label htmlFor="q">Search</label>
        <TextInput
          id="q"
          value={text}
          allowClear
          prefix={<PlusOutlined />}
          onChange={(event) => setText(event.target.value)}
          onPressEnter={onEnter}
        />
        <output>{`[${text}]`}</output>
      </>
    );
  }

  it('clears through onChange with its clear button, shown only while it holds text', async () => {
    const onEnter = vi.fn();
    render(<Search onEnter={onEnter} />);
    const box = screen.getByLabelText('Search');
    const clear = screen.getByRole('button', { name: 'Clear', hidden: true });
    expect(clear).toHaveClass('text-input__clear--hidden');
    await userEvent.type(box, 'blue{Enter}');
    expect(screen.getByText('[blue]')).toBeInTheDocument();
    expect(onEnter).toHaveBeenCalledOnce();
    expect(clear).not.toHaveClass('text-input__clear--hidden');
    await userEvent.click(clear);
    expect(screen.getByText('[]')).toBeInTheDocument();
    expect(box).toHaveFocus();
    expect(clear).toHaveClass('text-input__clear--hidden');
  });

  it('is a bare input without a prefix or a clear button, red when invalid', () => {
    render(<TextInput aria-label="Quantity" size="small" aria-invalid defaultValue="2" />);
    const box = screen.getByRole('textbox', { name: 'Quantity' });
    expect(box).toHaveClass('text-input', 'text-input--small');
    expect(box.parentElement?.classList.contains('text-input--affix')).toBe(false);
  });
});

describe('Alert', () => {
  it('is read out at once by default, politely when asked, and closes with its button', async () => {
    const onClose = vi.fn();
    const { rerender } = render(<Alert type="error" title="It failed." description="Try again." />);
    expect(screen.getByRole('alert')).toHaveTextContent('It failed.Try again.');
    expect(screen.getByRole('alert')).toHaveClass('alert--error', 'alert--with-description');
    rerender(<Alert type="info" role="status" title="Payment cancelled" onClose={onClose} />);
    expect(screen.getByRole('status')).toHaveTextContent('Payment cancelled');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
