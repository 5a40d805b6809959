import { onAuthStateChanged } from 'firebase/auth';
import { useLayoutEffect } from 'react';
import { Outlet } from 'react-router';
import { AuthProvider, FirebaseAppProvider } from 'reactfire';
import { auth, firebaseApp } from '@/lib/firebase';
import { noteFirstCommit } from '@/lib/first-paint';
import { noteSignedInAccount } from '../app-query-client';

// Another account signing in on this tab starts from an empty cache (app-query-client.ts).
onAuthStateChanged(auth, (user) => noteSignedInAccount(user?.uid ?? null));

/** Layout route that brings in Firebase (reactfire providers) for every route that needs it. */
export function Component() {
  useLayoutEffect(noteFirstCommit, []);
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <AuthProvider sdk={auth}>
        <Outlet />
      </AuthProvider>
    </FirebaseAppProvider>
  );
}
