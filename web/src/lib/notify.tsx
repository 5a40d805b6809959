import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
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
   * The toast speaks of the page the app moves to, which may sit in the other shell (from
   * /admin/login to /admin, or from a refused /admin to /admin/login): it is shown there too
   * when this page's shell goes away under it.
   */
  carry?: boolean;
}

/**
 * Toasts as docs/product.md#17-messages writes them: a title and a text, one visible at a time.
 * Given by the toast region (components/toast-region.tsx) that the public shell and the UI shell
 * each mount; a toast that should outlive its shell is handed over (useToastHandOver).
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
  if (!notify)
    throw new Error('useNotify needs a toast provider (the UI shell or the public shell).');
  return notify;
}

export type ToastKind = 'success' | 'error' | 'info';
export interface CarriedToast {
  kind: ToastKind;
  title: string;
  text?: string;
}

/** How long a toast stays on screen (antd's default, kept by the plain toasts too). */
export const TOAST_MS = 4500;
/** A handed-over toast older than this is dropped: the move it spoke of did not happen. */
const HAND_OVER_MS = 5000;

let carried: { toast: CarriedToast; at: number } | null = null;

/** A shell going away leaves its carried toast for the next one (see ToastOptions.carry). */
export function handOverToast(toast: CarriedToast): void {
  carried = { toast, at: Date.now() };
}

/** The toast a shell left for this one, once, if it was left just now. */
export function takeHandedOverToast(): CarriedToast | null {
  const left = carried;
  carried = null;
  return left && Date.now() - left.at < HAND_OVER_MS ? left.toast : null;
}

/**
 * The hand-over, for a toast provider: shows the toast the other shell left when this one
 * mounts, and leaves its own carried toast, if still on screen, when it goes away. `show`
 * must be stable. Returns what the provider calls when it shows (or closes) a toast.
 */
export function useToastHandOver(show: (toast: CarriedToast) => void) {
  const own = useRef<{ toast: CarriedToast; key?: string; at: number } | null>(null);
  useEffect(() => {
    const left = takeHandedOverToast();
    if (left) show(left);
    return () => {
      const mine = own.current;
      if (mine && Date.now() - mine.at < TOAST_MS) handOverToast(mine.toast);
    };
  }, [show]);
  return useMemo(
    () => ({
      /** A toast was shown: remembered if it is to be carried, else an earlier one is forgotten. */
      shown(toast: CarriedToast, options: ToastOptions) {
        own.current = options.carry ? { toast, key: options.key, at: Date.now() } : null;
      },
      /** A toast was closed: by the person (no key), or by its key (only that one). */
      closed(key?: string) {
        if (key === undefined || own.current?.key === key) own.current = null;
      },
    }),
    [],
  );
}

/** The message of an unknown error, for toasts that show the server's message. */
export function errorMessage(
  error: unknown,
  fallback = 'Something went wrong. Please try again.',
): string {
  return callableErrorMessage(error, fallback);
}
