import type { RValue } from './values.js';

export interface Pos {
  line: number;
  column: number;
}

export type BinaryOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | '+' | '-' | '*' | '/' | '%' | 'in';

/** One segment of a path literal: text and `$(expr)` parts, concatenated. */
export type PathPart = string | Expr;

export type Expr = Pos &
  (
    | { kind: 'lit'; value: RValue }
    | { kind: 'ident'; name: string }
    | { kind: 'member'; object: Expr; name: string }
    | { kind: 'index'; object: Expr; index: Expr }
    | { kind: 'slice'; object: Expr; from: Expr | null; to: Expr | null }
    | { kind: 'call'; callee: Expr; args: Expr[] }
    | { kind: 'unary'; op: '!' | '-'; operand: Expr }
    | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr }
    | { kind: 'and'; left: Expr; right: Expr }
    | { kind: 'or'; left: Expr; right: Expr }
    | { kind: 'cond'; test: Expr; then: Expr; otherwise: Expr }
    | { kind: 'is'; operand: Expr; typeName: string }
    | { kind: 'list'; items: Expr[] }
    | { kind: 'map'; entries: { key: Expr; value: Expr }[] }
    | { kind: 'path'; segments: PathPart[][] }
  );

export interface LetBinding extends Pos {
  name: string;
  expr: Expr;
}

export interface FunctionDecl extends Pos {
  name: string;
  params: string[];
  lets: LetBinding[];
  body: Expr;
}

export type AllowMethod = 'get' | 'list' | 'create' | 'update' | 'delete' | 'read' | 'write';

export interface AllowStmt extends Pos {
  methods: AllowMethod[];
  condition: Expr | null;
}

export type PatternSegment =
  | { kind: 'literal'; text: string }
  | { kind: 'single'; name: string }
  | { kind: 'rest'; name: string };

export interface MatchBlock extends Pos {
  pattern: PatternSegment[];
  functions: FunctionDecl[];
  allows: AllowStmt[];
  children: MatchBlock[];
}

export interface RulesetAst {
  version: string | null;
  service: string;
  functions: FunctionDecl[];
  matches: MatchBlock[];
}

/** The services a ruleset can be written for: Firestore's, or Cloud Storage's (storage.rules). */
export type RulesService = 'cloud.firestore' | 'firebase.storage';
