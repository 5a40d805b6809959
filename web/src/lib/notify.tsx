import { createContext, useContext, type ReactNode } from 'react';
import { callableErrorMessage } from './callable-errors';

/** A button inside a toast (the welcome toast's Store and Account, say). */
export interface ToastAction {
  label: string;
  onClick: () => void;
  primary?: boolean;
}

export interface ToastOptions {
  /** Names the toast, so `close(key)` can take it away (when the page it speaks of is left). */
  key?: string;
  actions?: readonly ToastAction[];
  /**
   * The toast speaks of the page the form moves to, which may sit in the other shell (from
   * /admin/login to /admin): it is shown there too when this page's shell goes away under it.
   */
  carry?: boolean;
}

/**
 * Toasts as docs/product.md §17 writes them: a title and a text, one visible at a time. Two
 * providers give it: the UI shell's antd notifications (app/providers.tsx) and the public
 * pages' plain toasts (components/toast-region.tsx), so a page does not care which shell it is
 * in.
 */
export interface Notify {
  success(title: string, text?: string, options?: ToastOptions): void;
  error(title: string, text?: string, options?: ToastOptions): void;
  info(title: string, text?: string, options?: ToastOptions): void;
  /** Closes the toast shown with this key, if it is still there. */
  close(key: string): void;
}

const NotifyContext = createContext<Notify | null>(null);

export function NotifyProvider({ value, children }: { value: Notify; children: ReactNode }) {
  return <NotifyContext.Provider value={value}>{children}</NotifyContext.Provider>;
}

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify needs a toast provider (the UI shell or the public shell).');
  return notify;
}

export type ToastKind = 'success' | 'error' | 'info';
export interface CarriedToast {
  kind: ToastKind;
  title: string;
  text?: string;
}

let carried: CarriedToast | null = null;

/** A shell going away leaves its carried toast for the next one (see ToastOptions.carry). */
export function handOverToast(toast: CarriedToast): void {
  carried = toast;
}

/** The toast a shell left for this one, once. */
export function takeHandedOverToast(): CarriedToast | null {
  const toast = carried;
  carried = null;
  return toast;
}

/** The message of an unknown error, for toasts that show the server's message. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return callableErrorMessage(error, fallback);
}
