import type { ReactNode } from 'react';
import { classNames } from '@/lib/class-names';
import './form-field.css';

/** What the control inside a field needs to be tied to its label, hint and message. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  /** The hint's and the message's ids, when shown. */
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  /** The control's id: the label points at it; the hint is `<id>-hint`, the message `<id>-error`. */
  id: string;
  label: ReactNode;
  /** A help text under the control, shown beside a message too. */
  hint?: ReactNode;
  /** The validation message (announced at once). */
  error?: string;
  /**
   * A look of its own (form-field.css draws antd's vertical Form.Item with the brand theme):
   * the sign-in card's `auth-field`, My Account's `profile-field`, the Site tab's `site-field`.
   */
  className?: string;
  /** The control, or a function that gets the props that tie it to the label, hint and message. */
  children: ReactNode | ((control: FieldControlProps) => ReactNode);
}

/** The ids that describe a field's control: its hint's and its message's, when shown. */
export function fieldDescribedBy(
  id: string,
  { hint, error }: { hint?: unknown; error?: unknown },
): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/**
 * A labelled form control with its hint and its validation message (react-hook-form or the page
 * owns the state): the one field wrapper of the dashboard's dialogs and tabs, the sign-in pages
 * and My Account. The message is `role="alert"`; a control given as a function gets its id,
 * `aria-invalid` and `aria-describedby` (hint and message).
 */
export function FormField({ id, label, hint, error, className, children }: FormFieldProps) {
  const control =
    typeof children === 'function'
      ? children({
          id,
          'aria-invalid': Boolean(error),
          'aria-describedby': fieldDescribedBy(id, { hint, error }),
        })
      : children;
  const help = Boolean(hint) || Boolean(error);
  return (
    <div className={classNames('form-field', error && 'form-field--with-error', className)}>
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      <div className="form-field__control">
        <div className="form-field__content">{control}</div>
      </div>
      {help && (
        <div className="form-field__help">
          {hint && (
            <p id={`${id}-hint`} className="form-field__hint">
              {hint}
            </p>
          )}
          {error && (
            <p id={`${id}-error`} className="form-field__error" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
