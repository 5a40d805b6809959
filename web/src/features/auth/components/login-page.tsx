import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { loginFormSchema, REMOVED_FROM_COMPANY, type LoginForm } from '@portal/domain';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { StatusIcon } from '@/components/status-icon';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import { callableErrorCode, callableErrorMessage } from '@/lib/callable-errors';
import { useNotify } from '@/lib/notify';
import { usePageTitle } from '@/lib/use-page-title';
import { loadAuthApi, type AuthApi } from '../api/load-auth-api';
import { authErrorText, CATCH_ALL, isAuthError, isInvalidCredentials } from '../lib/auth-errors';
import { AuthLayout } from './auth-layout';
import { AUTH_TOASTS, LOGIN_REDIRECT_MS } from './auth-toasts';
import { noticeOf, returnPathOf } from './sign-in-notice';
import { AuthNotice, BackHomeLink, SignInForm } from './auth-fields';

const WELCOME_KEY = 'login-welcome-back';

/** Why the account was signed out again: shown above the form until the next attempt. */
type Refusal = 'pending' | 'rejected' | 'removed';

/**
 * The page's own copy of the refusal toast, which fades: the form comes back empty, and this
 * says why. A rejected account is told the truth and how to reach us (the rejection mail's
 * words); a pending one keeps the seed's 'Account Pending'.
 */
function RefusalAlert({ refusal }: { refusal: Refusal }) {
  if (refusal === 'removed') {
    return (
      <Alert
        className="auth-alert auth-notice"
        type="warning"
        icon={<StatusIcon kind="warning" size={18} />}
        title="No longer a member"
        description={REMOVED_FROM_COMPANY}
        role="status"
      />
    );
  }
  if (refusal === 'pending') {
    return (
      <Alert
        className="auth-alert auth-notice"
        type="info"
        icon={<StatusIcon kind="info" size={18} />}
        title={AUTH_TOASTS.accountPending[0]}
        description={AUTH_TOASTS.accountPending[1]}
        role="status"
      />
    );
  }
  return (
    <Alert
      className="auth-alert auth-notice"
      type="warning"
      icon={<StatusIcon kind="warning" size={18} />}
      title={AUTH_TOASTS.accountNotApproved[0]}
      description={
        <>
          We&apos;re not able to open a wholesale account for your business at this time. If you
          think this is a mistake or your situation has changed, write to{' '}
          <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a> and we&apos;ll gladly
          take another look.
        </>
      }
      role="status"
    />
  );
}

export const VERIFICATION_SENT = 'Verification email sent. Check your inbox.';

/** What the server says when a resend is refused (rate limit, already verified), or the catch-all. */
function resendErrorText(error: unknown): string {
  const code = callableErrorCode(error);
  return code === 'resource-exhausted' || code === 'failed-precondition'
    ? callableErrorMessage(error, CATCH_ALL)
    : CATCH_ALL;
}

/**
 * /login, Portal Access (docs/product.md#6-portal-access-login, docs/product.md#153-login-flow-buyers, docs/product.md#172-portal-access): sign in, then a manager goes to /admin, an
 * approved buyer gets 'Welcome back!' with Store and Account and moves to /portal/my-account
 * after 3 seconds (or, sent here by the guard with `?next=<portal page>`, goes straight back to
 * that page), a rejected account gets 'Account Not Approved' with our contact address, anyone
 * else 'Account Pending'; both are signed out, and the reason stays above the form. The welcome toast closes when
 * this page is left: it speaks of the move from here. A pending applicant
 * whose address is not verified yet stays signed in while this page shows the verification
 * panel (resending the link needs the account), and is signed out when they leave it.
 * Firebase comes with the first use of the form (api/load-auth-api.ts), not with the page.
 */
export function LoginPage() {
  usePageTitle('Portal Access');
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const notice = noticeOf(location.state);
  const [params] = useSearchParams();
  // Set once 'Welcome back!' shows: the timed move to the account, cancelled on unmount or
  // when a button of the toast is used.
  const [welcomed, setWelcomed] = useState(false);
  // The pending applicant with an unverified address, signed in while the panel shows.
  const [unverified, setUnverified] = useState<{ email: string } | null>(null);
  // Why the last attempt was signed out again (the toast fades; this stays).
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  // A pending account never stays signed in beyond the panel: closing it (or leaving the page)
  // signs out.
  useEffect(() => {
    if (!unverified) return;
    return () => {
      void signOutQuietly();
    };
  }, [unverified]);

  useEffect(() => {
    if (!welcomed) return;
    const timer = window.setTimeout(() => navigate(paths.account), LOGIN_REDIRECT_MS);
    return () => {
      window.clearTimeout(timer);
      // Leaving the page (the timed move, a toast button, a link, a redirect) ends the welcome:
      // it must not stay on the next page.
      notify.close(WELCOME_KEY);
    };
  }, [welcomed, navigate, notify]);

  const form = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '' },
  });

  function goFromWelcome(to: string) {
    setWelcomed(false);
    notify.close(WELCOME_KEY);
    navigate(to);
  }

  function welcome() {
    notify.success(AUTH_TOASTS.welcomeBack, AUTH_TOASTS.welcomeBackText, {
      key: WELCOME_KEY,
      actions: [
        { label: 'Store', onClick: () => goFromWelcome(paths.store) },
        { label: 'Account', primary: true, onClick: () => goFromWelcome(paths.account) },
      ],
    });
    setWelcomed(true);
  }

  const onSubmit = form.handleSubmit(async (values) => {
    let api: AuthApi | undefined;
    let signedIn = false;
    setRefusal(null);
    try {
      api = await loadAuthApi();
      const user = await api.signIn(values);
      signedIn = true;
      const access = await api.getAccountAccess(user);
      if (access === 'manager') {
        navigate(returnPathOf(params, 'admin') ?? paths.admin);
      } else if (access === 'approved') {
        // Back to the page the session ended on, else the welcome and the timed move.
        const back = returnPathOf(params, 'portal');
        if (back) navigate(back, { replace: true });
        else welcome();
      } else if (access === 'removed') {
        await api.signOutUser().catch(() => undefined);
        setRefusal('removed');
      } else if (access === 'rejected') {
        await api.signOutUser().catch(() => undefined);
        notify.info(...AUTH_TOASTS.accountNotApproved);
        setRefusal('rejected');
      } else if (!user.emailVerified) {
        notify.info(...AUTH_TOASTS.accountPending);
        setUnverified({ email: user.email ?? values.email.trim() });
      } else {
        await api.signOutUser().catch(() => undefined);
        notify.info(...AUTH_TOASTS.accountPending);
        setRefusal('pending');
      }
    } catch (error) {
      if (signedIn) await api?.signOutUser().catch(() => undefined);
      if (api && error instanceof api.ProfileUnreadableError) {
        notify.error(...AUTH_TOASTS.profileUnreadable);
      } else if (isInvalidCredentials(error)) notify.error(...AUTH_TOASTS.loginFailed);
      else if (isAuthError(error)) notify.error(AUTH_TOASTS.loginError, authErrorText(error));
      else notify.error(...AUTH_TOASTS.loginCatchAll);
    }
  });

  return (
    <AuthLayout
      title="Portal Access"
      eyebrow="Partner portal"
      subtitle="Sign in to order at your wholesale prices."
      below={<BackHomeLink />}
    >
      {refusal && !unverified && <RefusalAlert refusal={refusal} />}
      {notice && !unverified && !refusal && <AuthNotice title={notice} />}
      {unverified ? (
        <VerifyEmailPanel email={unverified.email} onSignOut={() => setUnverified(null)} />
      ) : (
        <>
          <SignInForm form={form} onSubmit={onSubmit} idPrefix="login" emailAutoComplete="email" />
          <p className="auth-card__switch">
            New partner? <Link to={paths.apply}>Apply for access</Link>
          </p>
        </>
      )}
    </AuthLayout>
  );
}

/** Signs out a pending account when it leaves the panel (Firebase is loaded by then). */
function signOutQuietly(): Promise<void> {
  return loadAuthApi()
    .then((api) => api.signOutUser())
    .catch(() => undefined);
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
      await (await loadAuthApi()).resendVerificationEmail();
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
      aria-describedby="login-verify-notice"
    >
      <Alert
        id="login-verify-notice"
        className="auth-alert"
        type="info"
        icon={<StatusIcon kind="info" size={18} />}
        title="Please verify your email address."
        description={
          <>
            We sent a link to <strong>{email}</strong>.
          </>
        }
        role={false}
      />
      <div className="auth-verify__actions">
        <Button
          className="auth-button"
          type="primary"
          loading={sending}
          disabled={sending}
          onClick={() => void resend()}
        >
          {sending ? 'Sending…' : 'Resend verification email'}
        </Button>
        <Button className="auth-button" onClick={onSignOut}>
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
