/** What the front ends share: the API operations, the rules seam, and logging. */
import type { FirestoreService } from '../engine/firestore-service.js';
import type { TriggerDispatcher } from '../triggers/index.js';
import type { Authorizer } from '../engine/authorizer.js';
import type { ExportFormat } from '../store/export-layout.js';

export interface EmulatorContext {
  service: FirestoreService;
  authorizer(): Authorizer;
  log(line: string): void;
  /** Firestore triggers registered by the Functions emulator (absent in bare setups). */
  triggers?: TriggerDispatcher;
  /** What the export endpoint writes (default 'native'). */
  exportFormat?: ExportFormat;
  /** `POST /reset`: clears every project (and reloads the seed); without it, just clears. */
  reset?: () => void;
}
