import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { loginFormSchema, resolveAccess, type LoginForm } from '@portal/domain';
import { paths } from '@/config/paths';
import { useNotify } from '@/lib/notify';
import { usePageTitle } from '@/lib/use-page-title';
import { loadAuthApi, preloadAuthApi, type AuthApi } from '../api/load-auth-api';
import { authErrorText, isAuthError, isInvalidCredentials } from '../lib/auth-errors';
import { AuthAlert, AuthButton } from './auth-controls';
import { AuthLayout } from './auth-layout';
import { AUTH_TOASTS } from './auth-toasts';
import { noticeOf, returnPathOf } from './sign-in-notice';
import { TextField } from './text-field';

/**
 * /admin/login (docs/product.md §7, §3.2, §17.3): sign in, then only an account whose refreshed ID
 * token carries the manager claim goes on to /admin (or, sent here by a guard with
 * `?next=<admin page>` after the session ended, back to that page); anyone else is signed out
 * again with 'Access Denied'. Firebase comes with the first use of the form, not with the page.
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
    let api: AuthApi | undefined;
    let signedIn = false;
    try {
      api = await loadAuthApi();
      const user = await api.signIn(values);
      signedIn = true;
      const claims = await api.readClaims(user, true);
      if (resolveAccess(claims).kind !== 'manager') {
        await api.signOutUser().catch(() => undefined);
        notify.error(...AUTH_TOASTS.accessDenied);
        return;
      }
      // The dashboard is in the UI shell: the welcome is carried over to it.
      notify.success(...AUTH_TOASTS.adminWelcome, { carry: true });
      navigate(returnPathOf(params, 'admin') ?? paths.admin);
    } catch (error) {
      if (signedIn) await api?.signOutUser().catch(() => undefined);
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
      {notice && <AuthAlert className="auth-notice" kind="warning" title={notice} role="status" />}
      <form
        className="auth-form"
        onSubmit={(event) => void onSubmit(event)}
        onFocus={preloadAuthApi}
        noValidate
      >
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
        <AuthButton primary type="submit" busy={busy}>
          {busy ? 'Signing In…' : 'Sign In'}
        </AuthButton>
      </form>
    </AuthLayout>
  );
}
