/**
 * The Firebase side of the sign-in and application forms (Auth, the profile read, the callables),
 * one chunk fetched when a form is first used, not with the page: a visitor who only looks at
 * /login loads no Firebase. `preloadAuthApi` starts the fetch when a person starts filling a
 * form, so a submit rarely waits for it.
 */
export function loadAuthApi() {
  return import('./auth-api');
}

export type AuthApi = Awaited<ReturnType<typeof loadAuthApi>>;

export function preloadAuthApi(): void {
  // A failed fetch (offline) is reported by the submit that needs it.
  loadAuthApi().catch(() => undefined);
}

/**
 * The invitation page's first call (invitation-preview.ts): Firebase app and Functions only, so
 * the invitation is asked for while the Auth SDK still downloads.
 */
export function loadInvitationPreview() {
  return import('./invitation-preview');
}
