import { zodResolver } from '@hookform/resolvers/zod';
import { useLayoutEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { forgotPasswordFormSchema, LIMITS, type ForgotPasswordForm } from '@portal/domain';
import { paths } from '@/config/paths';
import { useNotify } from '@/lib/notify';
import { usePageTitle } from '@/lib/use-page-title';
import { loadAuthApi, preloadAuthApi } from '../api/load-auth-api';
import { AuthLayout } from './auth-layout';
import { PASSWORD_TOASTS } from './password-toasts';
import { AuthTextField, AuthSubmit, BackHomeLink } from './auth-fields';

/** The one answer, whether or not the address has an account (nothing to learn from it). */
export const RESET_LINK_SENT =
  "If an account exists for that address, we've sent a link to reset your password. Check your inbox.";

/**
 * /forgot-password: asks the server to mail a reset link. The answer is always the same, so the
 * page cannot be used to find out who has an account; the link leads to /auth/action.
 */
export function ForgotPasswordPage() {
  usePageTitle('Reset Password');
  const notify = useNotify();
  const [sent, setSent] = useState(false);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const form = useForm<ForgotPasswordForm>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: '' },
  });

  // The form (and its focused button) goes away: keyboard and screen reader users land on the answer,
  // in the same commit that shows it (a layout effect: no moment with the focus on the page's body).
  useLayoutEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await (await loadAuthApi()).requestPasswordReset(values);
      setSent(true);
    } catch {
      notify.error(...PASSWORD_TOASTS.resetRequestFailed);
    }
  });

  const busy = form.formState.isSubmitting;

  return (
    <AuthLayout
      title="Reset Password"
      eyebrow="Partner portal"
      subtitle={sent ? undefined : "Enter your account's email and we'll send you a reset link."}
      below={<BackHomeLink />}
    >
      {sent ? (
        <div className="auth-verify">
          <p ref={sentRef} className="auth-status" role="status" tabIndex={-1}>
            {RESET_LINK_SENT}
          </p>
          <Link to={paths.login} className="auth-link-button">
            Back to sign in
          </Link>
        </div>
      ) : (
        <>
          <form
            className="auth-form"
            onSubmit={(event) => void onSubmit(event)}
            onFocus={preloadAuthApi}
            noValidate
          >
            <AuthTextField
              id="forgot-email"
              label="Email"
              error={form.formState.errors.email?.message}
              registration={form.register('email')}
              type="email"
              autoComplete="email"
              maxLength={LIMITS.email}
            />
            <AuthSubmit busy={busy} busyText="Sending…">
              Send reset link
            </AuthSubmit>
          </form>
          <p className="auth-card__switch">
            Remembered it? <Link to={paths.login}>Back to sign in</Link>
          </p>
        </>
      )}
    </AuthLayout>
  );
}
