/** An error value in the CEL sense: absorbed by `||` / `&&` when the other side decides. */
export class RulesEvalError extends Error {
  constructor(
    message: string,
    public line = 0,
    public column = 0,
  ) {
    super(message);
    this.name = 'RulesEvalError';
  }
}

/** A syntax error in a rules file, reported as `file:line:column: message`. */
export class RulesSyntaxError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly detail: string,
  ) {
    super(`${file}:${line}:${column}: ${detail}`);
    this.name = 'RulesSyntaxError';
  }
}

export function evalError(message: string): RulesEvalError {
  return new RulesEvalError(message);
}
