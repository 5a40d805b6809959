import { signInWithEmailAndPassword, type User } from 'firebase/auth';
import type { LoginForm } from '@portal/domain';
import { auth } from '@/lib/firebase';

/** Signs in with email and password (the form has been validated with loginFormSchema). */
export async function signIn({ email, password }: LoginForm): Promise<User> {
  const credential = await signInWithEmailAndPassword(auth, email.trim(), password);
  return credential.user;
}
