/** What the front ends share: the API operations, the rules seam, and logging. */
import type { FirestoreService } from '../engine/firestore-service.js';
import type { TriggerDispatcher } from '../triggers/index.js';
import type { Authorizer } from '../engine/authorizer.js';

export interface EmulatorContext {
  service: FirestoreService;
  authorizer(): Authorizer;
  log(line: string): void;
  /** Firestore triggers registered by the Functions emulator (absent in bare setups). */
  triggers?: TriggerDispatcher;
  /** `POST /reset`: clears every project (and reloads the seed); without it, just clears. */
  reset?: () => void;
}
