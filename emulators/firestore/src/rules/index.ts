export {
  RulesEngine,
  SINGLE_ACCESS_LIMIT,
  MULTI_ACCESS_LIMIT,
  type RulesDecision,
  type AccessCounter,
} from './engine.js';
export {
  RulesAuthorizer,
  type RulesAuthorizerOptions,
  type AuthorizeResult,
} from './authorizer.js';
export { RulesHolder, type LoadResult } from './rules-file.js';
export { RulesSyntaxError, RulesEvalError } from './errors.js';
export { parseRules, parseExpression } from './parser.js';
export type * from './firestore-types.js';
