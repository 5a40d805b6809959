import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { RulesEngine } from './engine.js';
import { RulesSyntaxError } from './errors.js';

export type LoadResult = { ok: true } | { ok: false; error: string };

export interface RulesFileOptions {
  /** Where reload messages and syntax errors go. */
  log?: (line: string) => void;
  /** Poll interval for the file watch, in ms. */
  intervalMs?: number;
}

/** What identifies one version of the file on disk. */
function fileVersion(file: string): string | null {
  try {
    const stat = statSync(file);
    return `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  } catch {
    return null;
  }
}

/**
 * Holds the current rules. Loads a rules file, watches it (stat polling: it survives editors that
 * replace the file), and on a bad edit keeps the last good rules and logs `file:line:column`.
 * The version seen is recorded synchronously at each load and compared on every poll, so an
 * edit made right after start-up is never taken as the baseline.
 */
export class RulesHolder {
  private engine: RulesEngine | null = null;
  private timer: NodeJS.Timeout | null = null;
  private loadedVersion: string | null = null;
  private readonly log: (line: string) => void;
  private lastError: string | null = null;

  constructor(
    readonly file: string | undefined,
    private readonly options: RulesFileOptions = {},
  ) {
    this.log = options.log ?? (() => undefined);
  }

  /** The rules in force, or null when none ever loaded. */
  get current(): RulesEngine | null {
    return this.engine;
  }

  /** The syntax error of the last failed load, if the last load failed. */
  get error(): string | null {
    return this.lastError;
  }

  /** Parses `source` and, when it is valid, puts it in force. */
  setSource(source: string, name = this.file ?? 'firestore.rules'): LoadResult {
    try {
      this.engine = RulesEngine.fromSource(source, name);
      this.lastError = null;
      return { ok: true };
    } catch (e) {
      if (!(e instanceof RulesSyntaxError)) throw e;
      this.lastError = e.message;
      return { ok: false, error: e.message };
    }
  }

  /** (Re)reads the file. */
  load(): LoadResult {
    if (this.file === undefined) return { ok: false, error: 'no rules file configured' };
    this.loadedVersion = fileVersion(this.file);
    let source: string;
    try {
      source = readFileSync(this.file, 'utf8');
    } catch (e) {
      const error = `${this.file}: cannot read the rules file: ${(e as Error).message}`;
      this.lastError = error;
      this.log(`rules: ${error}${this.engine ? ' (keeping the last good rules)' : ''}`);
      return { ok: false, error };
    }
    const result = this.setSource(source, this.file);
    if (result.ok) this.log(`rules: loaded ${this.file}`);
    else
      this.log(
        `rules: ${result.error}${this.engine ? ' (keeping the last good rules)' : ' (no rules in force: every client request is denied)'}`,
      );
    return result;
  }

  /** Reloads the file whenever it changes. */
  watch(): void {
    if (this.file === undefined || this.timer) return;
    const file = this.file;
    this.timer = setInterval(() => {
      if (fileVersion(file) === this.loadedVersion) return;
      this.log(`rules: ${basename(file)} changed, reloading`);
      this.load();
    }, this.options.intervalMs ?? 250);
    this.timer.unref();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
