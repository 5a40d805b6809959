import { zodResolver } from '@hookform/resolvers/zod';
import { Spinner } from '@/components/app-loading';
import { StatusIcon } from '@/components/status-icon';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { LIMITS, resetPasswordFormSchema, type ResetPasswordForm } from '@portal/domain';
import { Button } from '@/components/button';
import { paths } from '@/config/paths';
import { useNotify } from '@/lib/notify';
import { useOneShot } from '@/lib/use-one-shot';
import { usePageTitle } from '@/lib/use-page-title';
import { checkPasswordResetLink, resetPassword, verifyEmailLink } from '../api/auth-actions';
import { authErrorCode, authErrorText } from '../lib/auth-errors';
import { AuthLayout } from './auth-layout';
import { PASSWORD_TOASTS } from './password-toasts';
import { AuthTextField, AuthSubmit } from './auth-fields';

type Mode = 'verifyEmail' | 'resetPassword';

/** Why a link's code was refused: too old, or used up (or never valid). */
type LinkProblem = 'expired' | 'used' | 'failed';

function linkProblem(error: unknown): LinkProblem {
  const code = authErrorCode(error);
  if (code === 'auth/expired-action-code') return 'expired';
  if (
    code === 'auth/invalid-action-code' ||
    code === 'auth/user-not-found' ||
    code === 'auth/user-disabled'
  ) {
    return 'used';
  }
  return 'failed';
}

/**
 * /auth/action, where the links of our account emails land (Firebase's action handler URL):
 * mode=verifyEmail verifies the address, mode=resetPassword lets the person choose a new
 * password. Anything else is not a valid link.
 */
export function AuthActionPage() {
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const oobCode = params.get('oobCode');
  return (
    <>
      {oobCode && mode === 'verifyEmail' ? (
        <VerifyEmail oobCode={oobCode} />
      ) : oobCode && mode === 'resetPassword' ? (
        <ResetPassword oobCode={oobCode} />
      ) : (
        <InvalidLink />
      )}
    </>
  );
}

function SignInLink() {
  return (
    <Link to={paths.login} className="auth-link-button">
      Sign in
    </Link>
  );
}

/** A centred result card: an icon, the heading, a text and the way on. */
function ResultCard({
  tone,
  title,
  text,
  children,
}: {
  tone: 'success' | 'warning';
  title: string;
  text: ReactNode;
  children: ReactNode;
}) {
  return (
    <AuthLayout
      title={title}
      icon={
        tone === 'success' ? (
          <StatusIcon kind="success" />
        ) : (
          <StatusIcon kind="warning" className="auth-icon--warning" />
        )
      }
    >
      <div className="auth-submitted">
        <p className="auth-submitted__note">{text}</p>
        <div className="auth-submitted__actions">{children}</div>
      </div>
    </AuthLayout>
  );
}

function Checking({ title }: { title: string }) {
  return (
    <AuthLayout title={title} icon={<Spinner />}>
      <div className="auth-submitted" role="status" aria-live="polite">
        <p className="auth-submitted__note">This takes a moment. Please keep this page open.</p>
      </div>
    </AuthLayout>
  );
}

function InvalidLink() {
  usePageTitle('Account');
  return (
    <ResultCard
      tone="warning"
      title="This link is not valid."
      text="Check that you opened the whole link from the email, or ask for a new one."
    >
      <Link to={paths.home} className="auth-link-button">
        Back to Home
      </Link>
    </ResultCard>
  );
}

/** The card of a link that cannot be used: what happened and how to get a new one. */
function ProblemCard({ problem, mode }: { problem: LinkProblem; mode: Mode }) {
  const fresh =
    mode === 'verifyEmail' ? (
      <>Sign in and use &ldquo;Resend verification email&rdquo; to get a new link.</>
    ) : (
      <>
        Ask for a new link on the <Link to={paths.forgotPassword}>Forgot password</Link> page.
      </>
    );
  if (problem === 'failed') {
    return (
      <ResultCard
        tone="warning"
        title="We couldn't check this link."
        text="Check your connection and try again."
      >
        <Button className="auth-button" type="primary" onClick={() => window.location.reload()}>
          Try again
        </Button>
      </ResultCard>
    );
  }
  return (
    <ResultCard
      tone="warning"
      title={
        problem === 'expired'
          ? 'This link has expired.'
          : 'This link has already been used or is no longer valid.'
      }
      text={fresh}
    >
      {mode === 'verifyEmail' ? (
        <SignInLink />
      ) : (
        <Link to={paths.forgotPassword} className="auth-link-button">
          Get a new link
        </Link>
      )}
    </ResultCard>
  );
}

/** mode=verifyEmail: the code is checked (for the address) and applied once, on arrival. */
function VerifyEmail({ oobCode }: { oobCode: string }) {
  usePageTitle('Verify Email');
  const result = useOneShot(oobCode, verifyEmailLink);
  if (result.status === 'error')
    return <ProblemCard problem={linkProblem(result.error)} mode="verifyEmail" />;
  if (result.status !== 'success') return <Checking title="Verifying your email…" />;
  const email = result.data;
  return (
    <ResultCard
      tone="success"
      title="Email verified"
      text={
        <>
          Your email address
          {email && (
            <>
              {' '}
              <strong>{email}</strong>
            </>
          )}{' '}
          is verified. We&apos;ll review your application and notify you when approved.
        </>
      }
    >
      <SignInLink />
    </ResultCard>
  );
}

/** mode=resetPassword: the code is checked first, then a new password is chosen. */
function ResetPassword({ oobCode }: { oobCode: string }) {
  usePageTitle('Reset Password');
  const check = useOneShot(oobCode, checkPasswordResetLink);
  const [outcome, setOutcome] = useState<'changed' | LinkProblem | null>(null);

  if (outcome === 'changed') {
    return (
      <ResultCard
        tone="success"
        title="Password changed"
        text="You can now sign in with your new password."
      >
        <SignInLink />
      </ResultCard>
    );
  }
  if (outcome) return <ProblemCard problem={outcome} mode="resetPassword" />;
  if (check.status === 'error')
    return <ProblemCard problem={linkProblem(check.error)} mode="resetPassword" />;
  if (check.status !== 'success') return <Checking title="Checking your link…" />;
  return <NewPasswordForm oobCode={oobCode} email={check.data} onDone={setOutcome} />;
}

function NewPasswordForm({
  oobCode,
  email,
  onDone,
}: {
  oobCode: string;
  email: string;
  onDone: (outcome: 'changed' | LinkProblem) => void;
}) {
  const notify = useNotify();
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirm: '' },
  });

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await resetPassword(oobCode, password);
      onDone('changed');
    } catch (error) {
      const code = authErrorCode(error);
      if (code === 'auth/weak-password' || code === 'auth/password-does-not-meet-requirements') {
        form.setError('password', { message: authErrorText(error) }, { shouldFocus: true });
        return;
      }
      const problem = linkProblem(error);
      if (problem !== 'failed') {
        onDone(problem);
        return;
      }
      notify.error(PASSWORD_TOASTS.passwordResetFailed, authErrorText(error));
    }
  });

  const busy = form.formState.isSubmitting;

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle={
        <>
          For <strong>{email}</strong>
        </>
      }
    >
      <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {/* The account's address, for password managers that save the new password. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <AuthTextField
          id="reset-password"
          label="New password"
          hint={`At least ${LIMITS.passwordMin} characters`}
          error={form.formState.errors.password?.message}
          registration={form.register('password')}
          type="password"
          autoComplete="new-password"
          maxLength={LIMITS.passwordMax}
        />
        <AuthTextField
          id="reset-confirm"
          label="Confirm password"
          error={form.formState.errors.confirm?.message}
          registration={form.register('confirm')}
          type="password"
          autoComplete="new-password"
          maxLength={LIMITS.passwordMax}
        />
        <AuthSubmit busy={busy} busyText="Saving…">
          Save new password
        </AuthSubmit>
      </form>
    </AuthLayout>
  );
}
