import { callResendVerificationEmail } from '@/lib/callables';

/** The signed-in applicant asks for a new verification link. */
export async function resendVerificationEmail(): Promise<void> {
  await callResendVerificationEmail({});
}
