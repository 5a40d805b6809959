import type { ForgotPasswordForm } from '@portal/domain';
import { callRequestPasswordReset } from '@/lib/callables';

/**
 * Asks for a password reset link (the form has been validated with forgotPasswordFormSchema, so
 * the address is trimmed). The server answers the same whether or not the account exists.
 */
export async function requestPasswordReset({ email }: ForgotPasswordForm): Promise<void> {
  await callRequestPasswordReset({ email: email.trim() });
}
