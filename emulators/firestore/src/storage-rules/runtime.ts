/**
 * A Java-free stand-in for firebase-tools' Cloud Storage rules runtime
 * (cloud-storage-rules-runtime-*.jar), speaking its JSON-lines protocol on stdin/stdout
 * (firebase-tools: lib/emulator/storage/rules/runtime.js, class StorageRulesRuntime):
 *
 * - At start we print `{"id":-1,"status":"ok"}`: firebase-tools waits for request id -1.
 * - `{"action":"load_ruleset","id":N,"context":{"rulesetName","source":{"files":[{name,content}]}}}`
 *   -> `{"id":N,"status":"ok","result":{"rulesVersion":2},"errors":[],"warnings":[]}`, or, for a
 *   file that does not parse, `errors` holds one JSON-encoded issue
 *   `{"description_","sourcePosition_":{"fileName_","line_","column_"},"severity_":"ERROR"}`,
 *   which firebase-tools prints as "<description> in <file>:<line>".
 * - `{"action":"verify","id":N,"context":{"rulesetName","service":"firebase.storage","path",
 *   "method","delimiter","variables":{"request","resource"}}}` -> `{"id":N,"status":"ok",
 *   "result":{"permit":true|false},"errors":[],"warnings":[]}`.
 * - When a rule calls firestore.get()/exists() for a document not fetched yet, we answer the
 *   verify with a request of our own, `{"id":N,"server_request_id":N,"status":"ok",
 *   "action":"fetch_firestore_document","context":{"path":"/databases/(default)/documents/..."}}`;
 *   firebase-tools reads the document from the Firestore emulator and replies
 *   `{"id":N,"status":"ok"|"not_found","result":{"name","fields"},...}` (no "action"), and we
 *   evaluate the verify again with that document, until it is decided.
 * Lines we cannot read are answered with an error, never by exiting.
 */
import type { Fields } from '../rules/firestore-types.js';
import { RulesSyntaxError } from '../rules/errors.js';
import {
  DocumentNeeded,
  StorageRulesEngine,
  type StorageRulesDecision,
} from '../rules/storage-engine.js';
import type { RValue } from '../rules/values.js';
import { fromExpressionValue } from './expression-values.js';

export interface RuntimeReply {
  id: number;
  status: 'ok' | 'error';
  result?: unknown;
  errors: string[];
  warnings: string[];
  action?: string;
  server_request_id?: number;
  context?: unknown;
  message?: string;
}

interface PendingVerify {
  ruleset: StorageRulesEngine;
  context: VerifyContext;
  documents: Map<string, Fields | null>;
  waitingFor: string;
}

interface VerifyContext {
  rulesetName?: unknown;
  service?: unknown;
  path?: unknown;
  method?: unknown;
  variables?: { request?: unknown; resource?: unknown };
}

/** A parse error as the issue firebase-tools expects (it reads description_ and sourcePosition_). */
function issue(description: string, fileName: string, line: number, column: number): string {
  return JSON.stringify({
    description_: description,
    sourcePosition_: { fileName_: fileName, line_: line, column_: column },
    severity_: 'ERROR',
  });
}

export interface StorageRulesRuntimeOptions {
  /** Writes one line of output (without the newline). */
  send: (line: string) => void;
  /** A notice about input that was ignored (firebase-tools logs non-JSON output lines). */
  log?: (line: string) => void;
  /** A decision, for a debug log; default none. */
  onDecision?: (path: string, method: string, decision: StorageRulesDecision) => void;
}

export class StorageRulesRuntime {
  private readonly rulesets = new Map<string, StorageRulesEngine>();
  private readonly pending = new Map<number, PendingVerify>();

  constructor(private readonly options: StorageRulesRuntimeOptions) {}

  /** The startup handshake firebase-tools waits for (request id -1). */
  start(): void {
    this.reply({ id: -1, status: 'ok', errors: [], warnings: [] });
  }

  /** Handles one input line. */
  handleLine(line: string): void {
    const text = line.trim();
    if (text === '') return;
    let message: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        throw new Error('not an object');
      }
      message = parsed as Record<string, unknown>;
    } catch {
      this.options.log?.(`storage rules runtime: ignored a line that is not JSON: ${text}`);
      return;
    }
    const id = typeof message['id'] === 'number' ? message['id'] : NaN;
    if (!Number.isInteger(id)) {
      this.options.log?.(`storage rules runtime: ignored a message without a numeric id: ${text}`);
      return;
    }
    const action = message['action'];
    if (action === undefined) {
      this.documentArrived(id, message);
      return;
    }
    if (action === 'load_ruleset') {
      this.loadRuleset(id, message['context'] as { rulesetName?: unknown; source?: unknown });
    } else if (action === 'verify') {
      this.verify(id, (message['context'] ?? {}) as VerifyContext);
    } else {
      this.fail(id, `Unknown action ${JSON.stringify(action)}.`);
    }
  }

  private reply(reply: RuntimeReply): void {
    this.options.send(JSON.stringify(reply));
  }

  private fail(id: number, error: string): void {
    this.reply({ id, status: 'ok', errors: [error], warnings: [] });
  }

  private loadRuleset(
    id: number,
    context: { rulesetName?: unknown; source?: unknown } | undefined,
  ) {
    const name = context?.rulesetName;
    const files = (
      context?.source as { files?: { name?: unknown; content?: unknown }[] } | undefined
    )?.files;
    const file = files?.[0];
    if (typeof name !== 'string' || typeof file?.content !== 'string') {
      this.fail(id, 'load_ruleset needs context.rulesetName and context.source.files[0].content.');
      return;
    }
    const fileName = typeof file.name === 'string' ? file.name : 'storage.rules';
    try {
      const engine = StorageRulesEngine.fromSource(file.content, fileName);
      this.rulesets.set(name, engine);
      this.reply({
        id,
        status: 'ok',
        result: { rulesVersion: engine.rulesVersion },
        errors: [],
        warnings: [],
      });
    } catch (e) {
      if (!(e instanceof RulesSyntaxError)) throw e;
      this.reply({
        id,
        status: 'ok',
        errors: [issue(e.detail, e.file, e.line, e.column)],
        warnings: [],
      });
    }
  }

  private verify(id: number, context: VerifyContext): void {
    const name = context.rulesetName;
    const ruleset = typeof name === 'string' ? this.rulesets.get(name) : undefined;
    if (ruleset === undefined) {
      this.fail(id, `No ruleset named ${JSON.stringify(name)} is loaded.`);
      return;
    }
    if (context.service !== undefined && context.service !== 'firebase.storage') {
      this.fail(id, `Unsupported service ${JSON.stringify(context.service)}.`);
      return;
    }
    if (typeof context.path !== 'string' || typeof context.method !== 'string') {
      this.fail(id, 'verify needs context.path and context.method.');
      return;
    }
    this.decide(id, { ruleset, context, documents: new Map(), waitingFor: '' });
  }

  private decide(id: number, state: PendingVerify): void {
    const { context } = state;
    let request: RValue;
    let resource: RValue;
    try {
      request = fromExpressionValue(context.variables?.request ?? { null_value: null });
      resource = fromExpressionValue(context.variables?.resource ?? { null_value: null });
    } catch (e) {
      this.fail(id, `Invalid variables: ${(e as Error).message}`);
      return;
    }
    const path = context.path as string;
    const method = context.method as string;
    let decision: StorageRulesDecision;
    try {
      decision = state.ruleset.authorize({
        path,
        method,
        request,
        resource,
        documents: state.documents,
      });
    } catch (e) {
      if (e instanceof DocumentNeeded) {
        state.waitingFor = e.path;
        this.pending.set(id, state);
        this.reply({
          id,
          server_request_id: id,
          status: 'ok',
          action: 'fetch_firestore_document',
          context: { path: e.path },
          errors: [],
          warnings: [],
        });
        return;
      }
      this.fail(id, (e as Error).message);
      return;
    }
    this.options.onDecision?.(path, method, decision);
    this.reply({
      id,
      status: 'ok',
      result: { permit: decision.allowed },
      errors: [],
      warnings: [],
    });
  }

  private documentArrived(id: number, message: Record<string, unknown>): void {
    const state = this.pending.get(id);
    if (state === undefined) {
      this.options.log?.(`storage rules runtime: no request ${id} is waiting for a document.`);
      return;
    }
    this.pending.delete(id);
    const result = message['result'] as { fields?: Fields } | undefined;
    const found = message['status'] === 'ok' && result !== undefined;
    state.documents.set(state.waitingFor, found ? (result.fields ?? {}) : null);
    this.decide(id, state);
  }
}
