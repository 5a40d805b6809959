import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

function notices(): string[] {
  return [...document.querySelectorAll('.ant-notification-notice')].map((n) => n.textContent ?? '');
}

/** Waits for a toast (antd notification) with this title and text, as docs/product.md §17 writes them. */
export async function expectToast(title: string, text: string): Promise<void> {
  await waitFor(() => {
    expect(
      notices().some((notice) => notice.includes(title) && notice.includes(text)),
      `toast "${title}: ${text}" in [${notices().join(' | ')}]`,
    ).toBe(true);
  });
}
