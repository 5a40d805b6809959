import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { FormField } from '@/components/form-field';
import { StatusIcon } from '@/components/status-icon';
import { TextInput, type TextInputProps } from '@/components/text-input';

/**
 * The sign-in card's parts, made of the shared UI kit in the card's look (auth.css): a text
 * field, the form's submit button and the notice above the form. The pages compose them.
 */

export interface AuthTextFieldProps extends Pick<
  TextInputProps,
  'type' | 'autoComplete' | 'maxLength'
> {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  /** The field's registration with the page's form (`form.register('email')`). */
  registration: UseFormRegisterReturn;
}

/** A labelled text box of a sign-in card, tied to its hint and message. */
export function AuthTextField({
  id,
  label,
  hint,
  error,
  registration,
  ...input
}: AuthTextFieldProps) {
  return (
    <FormField id={id} label={label} hint={hint} error={error} className="auth-field">
      {(aria) => <TextInput {...registration} {...aria} {...input} className="auth-input" />}
    </FormField>
  );
}

/** The card's primary button: it says what it is doing and takes no second press meanwhile. */
export function AuthSubmit({
  busy,
  busyText,
  children,
}: {
  busy: boolean;
  busyText: string;
  children: ReactNode;
}) {
  return (
    <Button className="auth-button" type="primary" htmlType="submit" loading={busy} disabled={busy}>
      {busy ? busyText : children}
    </Button>
  );
}

/** A warning above the form (why the person was sent here), announced politely. */
export function AuthNotice({ title }: { title: ReactNode }) {
  return (
    <Alert
      className="auth-alert auth-notice"
      type="warning"
      icon={<StatusIcon kind="warning" size={18} />}
      title={title}
      role="status"
    />
  );
}
