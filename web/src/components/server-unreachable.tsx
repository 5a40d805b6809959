import { Alert } from './alert';
import { Button } from './button';
import { ReloadOutlined } from './icons';

/** docs/product.md#81-guard, docs/product.md#121-access, docs/product.md#179-where-failures-lead: what a guard shows when it cannot read the session's data. */
export const SERVER_UNREACHABLE = {
  title: "We can't reach the server right now.",
  text: 'Check your connection, then try again.',
} as const;

/** A full reload: Retry for a session check that reactfire cannot run again (tests watch it). */
export const pageReload = {
  reload(): void {
    window.location.reload();
  },
};

/**
 * A guard's designed failure state: the profile or the ID token could not be read (offline,
 * Firestore or Auth unavailable). The person stays where they are, signed in, with Retry,
 * which reads again what failed: a failed read is never taken for a missing sign-in.
 */
export function ServerUnreachable({
  onRetry,
  retrying = false,
}: {
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <main style={{ maxWidth: 560, margin: '15vh auto 0', padding: '0 16px' }}>
      <Alert
        type="error"
        role="alert"
        title={SERVER_UNREACHABLE.title}
        description={SERVER_UNREACHABLE.text}
        action={
          <Button icon={<ReloadOutlined />} loading={retrying} onClick={onRetry}>
            Retry
          </Button>
        }
      />
    </main>
  );
}
