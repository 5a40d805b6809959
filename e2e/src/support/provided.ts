import { inject } from 'vitest';
import type { RunningStack } from '../../../scripts/lib/stack';
import { workerIndex } from '../../../test-support/worker-stack';

/** What the global setup hands to every journey about one stack (vitest `provide` / `inject`). */
export interface StackInfo {
  /** The stack's own URLs (MailDev's REST API included: scripts/lib/maildev.ts). */
  urls: RunningStack['urls'];
  projectId: string;
  /** The stack's App Check debug token (what `npm start` prints). */
  appCheckDebugToken: string;
  /** True when the stack serves a production build of the web app (the default for e2e). */
  productionBuild: boolean;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One stack per vitest worker that runs journeys: two running at once never share one. */
    stacks: StackInfo[];
  }
}

/** The stack of the worker running this journey (test-support/worker-stack.ts). */
export function thisStack(): StackInfo {
  const stacks = inject('stacks');
  return stacks[workerIndex(stacks.length)] as StackInfo;
}
