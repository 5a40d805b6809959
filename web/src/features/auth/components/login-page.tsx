import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, App, Button, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginFormSchema, type LoginForm } from '@portal/domain';
import { paths } from '@/config/paths';
import { useNotify } from '@/lib/notify';
import { signOutUser } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { getAccountAccess, ProfileUnreadableError } from '../api/get-account-access';
import { signIn } from '../api/sign-in';
import { authErrorText, isAuthError, isInvalidCredentials } from '../lib/auth-errors';
import { AuthLayout } from './auth-layout';
import { AUTH_TOASTS, LOGIN_REDIRECT_MS } from './auth-toasts';
import { TextField } from './text-field';

const WELCOME_KEY = 'login-welcome-back';

/** Router state the portal guard hands over when it sends a not-approved account here. */
function noticeOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return undefined;
  return typeof state.notice === 'string' ? state.notice : undefined;
}

/**
 * /login, Portal Access (docs/product.md §6, §15.3, §17.2): sign in, then a manager goes to /admin, an
 * approved buyer gets 'Welcome back!' with Store and Account and moves to /portal/my-account
 * after 3 seconds, anyone else is signed out with 'Account Pending'.
 */
export function LoginPage() {
  usePageTitle('Portal Access');
  const notify = useNotify();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const notice = noticeOf(location.state);
  // Set once 'Welcome back!' shows: the timed move to the account, cancelled on unmount or
  // when a button of the toast is used.
  const [welcomed, setWelcomed] = useState(false);

  useEffect(() => {
    if (!welcomed) return;
    const timer = window.setTimeout(() => navigate(paths.account), LOGIN_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [welcomed, navigate]);

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
        navigate(paths.admin);
      } else if (access === 'approved') {
        welcome();
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
      {notice && (
        <Alert className="auth-notice" type="warning" showIcon title={notice} role="status" />
      )}
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
        <Button type="primary" htmlType="submit" size="large" block loading={busy} disabled={busy}>
          {busy ? 'Signing In…' : 'Sign In'}
        </Button>
      </form>
      <p className="auth-card__switch">
        New partner? <Link to={paths.apply}>Apply for access</Link>
      </p>
    </AuthLayout>
  );
}
