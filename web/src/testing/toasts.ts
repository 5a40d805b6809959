import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** The toasts on screen (components/toast-region.tsx). */
export function toastElements(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('.toast')];
}

function notices(): string[] {
  return toastElements().map((n) => n.textContent ?? '');
}

/** Waits for a toast with this title and text, as docs/product.md#17-messages writes them. */
export async function expectToast(title: string, text: string): Promise<void> {
  await waitFor(() => {
    expect(
      notices().some((notice) => notice.includes(title) && notice.includes(text)),
      `toast "${title}: ${text}" in [${notices().join(' | ')}]`,
    ).toBe(true);
  });
}
