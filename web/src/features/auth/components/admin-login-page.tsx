import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button } from 'antd';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { loginFormSchema, resolveAccess, type LoginForm } from '@portal/domain';
import { paths } from '@/config/paths';
import { useNotify } from '@/lib/notify';
import { readClaims, signOutUser } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { signIn } from '../api/sign-in';
import { authErrorText, isAuthError, isInvalidCredentials } from '../lib/auth-errors';
import { AuthLayout } from './auth-layout';
import { AUTH_TOASTS } from './auth-toasts';
import { noticeOf, returnPathOf } from './sign-in-notice';
import { TextField } from './text-field';

/**
 * /admin/login (docs/product.md §7, §3.2, §17.3): sign in, then only an account whose refreshed ID
 * token carries the manager claim goes on to /admin (or, sent here by a guard with
 * `?next=<admin page>` after the session ended, back to that page); anyone else is signed out
 * again with 'Access Denied'.
 */
export function AdminLoginPage() {
  usePageTitle('Admin Login');
  const notify = useNotify();
  const navigate = useNavigate();
  const notice = noticeOf(useLocation().state);
  const [params] = useSearchParams();
  const form = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    let signedIn = false;
    try {
      const user = await signIn(values);
      signedIn = true;
      const claims = await readClaims(user, true);
      if (resolveAccess(claims).kind !== 'manager') {
        await signOutUser().catch(() => undefined);
        notify.error(...AUTH_TOASTS.accessDenied);
        return;
      }
      notify.success(...AUTH_TOASTS.adminWelcome);
      navigate(returnPathOf(params, 'admin') ?? paths.admin);
    } catch (error) {
      if (signedIn) await signOutUser().catch(() => undefined);
      if (isAuthError(error) || isInvalidCredentials(error)) {
        notify.error(AUTH_TOASTS.adminLoginFailed, authErrorText(error));
      } else {
        notify.error(...AUTH_TOASTS.unexpected);
      }
    }
  });

  const busy = form.formState.isSubmitting;

  return (
    <AuthLayout
      title="Admin Login"
      eyebrow="Managers only"
      subtitle="Sign in to manage orders, partners and the catalog."
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
          id="admin-email"
          label="Email"
          type="email"
          autoComplete="username"
        />
        <TextField
          control={form.control}
          name="password"
          id="admin-password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <p className="auth-form__aside">
          <Link to={paths.forgotPassword}>Forgot password?</Link>
        </p>
        <Button type="primary" htmlType="submit" size="large" block loading={busy} disabled={busy}>
          {busy ? 'Signing In…' : 'Sign In'}
        </Button>
      </form>
    </AuthLayout>
  );
}
