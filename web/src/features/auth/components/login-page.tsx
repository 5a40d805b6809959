import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, App, Button, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { loginFormSchema, type LoginForm } from '@portal/domain';
import { paths } from '@/config/paths';
import { callableErrorCode, callableErrorMessage } from '@/lib/callable-errors';
import { useNotify } from '@/lib/notify';
import { signOutUser } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { getAccountAccess, ProfileUnreadableError } from '../api/get-account-access';
import { resendVerificationEmail } from '../api/resend-verification';
import { signIn } from '../api/sign-in';
import { authErrorText, CATCH_ALL, isAuthError, isInvalidCredentials } from '../lib/auth-errors';
import { AuthLayout } from './auth-layout';
import { AUTH_TOASTS, LOGIN_REDIRECT_MS } from './auth-toasts';
import { noticeOf, returnPathOf } from './sign-in-notice';
import { TextField } from './text-field';

const WELCOME_KEY = 'login-welcome-back';

export const VERIFICATION_SENT = 'Verification email sent. Check your inbox.';

/** What the server says when a resend is refused (rate limit, already verified), or the catch-all. */
function resendErrorText(error: unknown): string {
  const code = callableErrorCode(error);
  return code === 'resource-exhausted' || code === 'failed-precondition'
    ? callableErrorMessage(error, CATCH_ALL)
    : CATCH_ALL;
}

/**
 * /login, Portal Access (docs/product.md §6, §15.3, §17.2): sign in, then a manager goes to /admin, an
 * approved buyer gets 'Welcome back!' with Store and Account and moves to /portal/my-account
 * after 3 seconds (or, sent here by the guard with `?next=<portal page>`, goes straight back to
 * that page), anyone else gets 'Account Pending' and is signed out. The welcome toast closes when
 * this page is left: it speaks of the move from here. A pending applicant
 * whose address is not verified yet stays signed in while this page shows the verification
 * panel (resending the link needs the account), and is signed out when they leave it.
 */
export function LoginPage() {
  usePageTitle('Portal Access');
  const notify = useNotify();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const notice = noticeOf(location.state);
  const [params] = useSearchParams();
  // Set once 'Welcome back!' shows: the timed move to the account, cancelled on unmount or
  // when a button of the toast is used.
  const [welcomed, setWelcomed] = useState(false);
  // The pending applicant with an unverified address, signed in while the panel shows.
  const [unverified, setUnverified] = useState<{ email: string } | null>(null);

  // A pending account never stays signed in beyond the panel: closing it (or leaving the page)
  // signs out.
  useEffect(() => {
    if (!unverified) return;
    return () => {
      void signOutUser().catch(() => undefined);
    };
  }, [unverified]);

  useEffect(() => {
    if (!welcomed) return;
    const timer = window.setTimeout(() => navigate(paths.account), LOGIN_REDIRECT_MS);
    return () => {
      window.clearTimeout(timer);
      // Leaving the page (the timed move, a toast button, a link, a redirect) ends the welcome:
      // it must not stay on the next page.
      notification.destroy(WELCOME_KEY);
    };
  }, [welcomed, navigate, notification]);

  const form = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '' },
  });

  function goFromWelcome(to: string) {
    setWelcomed(false);
    notification.destroy(WELCOME_KEY);
    navigate(to);
  }

  function welcome() {
    notification.success({
      key: WELCOME_KEY,
      title: AUTH_TOASTS.welcomeBack,
      description: AUTH_TOASTS.welcomeBackText,
      placement: 'top',
      actions: (
        <Space>
          <Button size="small" onClick={() => goFromWelcome(paths.store)}>
            Store
          </Button>
          <Button size="small" type="primary" onClick={() => goFromWelcome(paths.account)}>
            Account
          </Button>
        </Space>
      ),
    });
    setWelcomed(true);
  }

  const onSubmit = form.handleSubmit(async (values) => {
    let signedIn = false;
    try {
      const user = await signIn(values);
      signedIn = true;
      const access = await getAccountAccess(user);
      if (access === 'manager') {
        navigate(returnPathOf(params, 'admin') ?? paths.admin);
      } else if (access === 'approved') {
        // Back to the page the session ended on, else the welcome and the timed move.
        const back = returnPathOf(params, 'portal');
        if (back) navigate(back, { replace: true });
        else welcome();
      } else if (!user.emailVerified) {
        notify.info(...AUTH_TOASTS.accountPending);
        setUnverified({ email: user.email ?? values.email.trim() });
      } else {
        await signOutUser().catch(() => undefined);
        notify.info(...AUTH_TOASTS.accountPending);
      }
    } catch (error) {
      if (signedIn) await signOutUser().catch(() => undefined);
      if (error instanceof ProfileUnreadableError) notify.error(...AUTH_TOASTS.profileUnreadable);
      else if (isInvalidCredentials(error)) notify.error(...AUTH_TOASTS.loginFailed);
      else if (isAuthError(error)) notify.error(AUTH_TOASTS.loginError, authErrorText(error));
      else notify.error(...AUTH_TOASTS.loginCatchAll);
    }
  });

  const busy = form.formState.isSubmitting;

  return (
    <AuthLayout
      title="Portal Access"
      eyebrow="Partner portal"
      subtitle="Sign in to order at your wholesale prices."
      below={
        <Link to={paths.home} className="auth-below__link">
          Back to Home
        </Link>
      }
    >
      {notice && !unverified && (
        <Alert className="auth-notice" type="warning" showIcon title={notice} role="status" />
      )}
      {unverified ? (
        <VerifyEmailPanel email={unverified.email} onSignOut={() => setUnverified(null)} />
      ) : (
        <>
          <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
            <TextField
              control={form.control}
              name="email"
              id="login-email"
              label="Email"
              type="email"
              autoComplete="email"
            />
            <TextField
              control={form.control}
              name="password"
              id="login-password"
              label="Password"
              type="password"
              autoComplete="current-password"
            />
            <p className="auth-form__aside">
              <Link to={paths.forgotPassword}>Forgot password?</Link>
            </p>
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              block
              loading={busy}
              disabled={busy}
            >
              {busy ? 'Signing In…' : 'Sign In'}
            </Button>
          </form>
          <p className="auth-card__switch">
            New partner? <Link to={paths.apply}>Apply for access</Link>
          </p>
        </>
      )}
    </AuthLayout>
  );
}

/**
 * Shown instead of the form to a pending applicant who has not verified their address: the
 * link can be sent again (the call needs the signed-in account), or they sign out.
 */
function VerifyEmailPanel({ email, onSignOut }: { email: string; onSignOut: () => void }) {
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // The form (and its focused button) went away: keyboard users land on the panel.
  useEffect(() => {
    panelRef.current?.focus();
  }, []);

  async function resend() {
    setSending(true);
    setResult(null);
    try {
      await resendVerificationEmail();
      setResult({ ok: true, text: VERIFICATION_SENT });
    } catch (error) {
      setResult({ ok: false, text: resendErrorText(error) });
    } finally {
      setSending(false);
    }
  }

  return (
    <div
      className="auth-verify"
      ref={panelRef}
      tabIndex={-1}
      role="group"
      aria-label="Verify your email"
    >
      <Alert
        type="info"
        showIcon
        title="Please verify your email address."
        description={
          <>
            We sent a link to <strong>{email}</strong>.
          </>
        }
      />
      <div className="auth-verify__actions">
        <Button
          type="primary"
          size="large"
          loading={sending}
          disabled={sending}
          onClick={() => void resend()}
        >
          {sending ? 'Sending…' : 'Resend verification email'}
        </Button>
        <Button size="large" onClick={onSignOut}>
          Sign out
        </Button>
      </div>
      <p className="auth-status" role="status">
        {result?.ok ? result.text : ''}
      </p>
      {result && !result.ok && (
        <p className="auth-field__error" role="alert">
          {result.text}
        </p>
      )}
    </div>
  );
}
