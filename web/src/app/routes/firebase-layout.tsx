import { Outlet } from 'react-router';
import { AuthProvider, FirebaseAppProvider, FunctionsProvider } from 'reactfire';
import { auth, firebaseApp, functions } from '@/lib/firebase';

/** Layout route that brings in Firebase (reactfire providers) for every route that needs it. */
export function Component() {
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <AuthProvider sdk={auth}>
        <FunctionsProvider sdk={functions}>
          <Outlet />
        </FunctionsProvider>
      </AuthProvider>
    </FirebaseAppProvider>
  );
}
