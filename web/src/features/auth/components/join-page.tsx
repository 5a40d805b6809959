import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import {
  COMPANY_ROLE_HINTS,
  COMPANY_ROLE_LABELS,
  INVITATION_MESSAGES,
  INVITATION_TOKEN_PATTERN,
  LIMITS,
  loginFormSchema,
  nameText,
  newPasswordSchema,
  type InvitationPreview,
  type LoginForm,
} from '@portal/domain';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { paths } from '@/config/paths';
import { callableErrorMessage } from '@/lib/callable-errors';
import { usePageTitle } from '@/lib/use-page-title';
import { loadAuthApi, loadInvitationPreview } from '../api/load-auth-api';
import { AuthLayout } from './auth-layout';
import { AuthSubmit, AuthTextField, BackHomeLink, SignInForm } from './auth-fields';

/** What the page says while it cannot say anything better. */
export const JOIN_TITLE = 'Join your company';
const JOIN_FAILED = 'Could not accept the invitation. Try again.';
const LOAD_FAILED = 'Could not open the invitation. Check your connection and try again.';

const newAccountSchema = z.object({
  fullName: nameText('Full name', LIMITS.fullName),
  password: newPasswordSchema,
});
type NewAccount = z.infer<typeof newAccountSchema>;

type State =
  | { kind: 'loading' }
  | { kind: 'refused'; message: string }
  | { kind: 'ready'; preview: InvitationPreview; signedInAs: string | null };

/**
 * /join?token=…: the link of an invitation mail (docs/companies.md#members-and-invitations). It
 * says which company invited which address with which role; the invited person then accepts:
 * signed in with that address, with one click; with an account but signed out, after signing in
 * here; without an account, by choosing a name and a password (the link proved the address). A
 * link that is expired, used, withdrawn or not one of ours says so, and nothing changes.
 */
export function JoinPage() {
  usePageTitle('Join');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // A link whose token is not even well-formed was cut or changed: said at once, no call.
  const wellFormed = INVITATION_TOKEN_PATTERN.test(token);
  const [state, setState] = useState<State>(
    wellFormed ? { kind: 'loading' } : { kind: 'refused', message: INVITATION_MESSAGES.notFound },
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!wellFormed) return;
    let live = true;
    (async () => {
      // The invitation is asked for at once; a refusal shows without waiting for the Auth SDK.
      const [preview, account] = await Promise.all([
        loadInvitationPreview().then((api) => api.getInvitation(token)),
        loadAuthApi().then((api) => api.currentAccount()),
      ]);
      if (live) setState({ kind: 'ready', preview, signedInAs: account?.email ?? null });
    })().catch((error: unknown) => {
      if (live) setState({ kind: 'refused', message: callableErrorMessage(error, LOAD_FAILED) });
    });
    return () => {
      live = false;
    };
  }, [token, wellFormed, attempt]);

  function retry() {
    setState({ kind: 'loading' });
    setAttempt((n) => n + 1);
  }

  return (
    <AuthLayout title={JOIN_TITLE} eyebrow="Partner portal" below={<BackHomeLink />}>
      {state.kind === 'loading' && (
        <p className="auth-status auth-join__opening" role="status" aria-busy="true">
          Opening your invitation…
        </p>
      )}
      {state.kind === 'refused' && (
        <div className="auth-verify">
          <Alert type="warning" title={state.message} role="alert" className="auth-alert" />
          {state.message === LOAD_FAILED ? (
            <Button className="auth-button" onClick={retry}>
              Try again
            </Button>
          ) : (
            <Link to={paths.login} className="auth-link-button">
              Go to sign in
            </Link>
          )}
        </div>
      )}
      {state.kind === 'ready' && (
        <Invitation
          token={token}
          preview={state.preview}
          signedInAs={state.signedInAs}
          onSignedIn={(email) => setState({ ...state, signedInAs: email })}
        />
      )}
    </AuthLayout>
  );
}

function Invitation({
  token,
  preview,
  signedInAs,
  onSignedIn,
}: {
  token: string;
  preview: InvitationPreview;
  signedInAs: string | null;
  onSignedIn: (email: string) => void;
}) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sameAddress = signedInAs !== null && sameEmail(signedInAs, preview.email);

  async function accept(account?: NewAccount) {
    setFailure(null);
    setBusy(true);
    try {
      const api = await loadAuthApi();
      await api.acceptInvitation({ token, ...(account ?? {}) });
      // A new account signs in with the password just chosen; the token then names the company.
      if (account) await api.signIn({ email: preview.email, password: account.password });
      navigate(paths.portal, { replace: true });
    } catch (error) {
      setFailure(callableErrorMessage(error, JOIN_FAILED));
      setBusy(false);
    }
  }

  return (
    <div className="auth-join">
      <p className="auth-join__lead">
        {preview.invitedBy ? `${preview.invitedBy} invited ` : 'You are invited: '}
        <strong>{preview.email}</strong> to order with <strong>{preview.companyName}</strong> as{' '}
        <strong>{COMPANY_ROLE_LABELS[preview.role]}</strong>.
      </p>
      <p className="auth-form__aside">{COMPANY_ROLE_HINTS[preview.role]}.</p>
      {failure && <Alert type="error" title={failure} role="alert" className="auth-alert" />}
      {sameAddress ? (
        <Button
          className="auth-button"
          type="primary"
          loading={busy}
          disabled={busy}
          onClick={() => void accept()}
        >
          {busy ? 'Joining…' : `Join ${preview.companyName}`}
        </Button>
      ) : signedInAs !== null ? (
        <SignedInElsewhere signedInAs={signedInAs} onSignedOut={() => window.location.reload()} />
      ) : preview.accountExists ? (
        <SignInToAccept email={preview.email} onSignedIn={onSignedIn} />
      ) : (
        <NewAccountForm email={preview.email} busy={busy} onSubmit={(v) => void accept(v)} />
      )}
    </div>
  );
}

function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Signed in as another address: the invitation is not theirs to accept. */
function SignedInElsewhere({
  signedInAs,
  onSignedOut,
}: {
  signedInAs: string;
  onSignedOut: () => void;
}) {
  return (
    <div className="auth-verify">
      <Alert
        type="warning"
        role="status"
        className="auth-alert"
        title={INVITATION_MESSAGES.otherAddress}
        description={`You are signed in as ${signedInAs}.`}
      />
      <Button
        className="auth-button"
        onClick={() =>
          void loadAuthApi()
            .then((api) => api.signOutUser())
            .then(onSignedOut)
        }
      >
        Sign out
      </Button>
    </div>
  );
}

/** The invited address has an account: sign in here, then join. */
function SignInToAccept({
  email,
  onSignedIn,
}: {
  email: string;
  onSignedIn: (email: string) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email, password: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const user = await (await loadAuthApi()).signIn(values);
      onSignedIn(user.email ?? values.email);
    } catch {
      setFailure('Sign-in failed. Check your email and password.');
    }
  });
  return (
    <>
      <p className="auth-form__aside">You already have an account: sign in to join.</p>
      {failure && <Alert type="error" title={failure} role="alert" className="auth-alert" />}
      <SignInForm form={form} onSubmit={onSubmit} idPrefix="join" emailAutoComplete="email" />
    </>
  );
}

/** No account yet: a name and a password make one (the link proved the address). */
function NewAccountForm({
  email,
  busy,
  onSubmit,
}: {
  email: string;
  busy: boolean;
  onSubmit: (account: NewAccount) => void;
}) {
  const form = useForm<NewAccount>({
    resolver: zodResolver(newAccountSchema),
    defaultValues: { fullName: '', password: '' },
  });
  const { errors } = form.formState;
  return (
    <form
      className="auth-form"
      onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
      noValidate
    >
      <p className="auth-form__aside">
        Create your sign-in for <strong>{email}</strong>.
      </p>
      <AuthTextField
        id="join-name"
        label="Full name"
        error={errors.fullName?.message}
        registration={form.register('fullName')}
        autoComplete="name"
        maxLength={LIMITS.fullName}
      />
      <AuthTextField
        id="join-password"
        label="Password"
        hint={`At least ${LIMITS.passwordMin} characters`}
        error={errors.password?.message}
        registration={form.register('password')}
        type="password"
        autoComplete="new-password"
      />
      <AuthSubmit busy={busy} busyText="Joining…">
        Create account and join
      </AuthSubmit>
    </form>
  );
}
