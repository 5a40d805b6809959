import type { RunningStack } from '../../../scripts/lib/stack';

/** What the global setup hands to every journey (vitest `provide` / `inject`). */
export interface StackInfo {
  /** The stack's own URLs (MailDev's REST API included: scripts/lib/maildev.ts). */
  urls: RunningStack['urls'];
  projectId: string;
  /** The stack's App Check debug token (what `npm start` prints). */
  appCheckDebugToken: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
    browserWsEndpoint: string;
  }
}
