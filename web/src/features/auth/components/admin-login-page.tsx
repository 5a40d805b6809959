import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { loginFormSchema, resolveAccess, type LoginForm } from '@portal/domain';
import { paths } from '@/config/paths';
import { useNotify } from '@/lib/notify';
import { usePageTitle } from '@/lib/use-page-title';
import { loadAuthApi, type AuthApi } from '../api/load-auth-api';
import { authErrorText, isAuthError, isInvalidCredentials } from '../lib/auth-errors';
import { AuthLayout } from './auth-layout';
import { AUTH_TOASTS } from './auth-toasts';
import { noticeOf, returnPathOf } from './sign-in-notice';
import { AuthNotice, BackHomeLink, SignInForm } from './auth-fields';

/**
 * /admin/login (docs/product.md#7-admin-login-adminlogin, docs/product.md#32-how-access-is-decided, docs/product.md#173-admin-login): sign in, then only an account whose refreshed ID
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

  return (
    <AuthLayout
      title="Admin Login"
      eyebrow="Managers only"
      subtitle="Sign in to manage orders, partners and the catalog."
      below={<BackHomeLink />}
    >
      {notice && <AuthNotice title={notice} />}
      <SignInForm form={form} onSubmit={onSubmit} idPrefix="admin" emailAutoComplete="username" />
    </AuthLayout>
  );
}
