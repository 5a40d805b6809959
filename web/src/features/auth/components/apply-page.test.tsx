import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationForm } from '@portal/domain';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { ApplyPage } from './apply-page';

const api = vi.hoisted(() => ({
  submitApplication: vi.fn<(form: ApplicationForm) => Promise<void>>(),
  AccountCreationError: class AccountCreationError extends Error {
    constructor(cause: unknown) {
      super('account', { cause });
    }
  },
  ProfileSaveError: class ProfileSaveError extends Error {},
}));
vi.mock('../api/sign-up', () => api);

function renderApply() {
  return renderWithProviders(<ApplyPage />, {
    shell: 'public',
    route: '/apply',
    routes: [
      { path: '/', element: <h1>Home page</h1> },
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/forgot-password', element: <h1>Forgot password page</h1> },
    ],
  });
}

async function fillForm(type: 'Retailer' | 'Wholesaler' = 'Wholesaler') {
  await userEvent.type(screen.getByLabelText('Full Name'), 'Ada Lovelace');
  await userEvent.type(screen.getByLabelText('Store Name'), 'Cloud Nine Smoke');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@cloudnine.test');
  await userEvent.type(screen.getByLabelText('Password'), 'secret12');
  await userEvent.type(screen.getByLabelText('Seller Permit Number'), 'SP-123456');
  await userEvent.click(screen.getByRole('radio', { name: new RegExp(type) }));
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));

beforeEach(() => {
  api.submitApplication.mockReset().mockResolvedValue(undefined);
});

describe('ApplyPage', () => {
  it('shows Request Access with a label for every field and a link to /login', async () => {
    const { router } = renderApply();
    expect(screen.getByRole('heading', { level: 1, name: 'Request Access' })).toBeInTheDocument();
    for (const label of ['Full Name', 'Store Name', 'Email', 'Password', 'Seller Permit Number']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('group', { name: 'Business Type' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Retailer/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /Wholesaler/ })).not.toBeChecked();
    await userEvent.click(screen.getByRole('link', { name: 'Log in' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows an inline message for every empty field and sends nothing', async () => {
    renderApply();
    await submit();
    for (const message of [
      'Full name is required',
      'Store name is required',
      'Email is required',
      'Password is required',
      'Seller permit number is required',
      'Choose retailer or wholesaler',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Full Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Full Name')).toHaveAccessibleDescription('Full name is required');
    for (const choice of [/Retailer/, /Wholesaler/]) {
      const radio = screen.getByRole('radio', { name: choice });
      expect(radio).toHaveAttribute('aria-invalid', 'true');
      expect(radio).toHaveAccessibleDescription('Choose retailer or wholesaler');
    }
    // The first field with a problem takes the focus.
    expect(screen.getByLabelText('Full Name')).toHaveFocus();
    expect(api.submitApplication).not.toHaveBeenCalled();
  });

  it('checks the email and the password length', async () => {
    renderApply();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), '12345');
    await submit();
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(api.submitApplication).not.toHaveBeenCalled();
  });

  it('refuses control and text-direction characters in the names, and sends nothing', async () => {
    renderApply();
    await fillForm('Retailer');
    const store = screen.getByLabelText('Store Name');
    await userEvent.clear(store);
    await userEvent.type(store, 'Shop \u202egnp.exe');
    await submit();
    expect(
      await screen.findByText('Store name cannot contain special characters'),
    ).toBeInTheDocument();
    expect(api.submitApplication).not.toHaveBeenCalled();
  });

  it("submits the application and shows 'Application Submitted!' with the review time", async () => {
    const { router } = renderApply();
    await fillForm('Wholesaler');
    await submit();
    await expectToast(
      'Application Submitted!',
      "We'll review your application and notify you when approved.",
    );
    expect(api.submitApplication).toHaveBeenCalledWith({
      fullName: 'Ada Lovelace',
      storeName: 'Cloud Nine Smoke',
      email: 'ada@cloudnine.test',
      password: 'secret12',
      sellerPermitId: 'SP-123456',
      businessType: 'wholesaler',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Application Submitted!' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/24-48 hours/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Return to Home' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it("shows 'Application Error' with a friendly text when the email is taken", async () => {
    api.submitApplication.mockRejectedValue(
      new api.AccountCreationError(
        Object.assign(new Error('Firebase: Error (auth/email-already-in-use).'), {
          code: 'auth/email-already-in-use',
        }),
      ),
    );
    renderApply();
    await fillForm('Retailer');
    await submit();
    await expectToast('Application Error', 'An account with this email already exists.');
    expect(screen.getByRole('heading', { level: 1, name: 'Request Access' })).toBeInTheDocument();
  });

  it('links a taken email to sign in and to the password reset, on the page', async () => {
    api.submitApplication.mockRejectedValue(
      new api.AccountCreationError(
        Object.assign(new Error('Firebase: Error (auth/email-already-in-use).'), {
          code: 'auth/email-already-in-use',
        }),
      ),
    );
    const { router } = renderApply();
    await fillForm('Retailer');
    await submit();
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('An account with this email already exists.');
    expect(within(notice).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await userEvent.click(within(notice).getByRole('link', { name: 'reset your password' }));
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('shows no sign-in links for other sign-up errors', async () => {
    api.submitApplication.mockRejectedValue(
      new api.AccountCreationError(
        Object.assign(new Error('Firebase: Error (auth/weak-password).'), {
          code: 'auth/weak-password',
        }),
      ),
    );
    renderApply();
    await fillForm();
    await submit();
    await expectToast('Application Error', 'Password must be at least 6 characters.');
    expect(screen.queryByRole('link', { name: 'reset your password' })).not.toBeInTheDocument();
  });

  it("shows 'Application Error' with the server's message", async () => {
    api.submitApplication.mockRejectedValue(
      new api.AccountCreationError(
        Object.assign(
          new Error(
            'Firebase: Sign-ups are paused for maintenance (auth/admin-restricted-operation).',
          ),
          {
            code: 'auth/admin-restricted-operation',
          },
        ),
      ),
    );
    renderApply();
    await fillForm();
    await submit();
    await expectToast('Application Error', 'Sign-ups are paused for maintenance');
  });

  it("shows the catch-all 'Application Error' for anything else", async () => {
    api.submitApplication.mockRejectedValue(new TypeError('boom'));
    renderApply();
    await fillForm();
    await submit();
    await expectToast('Application Error', 'Something went wrong. Please try again.');
  });

  it("shows 'Profile Error' when the profile cannot be saved", async () => {
    api.submitApplication.mockRejectedValue(new api.ProfileSaveError('denied'));
    renderApply();
    await fillForm();
    await submit();
    await expectToast('Profile Error', 'There was an issue saving your profile information.');
    expect(
      screen.queryByText('Application Submitted!', { selector: 'h1' }),
    ).not.toBeInTheDocument();
  });

  it('disables the submit button while sending', async () => {
    let finish: () => void = () => undefined;
    api.submitApplication.mockReturnValue(new Promise<void>((resolve) => (finish = resolve)));
    renderApply();
    await fillForm();
    await submit();
    expect(await screen.findByRole('button', { name: /submitting/i })).toBeDisabled();
    await act(async () => finish());
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Application Submitted!' })).toBeInTheDocument(),
    );
  });
});
