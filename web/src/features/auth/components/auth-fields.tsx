import type { ReactNode } from 'react';
import type { UseFormReturn, UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { FormField } from '@/components/form-field';
import { StatusIcon } from '@/components/status-icon';
import { TextInput, type TextInputProps } from '@/components/text-input';
import { paths } from '@/config/paths';
import { preloadAuthApi } from '../api/load-auth-api';

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

/** The link under the card back to the landing page. */
export function BackHomeLink() {
  return (
    <Link to={paths.home} className="auth-below__link">
      Back to Home
    </Link>
  );
}

/**
 * The email and password form of Portal Access and Admin Login: the page decides what signing
 * in means (`onSubmit`); `idPrefix` names the fields, `emailAutoComplete` tells the browser which
 * saved login to offer.
 */
export function SignInForm({
  form,
  onSubmit,
  idPrefix,
  emailAutoComplete,
}: {
  form: UseFormReturn<{ email: string; password: string }>;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => Promise<void>;
  idPrefix: string;
  emailAutoComplete: 'email' | 'username';
}) {
  const { errors, isSubmitting } = form.formState;
  return (
    <form
      className="auth-form"
      onSubmit={(event) => void onSubmit(event)}
      onFocus={preloadAuthApi}
      noValidate
    >
      <AuthTextField
        id={`${idPrefix}-email`}
        label="Email"
        error={errors.email?.message}
        registration={form.register('email')}
        type="email"
        autoComplete={emailAutoComplete}
      />
      <AuthTextField
        id={`${idPrefix}-password`}
        label="Password"
        error={errors.password?.message}
        registration={form.register('password')}
        type="password"
        autoComplete="current-password"
      />
      <p className="auth-form__aside">
        <Link to={paths.forgotPassword}>Forgot password?</Link>
      </p>
      <AuthSubmit busy={isSubmitting} busyText="Signing In…">
        Sign In
      </AuthSubmit>
    </form>
  );
}
