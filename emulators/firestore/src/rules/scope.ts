import type { FunctionDecl } from './ast.js';
import type { RValue } from './values.js';

/** A lazily evaluated `let` binding; errors surface only when the variable is used. */
export class Thunk {
  private state: 'new' | 'done' | 'failed' = 'new';
  private value: RValue = null;
  private error: unknown = null;

  constructor(private readonly compute: () => RValue) {}

  force(): RValue {
    if (this.state === 'done') return this.value;
    if (this.state === 'failed') throw this.error;
    try {
      this.value = this.compute();
      this.state = 'done';
      return this.value;
    } catch (e) {
      this.error = e;
      this.state = 'failed';
      throw e;
    }
  }
}

export type Binding = RValue | Thunk;

export class Scope {
  constructor(
    readonly vars: Map<string, Binding>,
    readonly parent: Scope | null = null,
  ) {}

  lookup(name: string): Binding | undefined {
    const own = this.vars.get(name);
    if (own !== undefined) return own;
    return this.parent === null ? undefined : this.parent.lookup(name);
  }
}

/** User functions visible at an allow statement: innermost match block first. */
export class FunctionTable {
  constructor(
    readonly functions: ReadonlyMap<string, FunctionDecl>,
    readonly parent: FunctionTable | null = null,
  ) {}

  resolve(name: string): FunctionDecl | undefined {
    const own = this.functions.get(name);
    if (own !== undefined) return own;
    return this.parent === null ? undefined : this.parent.resolve(name);
  }
}
