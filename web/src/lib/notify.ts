import { App } from 'antd';
import { useMemo } from 'react';
import { callableErrorMessage } from './callable-errors';

/**
 * Toasts as docs/product.md §17 writes them: a title and a text. The App provider is configured
 * with maxCount 1, so one notification is visible at a time.
 */
export interface Notify {
  success(title: string, text?: string): void;
  error(title: string, text?: string): void;
  info(title: string, text?: string): void;
}

export function useNotify(): Notify {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      success: (title, text) => notification.success({ title, description: text, placement: 'top' }),
      error: (title, text) => notification.error({ title, description: text, placement: 'top' }),
      info: (title, text) => notification.info({ title, description: text, placement: 'top' }),
    }),
    [notification],
  );
}

/** The message of an unknown error, for toasts that show the server's message. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return callableErrorMessage(error, fallback);
}
