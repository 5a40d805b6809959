import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  handOverToast,
  NotifyProvider,
  type Notify,
  type ToastAction,
  type ToastKind,
  type ToastOptions,
} from '@/lib/notify';
import { StatusIcon } from './status-icon';
import './toast-region.css';

type Kind = ToastKind;

interface Toast {
  id: number;
  kind: Kind;
  title: string;
  text?: string;
  key?: string;
  actions?: readonly ToastAction[];
  carry?: boolean;
}

/** Tells toasts apart, so a new one with the same words starts its own timer. */
let nextToastId = 1;

/** How long a toast stays, as antd's notifications (the UI shell's) do; hovering or focusing it holds it. */
export const TOAST_MS = 4500;

function ToastCard({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = window.setTimeout(onClose, TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [held, onClose]);
  return (
    <div
      className={`toast toast--${toast.kind}`}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <StatusIcon kind={toast.kind} size={22} className="toast__icon" />
      <div className="toast__body">
        <p className="toast__title">{toast.title}</p>
        {toast.text && <p className="toast__text">{toast.text}</p>}
        {toast.actions && toast.actions.length > 0 && (
          <div className="toast__actions">
            {toast.actions.map((action) => (
              <button
                key={action.label}
                type="button"
                className={`toast__action${action.primary ? ' toast__action--primary' : ''}`}
                onClick={action.onClick}
              >
                {action.label}
              </button>
            ))}
          </div>
        )}
      </div>
      <button type="button" className="toast__close" aria-label="Close" onClick={onClose}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="m13.4 12 5.3-5.3-1.4-1.4-5.3 5.3-5.3-5.3-1.4 1.4 5.3 5.3-5.3 5.3 1.4 1.4 5.3-5.3 5.3 5.3 1.4-1.4-5.3-5.3Z"
          />
        </svg>
      </button>
    </div>
  );
}

/**
 * useNotify() on the public pages, without antd: one toast at a time at the top of the screen,
 * as the UI shell shows them. Errors are announced at once (an assertive live region), the
 * others politely; both regions are in the page from the start, so screen readers hear what is
 * put in them. (Live regions without a role, so they do not stand in for the page's own status
 * messages.)
 */
export function PlainToasts({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const close = useCallback(() => setToast(null), []);
  // Leaving for the other shell with a carried toast on screen hands it over.
  const current = useRef<Toast | null>(null);
  useEffect(() => {
    current.current = toast;
  }, [toast]);
  useEffect(
    () => () => {
      const left = current.current;
      if (left?.carry) handOverToast({ kind: left.kind, title: left.title, text: left.text });
    },
    [],
  );
  const notify = useMemo<Notify>(() => {
    const show =
      (kind: Kind) =>
      (title: string, text?: string, options: ToastOptions = {}) =>
        setToast({ id: nextToastId++, kind, title, text, ...options });
    return {
      success: show('success'),
      error: show('error'),
      info: show('info'),
      close: (key) => setToast((current) => (current?.key === key ? null : current)),
    };
  }, []);
  const card = toast && <ToastCard key={toast.id} toast={toast} onClose={close} />;
  return (
    <NotifyProvider value={notify}>
      {children}
      <div className="toast-region">
        <div aria-live="assertive">{toast?.kind === 'error' && card}</div>
        <div aria-live="polite">{toast?.kind !== 'error' && card}</div>
      </div>
    </NotifyProvider>
  );
}
