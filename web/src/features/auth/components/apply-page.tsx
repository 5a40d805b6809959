import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { applicationFormSchema, LIMITS, type ApplicationForm } from '@portal/domain';
import { Alert } from '@/components/alert';
import { StatusIcon } from '@/components/status-icon';
import { paths } from '@/config/paths';
import { useNotify } from '@/lib/notify';
import { usePageTitle } from '@/lib/use-page-title';
import { loadAuthApi, preloadAuthApi, type AuthApi } from '../api/load-auth-api';
import { authErrorText, isEmailInUse } from '../lib/auth-errors';
import { AuthLayout } from './auth-layout';
import { AUTH_TOASTS } from './auth-toasts';
import { AuthTextField, AuthSubmit, BackHomeLink } from './auth-fields';

const BUSINESS_TYPES = [
  { value: 'retailer', label: 'Retailer', hint: 'Smokeshop or store' },
  { value: 'wholesaler', label: 'Wholesaler', hint: 'Distributor, buying in volume' },
] as const;

const homeLink = <BackHomeLink />;

/**
 * /apply, Request Access (docs/product.md#5-request-access-apply, docs/product.md#152-sign-up-flow, docs/product.md#16-validation-rules, docs/product.md#171-request-access): every field required, business type
 * retailer or wholesaler; the account is created, its profile saved as pending, and the
 * applicant sees 'Application Submitted!'. An address that already has an account gets the
 * error toast and, above the form, links to sign in and to reset the password.
 */
export function ApplyPage() {
  usePageTitle('Request Access');
  const notify = useNotify();
  const [submitted, setSubmitted] = useState(false);
  // The address already has an account: the page offers sign-in and a password reset.
  const [emailInUse, setEmailInUse] = useState(false);
  const form = useForm<ApplicationForm>({
    resolver: zodResolver(applicationFormSchema),
    defaultValues: { fullName: '', storeName: '', email: '', password: '', sellerPermitId: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    let api: AuthApi | undefined;
    setEmailInUse(false);
    try {
      api = await loadAuthApi();
      await api.submitApplication(values);
      setSubmitted(true);
      notify.success(...AUTH_TOASTS.applicationSubmitted);
    } catch (error) {
      if (api && error instanceof api.ProfileSaveError)
        notify.error(...AUTH_TOASTS.profileSaveError);
      else if (api && error instanceof api.AccountCreationError) {
        notify.error(AUTH_TOASTS.applicationError, authErrorText(error.cause));
        if (isEmailInUse(error.cause)) setEmailInUse(true);
      } else notify.error(...AUTH_TOASTS.applicationCatchAll);
    }
  });

  if (submitted) {
    return (
      <AuthLayout title="Application Submitted!" icon={<StatusIcon kind="success" />}>
        <div className="auth-submitted">
          <p className="auth-submitted__note">
            We&apos;ll review your application and notify you when approved. Review usually takes
            24-48 hours.
          </p>
          <div className="auth-submitted__actions">
            <Link to={paths.home} className="auth-link-button">
              Return to Home
            </Link>
          </div>
        </div>
      </AuthLayout>
    );
  }

  const busy = form.formState.isSubmitting;
  const businessTypeError = form.formState.errors.businessType?.message;

  return (
    <AuthLayout
      wide
      title="Request Access"
      eyebrow="Become a partner"
      subtitle="Apply for wholesale pricing. We review every application within 24-48 hours."
      below={homeLink}
    >
      <form
        className="auth-form"
        onSubmit={(event) => void onSubmit(event)}
        onFocus={preloadAuthApi}
        noValidate
      >
        {emailInUse && (
          <Alert
            className="auth-alert"
            type="warning"
            icon={<StatusIcon kind="warning" size={18} />}
            title={authErrorText({ code: 'auth/email-already-in-use' })}
            description={
              <>
                Is it yours? <Link to={paths.login}>Sign in</Link>, or{' '}
                <Link to={paths.forgotPassword}>reset your password</Link> if you don&apos;t
                remember it.
              </>
            }
            role="status"
          />
        )}
        <div className="auth-form__grid">
          <AuthTextField
            id="apply-full-name"
            label="Full Name"
            error={form.formState.errors.fullName?.message}
            registration={form.register('fullName')}
            type="text"
            autoComplete="name"
            maxLength={LIMITS.fullName}
          />
          <AuthTextField
            id="apply-store-name"
            label="Store Name"
            error={form.formState.errors.storeName?.message}
            registration={form.register('storeName')}
            type="text"
            autoComplete="organization"
            maxLength={LIMITS.storeName}
          />
          <AuthTextField
            id="apply-email"
            label="Email"
            error={form.formState.errors.email?.message}
            registration={form.register('email')}
            type="email"
            autoComplete="email"
            maxLength={LIMITS.email}
          />
          <AuthTextField
            id="apply-password"
            label="Password"
            hint={`At least ${LIMITS.passwordMin} characters`}
            error={form.formState.errors.password?.message}
            registration={form.register('password')}
            type="password"
            autoComplete="new-password"
            maxLength={LIMITS.passwordMax}
          />
        </div>
        <AuthTextField
          id="apply-seller-permit"
          label="Seller Permit Number"
          error={form.formState.errors.sellerPermitId?.message}
          registration={form.register('sellerPermitId')}
          type="text"
          maxLength={LIMITS.sellerPermitId}
        />
        <fieldset
          className="auth-fieldset"
          aria-describedby={businessTypeError ? 'apply-business-type-error' : undefined}
        >
          <legend className="auth-fieldset__legend">Business Type</legend>
          <Controller
            control={form.control}
            name="businessType"
            render={({ field }) => (
              <div className="auth-choice">
                {BUSINESS_TYPES.map((type, index) => (
                  <label key={type.value} className="auth-choice__option">
                    <input
                      // The first choice takes the focus when the form finds no business type.
                      ref={index === 0 ? field.ref : undefined}
                      type="radio"
                      className="auth-choice__input"
                      name={field.name}
                      value={type.value}
                      checked={field.value === type.value}
                      onChange={() => field.onChange(type.value)}
                      onBlur={field.onBlur}
                      aria-invalid={!!businessTypeError}
                      aria-describedby={businessTypeError ? 'apply-business-type-error' : undefined}
                    />
                    <span className="auth-choice__text">
                      <span className="auth-choice__label">{type.label}</span>
                      <span className="auth-choice__hint">{type.hint}</span>
                    </span>
                  </label>
                ))}
              </div>
            )}
          />
          {businessTypeError && (
            <p id="apply-business-type-error" className="auth-field__error" role="alert">
              {businessTypeError}
            </p>
          )}
        </fieldset>
        <AuthSubmit busy={busy} busyText="Submitting…">
          Submit Application
        </AuthSubmit>
      </form>
      <p className="auth-card__switch">
        Already approved? <Link to={paths.login}>Log in</Link>
      </p>
    </AuthLayout>
  );
}
