import { type AccessCounter, type RulesDecision } from './engine.js';
import type { RulesRequest } from './firestore-types.js';
import { RulesHolder, type LoadResult } from './rules-file.js';

export interface RulesAuthorizerOptions {
  rulesFile?: string;
  log?: (line: string) => void;
  /** Reload the rules file when it changes (default true when a file is given). */
  watch?: boolean;
  intervalMs?: number;
  /** Also log allowed requests. */
  logAllowed?: boolean;
}

export interface AuthorizeResult {
  allowed: boolean;
  message?: string;
  decision?: RulesDecision;
}

/**
 * The emulator-facing side of the rules engine. Without a rules file every request is allowed,
 * as the official emulator does when firebase.json names no rules; with one that never parsed,
 * every client request is denied with the syntax error.
 */
export class RulesAuthorizer {
  readonly holder: RulesHolder;
  private readonly log: (line: string) => void;
  // Writes of one commit share their lookup object: their document accesses add up to 20.
  private readonly counters = new WeakMap<object, AccessCounter>();

  constructor(private readonly options: RulesAuthorizerOptions = {}) {
    this.log = options.log ?? (() => undefined);
    this.holder = new RulesHolder(options.rulesFile, {
      log: this.log,
      intervalMs: options.intervalMs,
    });
    if (options.rulesFile !== undefined) {
      this.holder.load();
      if (options.watch !== false) this.holder.watch();
    }
  }

  authorize(req: RulesRequest): AuthorizeResult {
    const engine = this.holder.current;
    if (engine === null) {
      if (this.options.rulesFile === undefined) return { allowed: true };
      const message = `No security rules are in force: ${this.holder.error ?? 'the rules file did not load'}`;
      this.log(`PERMISSION_DENIED: ${message}`);
      return { allowed: false, message };
    }
    let counter = this.counters.get(req.lookup);
    if (counter === undefined) {
      counter = { keys: new Set() };
      this.counters.set(req.lookup, counter);
    }
    let decision: RulesDecision;
    try {
      decision = engine.authorize(req, counter);
    } catch (e) {
      const message = `Internal rules engine error for '${req.method}' on ${req.path}: ${(e as Error).message}`;
      this.log(`PERMISSION_DENIED: ${message}`);
      return { allowed: false, message };
    }
    if (!decision.allowed || this.options.logAllowed) this.log(decision.logLine);
    return decision.allowed
      ? { allowed: true, decision }
      : { allowed: false, message: decision.message, decision };
  }

  setRulesSource(source: string): LoadResult {
    const result = this.holder.setSource(source);
    if (result.ok) this.log('rules: loaded rules from the emulator API');
    else
      this.log(
        `rules: ${result.error}${this.holder.current ? ' (keeping the last good rules)' : ''}`,
      );
    return result;
  }

  close(): void {
    this.holder.close();
  }
}
